/*
 * Declarations: one annotated line for each D_* tag the checker raises
 * for typedefs, structs, unions, enums and inlines, with DTrace's tag and
 * wording (messages.go). See tags_test.go.
 */
typedef unsigned long tagulong_t;
typedef int tagulong_t;			/* ERROR D_DECL_IDRED "typedef redeclared: tagulong_t" */

enum tagcolor { TAGRED, TAGGREEN };
enum tagshade { TAGRED };		/* ERROR D_DECL_IDRED "identifier redeclared: TAGRED" */
enum tagbad { TAGX = "x" };		/* ERROR D_DECL_ENCONST "enumerator 'TAGX' must be assigned to an integral constant expression" */

struct tagpair { int a; int b; };
struct tagfwd;
struct tagbad1 { struct tagfwd f; };	/* ERROR D_DECL_INCOMPLETE "incomplete struct/union/enum struct tagfwd: f" */
struct tagbad2 { int x:40; };		/* ERROR D_DECL_BFSIZE "bit-field too big for type: x" */
struct tagbad3 { char *p:3; };		/* ERROR D_DECL_BFTYPE "invalid type for bit-field: p" */
struct tagbad4 { int a[0]; };		/* ERROR D_DECL_ARRSUB "positive integral constant expression or tuple signature expected as array declaration subscript" */
struct tagbad5 { char a[0x100000000]; };	/* ERROR D_DECL_ARRBIG "array dimension too big" */

inline int TAGN = 5;
inline string TAGS = TAGN;		/* ERROR D_OP_INCOMPAT "inline TAGS definition uses incompatible types: \"string\" = \"int\"" */
struct tagbad6 { int x:0; };		/* ERROR D_DECL_BFCONST "positive integral constant expression expected as bit-field size" */
struct tagbad7 { int a[int]; };		/* ERROR D_DECL_DYNOBJ "cannot have dynamic member: a" */
struct tagbad8 { void v; };		/* ERROR D_DECL_VOIDOBJ "cannot have void member: v" */
union tagbad9 { int n; char d[]; };	/* ERROR D_DECL_VOIDOBJ "cannot have void member: d" */
struct tagbad10 { enum tagcolor e:2; };	/* ERROR D_DECL_BFTYPE "invalid type for bit-field: e" */
struct tagbad11 { int a; char a; };	/* ERROR D_UNKNOWN "failed to define member 'a': Duplicate member or variable name" */
struct tagbad12 { struct tagnosuch n; };	/* ERROR D_DECL_INCOMPLETE "incomplete struct/union/enum struct tagnosuch: n" */
struct tagpad { int :0; int a:3; int :2; int b; };
struct tagflex { int n; char data[]; };
enum tagbig { TAGBIG = 0x80000000 };	/* ERROR D_DECL_ENOFLOW "enumerator 'TAGBIG' value overflows INT_MAX (2147483647)" */
enum tagneg { TAGNEG = -2147483648 };
enum tagdupe { TAGD1, TAGD1 };		/* ERROR D_UNKNOWN "failed to define enumerator 'TAGD1': Duplicate member or variable name" */
enum tagbi { timestamp };		/* ERROR D_DECL_IDRED "identifier redeclared: timestamp" */

/*
 * DTrace defines an enumerator once it has read the token after it, and
 * reports the enumerator's errors on that token's line.
 */
enum tagnext {
	TAGNEXTBIG = -2147483649
};					/* ERROR D_DECL_ENOFLOW "enumerator 'TAGNEXTBIG' value overflows INT_MAX (2147483647)" */
enum tagnext2 {
	TAGNEXT1 = 1,
	TAGNEXT1
};					/* ERROR D_UNKNOWN "failed to define enumerator 'TAGNEXT1': Duplicate member or variable name" */
enum tagnext3 {
	TAGNEXT2 = "x"
	, TAGNEXT3			/* ERROR D_DECL_ENCONST "enumerator 'TAGNEXT2' must be assigned to an integral constant expression" */
};
struct tagempty { int :0; };

