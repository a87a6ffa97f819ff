/*
 * Declaration specifiers DTrace rejects as it reduces them (dt_decl_spec,
 * dt_decl_attr, dt_decl_check), one per line; see tags.d.
 */
long struct tagls { int i; };		/* ERROR D_DECL_LONGINT "invalid type declaration: long and long long may only be used with integer or floating-point type" */
unsigned struct tagus { int i; };	/* ERROR D_DECL_SIGNINT "invalid type declaration: signed and unsigned may only be used with integer type" */
signed float tagsf;			/* ERROR D_DECL_SIGNINT "invalid type declaration: signed and unsigned may only be used with integer type" */
short void tagsv;			/* ERROR D_DECL_VOIDATTR "invalid type declaration: attributes may not be used with void type" */
long char taglc;			/* ERROR D_DECL_CHARATTR "invalid type declaration: short and long may not be used with char type" */
int char tagic;				/* ERROR D_DECL_COMBO "invalid type combination" */
struct taga { int i; } struct tagb { int j; };	/* ERROR D_DECL_COMBO "invalid type combination" */

/* A tagged type is declared at its "{", or at the token after its name. */
long struct tagl2
{					/* ERROR D_DECL_LONGINT "invalid type declaration: long and long long may only be used with integer or floating-point type" */
	int i;
};

/* Valid: attributes of integers and floating-point types, in any order. */
long double tagld;
int long unsigned tagilu;
unsigned char taguc;

struct tagc { int i; }
struct tagd
tagdv;					/* ERROR D_DECL_COMBO "invalid type combination" */

