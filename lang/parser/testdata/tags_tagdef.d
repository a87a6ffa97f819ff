/*
 * DTrace defines a struct, union or enum as it reads its "{", and refuses
 * a second definition there, before it reads the body.
 */
struct tagpair { int a; };
struct tagpair { int c; };		/* ERROR D_DECL_TYPERED "type redeclared: struct tagpair" */
enum tagcolor { TAGRED };
enum tagcolor { TAGBLUE };		/* ERROR D_DECL_TYPERED "type redeclared: enum tagcolor" */