int;					/* ERROR D_DECL_USELESS "useless declaration" */
extern unsigned long;			/* ERROR D_DECL_USELESS "useless declaration" */
typedef tagulong_t;			/* ERROR D_DECL_USELESS "useless declaration" */
struct tagpair;
int `tagscoped;				/* ERROR D_DECL_SCOPE "D scoping operator may not be used in a declaration name (`tagscoped)" */
typedef int vmlinux`tagscoped_t;	/* ERROR D_DECL_SCOPE "D scoping operator may not be used in a declaration name (vmlinux`tagscoped_t)" */
struct tagscope { int a`b; };		/* ERROR D_DECL_SCOPE "D scoping operator may not be used in a member name (a`b)" */
enum tagscope { TAG`S };		/* ERROR D_DECL_SCOPE "D scoping operator may not be used in an enumerator name (TAG`S)" */
static int tagstatic;			/* ERROR D_DECL_BADCLASS "specified storage class not appropriate in D" */
int tagarr[];				/* ERROR D_DECL_ARRNULL "array declaration requires array dimension or tuple signature: tagarr" */
this int tagloc[int];			/* ERROR D_DECL_LOCASSC "associative arrays may not be declared as local variables: tagloc" */
void tagvoid;				/* ERROR D_DECL_VOIDOBJ "cannot have void object: tagvoid" */
void tagvarr[2];			/* ERROR D_DECL_VOIDOBJ "cannot declare array of void" */
struct tagnosuch tagvar;		/* ERROR D_DECL_INCOMPLETE "incomplete struct/union/enum struct tagnosuch: tagvar" */
struct tagnosuch *tagptr;
int timestamp;				/* ERROR D_DECL_IDRED "built-in identifier redeclared: timestamp" */
int tagulong_t;				/* ERROR D_DECL_IDRED "typedef identifier redeclared: tagulong_t" */
int tagdup;
int tagdup;
self int tagdup;
self int tagdup;
char tagdup;				/* ERROR D_DECL_IDRED "identifier redeclared: tagdup\n\t current: scalar char\n\tprevious: scalar int" */
int tagdup[string];			/* ERROR D_DECL_IDRED "identifier redeclared: tagdup\n\t current: associative array int\n\tprevious: scalar int" */
int TAGGREEN;				/* ERROR D_DECL_IDRED "identifier redeclared: TAGGREEN\n\t current: scalar int\n\tprevious: enumerator enum tagcolor" */
int tagaa[string];
int tagaa[string];
int tagaa[int];				/* ERROR D_DECL_IDRED "identifier redeclared: tagaa\n\t current: associative array, key #1 of type int\n\tprevious: associative array, key #1 of type string" */
int tagaa[string, int];			/* ERROR D_DECL_IDRED "identifier redeclared: tagaa\n\t current: associative array of int, tuple length 2\n\tprevious: associative array of int, tuple length 1" */
inline int timestamp = 1;		/* ERROR D_DECL_IDRED "identifier redefined: timestamp\n\t current: inline definition\n\tprevious: scalar " */
inline int TAGN = 6;			/* ERROR D_DECL_IDRED "identifier redefined: TAGN\n\t current: inline definition\n\tprevious: scalar inline" */
inline int tagia[2] = 1;		/* ERROR D_DECL_ARRNULL "inline declaration cannot be of scalar array type: tagia" */
inline void tagiv = 1;			/* ERROR D_DECL_VOIDOBJ "cannot declare void inline: tagiv" */
int tagpv[void];			/* ERROR D_DECL_PROTO_TYPE "array prototype may not use parameter of type void: (anonymous), parameter #1" */
int tagpf[int x, string x];		/* ERROR D_DECL_PROTO_FORM "parameter is already declared in array prototype: x, parameter #2" */
int tagpn[int x, string];
inline int tagsq[int x] = x * x;
inline int tagsq = 1;			/* ERROR D_DECL_IDRED "identifier redefined: tagsq\n\t current: inline definition\n\tprevious: associative array inline" */
int tagsq[int];
int tagsq[string];			/* ERROR D_DECL_IDRED "identifier redeclared: tagsq\n\t current: associative array, key #1 of type string\n\tprevious: associative array, key #1 of type int" */
inline int tagiv2[void v] = 1;		/* ERROR D_DECL_PROTO_TYPE "array prototype may not use parameter of type void: v, parameter #1" */
inline string tagip[int x] = x;		/* ERROR D_OP_INCOMPAT "inline tagip definition uses incompatible types: \"string\" = \"int\"" */
inline int tagself = tagself + 1;	/* ERROR D_IDENT_UNDEF "failed to resolve tagself: Unknown variable name" */

