/*
 * The type system: types declared in D, kernel types from BTF, pointers,
 * members, arrays, bit-fields, casts, and the errors DTrace reports.
 */
typedef unsigned long myulong_t;
typedef struct foo foo_t;
struct foo {
	char c;
	int a;
	long b;
	unsigned int bf:3;
	unsigned int bg:5;
	struct foo *next;
	char name[8];
};
union u { int i; char c[4]; };
enum color { RED, GREEN = 5, BLUE };
inline int X = 5;
inline string GREETING = "hi";
struct incomplete;

typedef int myulong_t;		/* ERROR D_DECL_IDRED "typedef redeclared: myulong_t" */
struct bad { int x:40; };	/* ERROR D_DECL_BFSIZE "bit-field too big for type: x" */
struct bad2 { struct incomplete i; };	/* ERROR D_DECL_INCOMPLETE "incomplete struct/union/enum struct incomplete: i" */
inline int Y = "str";		/* ERROR D_OP_INCOMPAT "inline Y definition uses incompatible types: \"int\" = \"string\"" */

BEGIN
{
	t = (struct task_struct *)curthread;
	p = curthread->real_parent->pid;
	s = curthread->comm;
	c = curthread->comm[0];
	d = stringof(curthread->comm);
	o = offsetof(struct foo, next) + offsetof(struct task_struct, pid);
	z = sizeof (struct foo) + sizeof (foo_t) + sizeof (union u) + sizeof (myulong_t);
	e = GREEN + X;
	g = GREETING;
	n = (t + 1) - t;
	a = &t->pid;
	q = *a;
	v = (*t).tgid;
	ok = t != 0 && !t;
	w = (myulong_t)t;
	m = ((struct foo *)arg0)->bf + ((foo_t *)arg0)->name[2];
	h = ((struct foo *)arg0)->next->next->a;

	b1 = t->nosuch;		/* ERROR D_TYPE_MEMBER "nosuch is not a member of struct task_struct" */
	b2 = pid->x;		/* ERROR D_OP_PTR "operator -> must be applied to a pointer" */
	b3 = (*t)->pid;		/* ERROR D_OP_PTR "operator -> must be applied to a pointer" */
	b4 = t.pid;		/* ERROR D_OP_SOU "operator . cannot be applied to type \"struct task_struct *\"; must be applied to a struct or union" */
	b5 = *pid;		/* ERROR D_DEREF_NONPTR "cannot dereference non-pointer type" */
	b6 = &pid;		/* ERROR D_ADDROF_VAR "cannot take address of dynamic variable" */
	b7 = ((struct nosuch_type *)0)->x;	/* ERROR D_OP_INCOMPLETE "operator -> cannot be applied to a forward declaration: no struct nosuch_type definition is available" */
	b8 = ((struct incomplete *)0)->x;	/* ERROR D_OP_INCOMPLETE "operator -> cannot be applied to a forward declaration: no struct incomplete definition is available" */
	b9 = offsetof(struct foo, bf);	/* ERROR D_OFFSETOF_BITFIELD "cannot take offset of a bit-field: bf" */
	b10 = stringof(t);
	b11 = (string)t;
	b12 = t[pid, 2];	/* ERROR D_ARR_BADREF "cannot access scalar t as an associative array" */
	b13 = `nosuchsym;	/* ERROR D_IDENT_UNDEF "failed to resolve `nosuchsym: Unknown symbol name" */
}
