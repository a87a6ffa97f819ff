/*
 * Declarations: one annotated line for each D_* tag the checker raises
 * for typedefs, structs, unions, enums and inlines, with DTrace's tag and
 * wording (messages.go). See tags_test.go.
 */
typedef unsigned long tagulong_t;
typedef int tagulong_t;			/* ERROR D_DECL_IDRED "typedef redeclared: tagulong_t" */

enum tagcolor { TAGRED, TAGGREEN };
enum tagshade { TAGRED };		/* ERROR D_DECL_IDRED "identifier redeclared: TAGRED" */
enum tagcolor { TAGBLUE };		/* ERROR D_DECL_TYPERED "type redeclared: enum tagcolor" */
enum tagbad { TAGX = "x" };		/* ERROR D_DECL_ENCONST "enumerator 'TAGX' must be assigned to an integral constant expression" */

struct tagpair { int a; int b; };
struct tagpair { int c; };		/* ERROR D_DECL_TYPERED "type redeclared: struct tagpair" */
struct tagfwd;
struct tagbad1 { struct tagfwd f; };	/* ERROR D_DECL_INCOMPLETE "incomplete struct/union/enum struct tagfwd: f" */
struct tagbad2 { int x:40; };		/* ERROR D_DECL_BFSIZE "bit-field too big for type: x" */
struct tagbad3 { char *p:3; };		/* ERROR D_DECL_BFTYPE "invalid type for bit-field: p" */
struct tagbad4 { int a[0]; };		/* ERROR D_DECL_ARRSUB "positive integral constant expression or tuple signature expected as array declaration subscript" */
struct tagbad5 { char a[0x100000000]; };	/* ERROR D_DECL_ARRBIG "array dimension too big" */

inline int TAGN = 5;
inline string TAGS = TAGN;		/* ERROR D_OP_INCOMPAT "inline TAGS definition uses incompatible types: \"string\" = \"int\"" */