/* Function declarations declare kernel symbols, as extern does. */
int tagfv(void v);			/* ERROR D_DECL_PROTO_NAME "void parameter may not have a name: v" */
int tagfd(int a[int]);			/* ERROR D_DECL_PROTO_TYPE "function prototype may not use parameter of type dynamic variable: a, parameter #1" */
int tagva[...];				/* ERROR D_DECL_PROTO_VARARGS "array prototype may not use a variable-length argument list" */
int tagva2[int, ...];			/* ERROR D_DECL_PROTO_VARARGS "array prototype may not use a variable-length argument list" */
int tagfvv(int, void);			/* ERROR D_DECL_PROTO_VOID "void must be sole parameter" */
struct tagfm { int trace(); };		/* ERROR D_DECL_VOIDOBJ "cannot have void member: trace" */
extern int tagext;
extern int tagext;
extern long tagext;			/* ERROR D_DECL_IDRED "identifier redeclared: D`tagext\n\t current: long\n\tprevious: int" */
extern int tagextarr[], *tagextp;
extern int *(*tagfp)(void), tagfn(int, char *, ...);
static int tagsfn(void);
int tagfn(int, char *, ...);
int tagfn(int);				/* ERROR D_DECL_IDRED "identifier redeclared: D`tagfn\n\t current: int (int)\n\tprevious: int (int, char *, ...)" */
int timestamp(void);

self struct tagpair tagdyns;
self tagdefault;			/* no type: int */
int tagints[2];
struct { char n[4]; } tagchars;
this tagdefault;
struct tagpair tagdyna[int];

BEGIN
{
	self->tagdyns = 1;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"struct tagpair\" = \"int\"" */
	tagdynp = &tagdyna[1];		/* ERROR D_ADDROF_VAR "cannot take address of dynamic variable" */
	tagdyna[2].a = tagdyna[3].b;
	self->tagdefault = "a";		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int\" = \"string\"" */
	this->tagdefault = 1;
	tagints = tagints;		/* ERROR D_OP_ARRFUN "operator = may not be applied to operand of type \"int [2]\"" */
	tagcopy = tagints;		/* ERROR D_OP_ARRFUN "operator = may not be applied to operand of type \"int [2]\"" */
	tagchars.n = "ab";		/* ERROR D_OP_ARRFUN "operator = may not be applied to operand of type \"char [4]\"" */
	tagorder = "a";			/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int\" = \"string\"" */
	tagsq[1] = 2;			/* ERROR D_OP_WRITE "operator = can only be applied to a writable variable" */
	tagsqa = &tagsq[2];		/* ERROR D_ADDROF_VAR "cannot take address of dynamic variable" */
	tagx = (struct tagunknown *)arg0;
	tagy = tagx->member;		/* ERROR D_OP_INCOMPLETE "operator -> cannot be applied to a forward declaration: no struct tagunknown definition is available" */
	tagz = offsetof(struct tagpair, c);	/* ERROR D_UNKNOWN "failed to determine offset of c: Member name not found" */
}

/* DTrace looks C's type words up in its own order, short before long. */
BEGIN
{
	tagt1 = (long short)0;		/* ERROR D_UNKNOWN "failed to resolve type short long : Unknown type name" */
	tagt2 = (short unsigned long int)0;	/* ERROR D_UNKNOWN "failed to resolve type unsigned short long : Unknown type name" */
}

/* Declared after the clause that uses it, which DTrace checks later. */
int tagorder;

/*
 * After a typedef named like a variable, the name is a type to the
 * parser: this comes last.
 */
typedef int tagdup;			/* ERROR D_DECL_IDRED "global variable identifier redeclared: tagdup" */
