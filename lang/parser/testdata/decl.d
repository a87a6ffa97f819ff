/* Errors in top-level declarations. */
int x = 5;				/* ERROR "syntax error near \"=\"" */
int 5;					/* ERROR "syntax error near \"5\"" */
self self int x;			/* ERROR "only one storage class allowed in a declaration" */
struct foo1 { int a b; };		/* ERROR "syntax error near \"b; };" */
struct foo2 { int a; } y z;		/* ERROR "syntax error near \"z;" */
enum e1 { 1 };				/* ERROR "syntax error near \"1\"" */
enum e2 { A B };				/* ERROR "syntax error near \"B };" */
enum e3 { A, };				/* ERROR "syntax error near \"}\"" */
enum e4 { };				/* ERROR "syntax error near \"}\"" */
struct s { };				/* ERROR "syntax error near \"}\"" */
union u {				/* a body of no members, over lines */
};					/* ERROR "syntax error near \"}\"" */
inline int x;				/* ERROR "syntax error near \";\"" */
inline int x = ;			/* ERROR "syntax error near \";\"" */
translator a < b > { };			/* ERROR "syntax error near \">\"" */
translator a < b c > { x = 1 };		/* ERROR "syntax error near \"}\"" */
translator a < b c > { 1 = x; };	/* ERROR "syntax error near \"1\"" */
provider foo { probe bar() };		/* ERROR "syntax error near \"}\"" */
provider { probe bar(); };		/* ERROR "syntax error near \"{\"" */
int a[int;				/* ERROR "syntax error near \";\"" */
translator struct o (struct i *u) { };	/* ERROR "syntax error near \"{\"" */
BEGIN { x = (int (*)(void)]0; }		/* ERROR "syntax error near \"]\"" */
struct tagout { int a; };
translator struct tagout		/* "{" for "<": DTrace reads a struct body */
{					/* ERROR "type redeclared: struct tagout" */
	int *p				/* its syntax error comes after */
};					/* ERROR "syntax error near \"}\"" */

/* Recovered. */
int ok;
typedef struct foo foo_t;
foo_t *p;
BEGIN { x = (foo_t *)p; }
int y					/* ERROR "syntax error near end of input" */