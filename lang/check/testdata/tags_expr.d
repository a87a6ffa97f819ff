/*
 * Expressions: one annotated line for each D_* tag the checker raises
 * while typing expressions, with DTrace's tag and wording (messages.go).
 * See tags_test.go: every tag the front end can raise needs a line like
 * these, and every annotation in a tags_*.d file must match messages.go.
 */
typedef struct tagfoo {
	int a;
	unsigned int bf:3;
	char name[8];
} tagfoo_t;
struct tagfwd;
struct tagflexs { int n; char data[]; };

enum tag_color { TAG_RED };
inline int TAG_INLINE = 1;
inline int tagsq[int x] = x * x;
int tagarr[5];
int tagone[1];

BEGIN
{
	i = 1;
	s = "str";
	t = curthread;
	p = (tagfoo_t *)arg0;

	e1 = nosuchvar;		/* ERROR D_IDENT_UNDEF "failed to resolve nosuchvar: Unknown variable name" */
	e2 = self->never;	/* ERROR D_VAR_UNDEF "self->never has not yet been declared or assigned" */
	e3 = this->never;	/* ERROR D_VAR_UNDEF "this->never has not yet been declared or assigned" */

	e4 = -s;		/* ERROR D_OP_ARITH "operator - requires an operand of arithmetic type" */
	e5 = +s;		/* ERROR D_OP_ARITH "operator + requires an operand of arithmetic type" */
	e6 = s * 2;		/* ERROR D_OP_ARITH "operator * requires operands of arithmetic type" */
	e7 = 2 / s;		/* ERROR D_OP_ARITH "operator / requires operands of arithmetic type" */
	i *= s;			/* ERROR D_OP_ARITH "operator *= requires operands of arithmetic type" */

	e8 = !s;		/* ERROR D_OP_SCALAR "operator ! requires an operand of scalar type" */
	e9 = s && i;		/* ERROR D_OP_SCALAR "operator && requires operands of scalar type" */
	e10 = i || s;		/* ERROR D_OP_SCALAR "operator || requires operands of scalar type" */
	e11 = s ^^ i;		/* ERROR D_OP_SCALAR "operator ^^ requires operands of scalar type" */

	i = "str";		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int\" = \"string\"" */
	s = i;			/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"string\" = \"int\"" */
	e12 = s == 1;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"string\" == \"int\"" */
	e13 = 2 < s;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int\" < \"string\"" */
	e14 = t + t;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"struct task_struct *\" + \"struct task_struct *\"" */
	e15 = i ? s : 1;	/* ERROR D_OP_INCOMPAT "operator ?: operands must have compatible types" */

	(i + 1) = 2;		/* ERROR D_OP_LVAL "operator = requires modifiable lvalue as an operand" */
	pid = 1;		/* ERROR D_OP_WRITE "operator = can only be applied to a writable variable" */

	e16 = pid->x;		/* ERROR D_OP_PTR "operator -> must be applied to a pointer" */
	e17 = t.pid;		/* ERROR D_OP_SOU "operator . cannot be applied to type \"struct task_struct *\"; must be applied to a struct or union" */
	e18 = ((int *)arg0)->x;	/* ERROR D_OP_SOU "operator -> cannot be applied to pointer to type \"int\"; must be applied to a struct or union pointer" */
	e19 = t->nosuch;	/* ERROR D_TYPE_MEMBER "nosuch is not a member of struct task_struct" */
	e20 = p->nosuch;	/* ERROR D_TYPE_MEMBER "nosuch is not a member of struct tagfoo" */

	e21 = *pid;		/* ERROR D_DEREF_NONPTR "cannot dereference non-pointer type" */
	e22 = *(void *)arg0;	/* ERROR D_DEREF_VOID "cannot dereference pointer to void" */
	e23 = &(pid + 1);	/* ERROR D_ADDROF_LVAL "unacceptable operand for unary & operator" */

	e24 = (int)*t;		/* ERROR D_CAST_INVAL "invalid cast expression: \"struct task_struct\" to \"int\"" */
	e25 = (int)s;		/* ERROR D_CAST_INVAL "invalid cast expression: \"string\" to \"int\"" */
	e26 = sizeof (void);	/* ERROR D_SIZEOF_TYPE "cannot apply sizeof to an operand of unknown size" */
	e27 = sizeof (struct tagfwd);	/* ERROR D_SIZEOF_TYPE "cannot apply sizeof to an operand of unknown size" */
	e27a = sizeof (char []);	/* ERROR D_SIZEOF_TYPE "cannot apply sizeof to an operand of unknown size" */
	e27b = sizeof (((struct tagflexs *)p)->data);	/* ERROR D_SIZEOF_TYPE "cannot apply sizeof to an operand of unknown size" */
	e28 = stringof(*t);	/* ERROR D_STRINGOF_TYPE "cannot apply stringof to a value of type struct task_struct" */
	e29 = offsetof(int, a);	/* ERROR D_OFFSETOF_TYPE "offsetof operand must be a struct or union type" */
	e30 = offsetof(tagfoo_t, bf);	/* ERROR D_OFFSETOF_BITFIELD "cannot take offset of a bit-field: bf" */

	e32 = nofunc(1);	/* ERROR D_FUNC_UNDEF "undefined function name: nofunc" */
	e33 = $9;		/* ERROR D_MACRO_UNDEF "macro argument $9 is not defined" */
	e34 = $nosuch;		/* ERROR D_MACRO_UNDEF "macro variable $nosuch is not defined" */

	a[1] = 2;
	a["k"] = 3;		/* ERROR D_PROTO_ARG "a[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string" */
	a[1, 2] = 3;		/* ERROR D_PROTO_LEN "a[ ] prototype mismatch: 2 keys passed, 1 expected" */
	e35 = strlen();		/* ERROR D_PROTO_LEN "strlen( ) prototype mismatch: 0 args passed, 1 expected" */
	e36 = copyinstr();	/* ERROR D_PROTO_LEN "copyinstr( ) prototype mismatch: 0 args passed, at least 1 expected" */
	e37 = copyinstr(s);	/* ERROR D_PROTO_ARG "copyinstr( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: string" */
	tok1 = strtok(NULL, ",");
	tok2 = strtok("a");	/* ERROR D_PROTO_LEN "strtok( ) prototype mismatch: 1 arg passed, 2 expected" */
	tok3 = strtok(2, ",");	/* ERROR D_PROTO_ARG "strtok( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
	tok4 = cleanpath(1);	/* ERROR D_PROTO_ARG "cleanpath( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
	tok5 = inet_ntop("x", 0);	/* ERROR D_PROTO_ARG "inet_ntop( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
}

/*
 * Pointers, by C's rules as DTrace applies them (dt_node_is_ptrcompat,
 * dt_node_is_argcompat): the integer constant 0 stands for any pointer,
 * a void pointer is compatible with any pointer, arithmetic needs a
 * pointee of known size, and D variables have no address.
 */
BEGIN
{
	i = 1;
	s = "str";
	t = curthread;
	p = (tagfoo_t *)arg0;
	ip = (int *)arg0;
	cp = (char *)arg0;
	vp = (void *)arg0;
	self->tv = 1;

	ip = cp;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int *\" = \"char *\"" */
	i = ip;			/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int\" = \"int *\"" */
	ip = 1;			/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int *\" = \"int\"" */
	f1 = ip == cp;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int *\" == \"char *\"" */
	f2 = p != t;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"tagfoo_t *\" != \"struct task_struct *\"" */
	f3 = ip == 1;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int *\" == \"int\"" */
	f4 = ip < cp;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int *\" < \"char *\"" */
	f5 = i ? ip : cp;	/* ERROR D_OP_INCOMPAT "operator ?: operands must have compatible types" */
	f6 = i ? ip : 1;	/* ERROR D_OP_INCOMPAT "operator ?: operands must have compatible types" */
	f7 = ip - cp;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int *\" - \"char *\"" */
	f8 = vp + 1;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"void *\" + \"int\"" */
	f9 = ip["k"];		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int *\" + \"string\"" */
	ip += cp;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int *\" += \"char *\"" */
	s += 1;			/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"string\" += \"int\"" */
	pid = "str";		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"pid_t\" = \"string\"" */
	vp++;			/* ERROR D_OP_VFPTR "operator ++ requires an operand of known size" */
	vp -= 1;		/* ERROR D_OP_VFPTR "operator -= requires left-hand scalar operand of known size" */
	i += ip;		/* ERROR D_OP_VFPTR "operator += requires left-hand scalar operand of known size" */
	s++;			/* ERROR D_OP_SCALAR "operator ++ requires operand of scalar type" */
	execname--;		/* ERROR D_OP_SCALAR "operator -- requires operand of scalar type" */
	f10 = s ? 1 : 2;	/* ERROR D_OP_SCALAR "operator ?: expression must be of scalar type" */
	i %= s;			/* ERROR D_OP_INT "operator %= requires operands of integral type" */
	i /= 2 - 2;		/* ERROR D_DIV_ZERO "expression contains division by zero" */
	nv += 1;		/* ERROR D_VAR_UNDEF "nv has not yet been declared or assigned" */
	self->nv *= 2;		/* ERROR D_VAR_UNDEF "self->nv has not yet been declared or assigned" */
	f11 = noarr[1];		/* ERROR D_VAR_UNDEF "noarr has not yet been declared or assigned" */

	f12 = &i;		/* ERROR D_ADDROF_VAR "cannot take address of dynamic variable" */
	f13 = &self->tv;	/* ERROR D_ADDROF_VAR "cannot take address of dynamic variable" */
	f14 = &p->bf;		/* ERROR D_ADDROF_BITFIELD "cannot take address of bit-field" */
	f15 = &p->name;		/* ERROR D_ADDROF_LVAL "unacceptable operand for unary & operator" */
	f16 = sizeof (p->bf);	/* ERROR D_SIZEOF_BITFIELD "cannot apply sizeof to a bit-field" */
	f17 = *((struct file_operations *)arg0)->read;	/* ERROR D_DEREF_FUNC "cannot dereference pointer to function" */
	f18 = i[1];		/* ERROR D_DEREF_NONPTR "cannot dereference non-pointer type" */
	f21 = tagarr[5];	/* ERROR D_ARR_BOUNDS "index outside array bounds: 5, max is 5" */
	tagarr[7] = 1;		/* ERROR D_ARR_BOUNDS "index outside array bounds: 7, max is 5" */
	f22 = tagarr[4] + tagone[3];
	f19 = ip[1, 2];		/* ERROR D_ARR_BADREF "cannot access scalar ip as an associative array" */
	f20 = (ip + 1)[1, 2];	/* ERROR D_ARR_BADREF "cannot access operator + as an associative array" */
	this->loc[1] = 2;	/* ERROR D_ARR_LOCAL "local variables may not be used as associative arrays: loc" */
	kv[(void)1] = 1;	/* ERROR D_KEY_TYPE "void expression may not be used as associative array index: key #1" */

	ar[1] = 1;
	self->sa[1] = 1;
	f21 = ar;		/* ERROR D_IDENT_BADREF "associative array 'ar' may not be referenced as scalar" */
	ar = 2;			/* ERROR D_IDENT_BADREF "associative array 'ar' may not be referenced as scalar" */
	f23 = strlen;		/* ERROR D_IDENT_BADREF "function 'strlen' may not be referenced as scalar" */
	printf = 1;		/* ERROR D_IDENT_BADREF "tracing function 'printf' may not be referenced as scalar" */
	f24 = sum + 1;		/* ERROR D_IDENT_BADREF "aggregating function 'sum' may not be referenced as scalar" */
	f25 = i ? trace(1) : trace(2);	/* ERROR D_OP_ACT "action cannot be used in a conditional context" */
	f26 = (trace(1), 2);	/* ERROR D_OP_ACT "operator , operands cannot be actions" */
	f27 = i ? trace(1) : 2;	/* ERROR D_OP_INCOMPAT "operator ?: operands must have compatible types" */
	f28 = i ? printf("x") : trace();	/* ERROR D_PROTO_LEN "trace( ) prototype mismatch: 0 args passed, 1 expected" */
	f29 = i ? printf() : 2;		/* ERROR D_PROTO_LEN "printf( ) prototype mismatch: 0 args passed, at least 1 expected" */
	f30 = s ? stack(1, 2) : 2;	/* ERROR D_PROTO_LEN "stack( ) prototype mismatch: 2 args passed, at most 1 expected" */
	f31 = i ? exit(nosuchvar) : 2;	/* ERROR D_IDENT_UNDEF "failed to resolve nosuchvar: Unknown variable name" */
	f22 = self->sa;		/* ERROR D_PROTO_LEN "sa[ ] prototype mismatch: 0 keys passed, 1 expected" */
	f28 = tagsq[1, 2];	/* ERROR D_PROTO_LEN "tagsq[ ] prototype mismatch: 2 keys passed, 1 expected" */
	f29 = tagsq["x"];	/* ERROR D_PROTO_ARG "tagsq[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string" */
	f30 = tagsq;		/* ERROR D_IDENT_BADREF "associative array 'tagsq' may not be referenced as scalar" */
	self->sa = 2;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"associative array\" = \"int\"" */
	self->sa++;		/* ERROR D_OP_SCALAR "operator ++ requires operand of scalar type" */

	/*
	 * DTrace turns the if into a clause computing (1 && s), whose nodes
	 * it makes after parsing: it numbers the error with the last line.
	 */
	if (s) {		/* ERROR D_OP_SCALAR "operator && requires operands of scalar type" */
		trace(1);
	}
}

syscall::read:entry
/execname/			/* checked at the "}", once DTrace has the whole clause */
{
	dz = arg0 / 0;		/* ERROR D_DIV_ZERO "expression contains division by zero" */
	mz = arg0 % (0);	/* ERROR D_DIV_ZERO "expression contains division by zero" */
	oi = "s" % 2;		/* ERROR D_OP_INT "operator % requires operands of integral type" */
	oj = ~"s";		/* ERROR D_OP_INT "operator ~ requires an operand of integral type" */
	TAG_RED = 3;		/* ERROR D_OP_LVAL "operator = requires modifiable lvalue as an operand" */
	TAG_INLINE++;		/* ERROR D_OP_LVAL "operator ++ requires modifiable lvalue as an operand" */
	pid += 1;		/* ERROR D_OP_WRITE "operator += can only be applied to a writable variable" */
}				/* ERROR D_PRED_SCALAR "predicate result must be of scalar type" */

/* DTrace checks the actions before the predicate: x is an int there. */
syscall::write:entry
/tagpx == "a"/			/* DTrace's lexer reads past the "/" to the "{": the == is there */
{					/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int\" == \"string\"" */
	tagpx = 1;
}

/*
 * Kernel symbols, from the tests' fake symbol table (symbol_test.go):
 * vmlinux has max_pfn (no BTF type), runqueues (per-CPU) and schedule;
 * ext4 has ext4_state (unsigned int), ext4_label and ext4_untyped.
 */
BEGIN
{
	k1 = `nosuchsym;		/* ERROR D_IDENT_UNDEF "failed to resolve `nosuchsym: Unknown symbol name" */
	k2 = nomod`max_pfn;		/* ERROR D_IDENT_UNDEF "failed to resolve nomod`max_pfn: Unknown module name" */
	k3 = vmlinux`ext4_state;	/* ERROR D_IDENT_UNDEF "failed to resolve vmlinux`ext4_state: Unknown symbol name" */
	k4 = ``schedule;		/* ERROR D_IDENT_UNDEF "failed to resolve ``schedule: Unknown symbol name" */
	k5 = vmlinux``schedule;		/* ERROR D_SYM_BADREF "kernel module 'vmlinux' symbol 'schedule' may not be referenced as a user symbol" */
	k6 = `max_pfn;			/* ERROR D_SYM_NOTYPES "no symbolic type information is available for vmlinux`max_pfn: No type information available for symbol" */
	k7 = `ext4_untyped;		/* ERROR D_SYM_NOTYPES "no symbolic type information is available for ext4`ext4_untyped: No type information available for symbol" */
	k8 = vmlinux`runqueues;		/* ERROR D_SYM_NOTYPES "no symbolic type information is available for vmlinux`runqueues: per-CPU variables are not supported" */
	`ext4_state = 1;		/* ERROR D_OP_WRITE "operator = can only be applied to a writable variable" */
	ext4`ext4_state++;		/* ERROR D_OP_WRITE "operator ++ can only be applied to a writable variable" */
	k9 = *`schedule;		/* ERROR D_DEREF_NONPTR "cannot dereference non-pointer type" */
	k10 = ext4`ext4_state + 1;
	k11 = &`ext4_state;
	k12 = &`schedule;
	k13 = sizeof (`ext4_label);
	k14 = stringof(`ext4_label);
}

/* Byte order, rand(), locks and alloca() memory: DTrace's prototypes. */
BEGIN
{
	r1 = rand(1);			/* ERROR D_PROTO_LEN "rand( ) prototype mismatch: 1 arg passed, 0 expected" */
	r2 = htons();			/* ERROR D_PROTO_LEN "htons( ) prototype mismatch: 0 args passed, 1 expected" */
	r3 = getmajor("sda");		/* ERROR D_PROTO_ARG "getmajor( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	r4 = mutex_owned(1);		/* ERROR D_PROTO_ARG "mutex_owned( ) argument #1 is incompatible with prototype:\n\tprototype: struct mutex *\n\t argument: int" */
	r5 = rw_read_held(curthread);	/* ERROR D_PROTO_ARG "rw_read_held( ) argument #1 is incompatible with prototype:\n\tprototype: rwlock_t *\n\t argument: struct task_struct *" */
	r6 = mutex_owned(0) + mutex_type_spin(&curthread->futex_exit_mutex) + rw_iswriter((void *)arg0);
	ap = alloca(8);
	bcopy(arg0, ap, 8);		/* ERROR D_PROTO_ARG "bcopy( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: int64_t" */
	bcopy("abc", ap);		/* ERROR D_PROTO_LEN "bcopy( ) prototype mismatch: 2 args passed, 3 expected" */
	copyinto(arg0, 8, 1);		/* ERROR D_PROTO_ARG "copyinto( ) argument #3 is incompatible with prototype:\n\tprototype: void *\n\t argument: int" */
	bcopy(curthread->comm, ap, 16);
	copyinto(arg0, 8, (char *)ap + 1);
	r7 = bcopy("abc", ap, 3);	/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"void\" = \"void\"" */
	r8 = mutex_owner(arg0);		/* ERROR D_PROTO_ARG "mutex_owner( ) argument #1 is incompatible with prototype:\n\tprototype: struct mutex *\n\t argument: int64_t" */
	r9 = mutex_owner(&curthread->futex_exit_mutex)->nosuch;	/* ERROR D_TYPE_MEMBER "nosuch is not a member of struct task_struct" */
	r10 = mutex_owner(0)->pid;
	r6 = mutex_owner(0);		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int\" = \"struct task_struct *\"" */
	r11 = curcpu->nosuch;		/* ERROR D_TYPE_MEMBER "nosuch is not a member of struct cpuinfo" */
	r6 = curcpu;			/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int\" = \"cpuinfo_t *\"" */
	execargs = "a";			/* ERROR D_OP_WRITE "operator = can only be applied to a writable variable" */
	r12 = curcpu->cpu_id + curcpu->cpu_pset + curcpu->cpu_chip + curcpu->cpu_lgrp + stackdepth + caller + strlen(execargs);
}

/*
 * alloca() memory: a variable holds alloca pointers or other values,
 * never both; only alloca() memory may be stored into; bcopy() and
 * copyinto() copy only into it.
 */
BEGIN					/* ERROR D_ALLOCA_INCOMPAT "am: cannot reuse the same identifier for both alloca and non-alloca allocations" */
{
	am = (char *)alloca(4);
	am[0] = 'x';
	am = 0;
	am = (char *)arg0;		/* found generating code, at the clause's line */
	an = (char *)alloca(4);
	an = an == NULL ? (char *)8 : an;	/* ERROR D_ALLOCA_INCOMPAT "ternary conditional with alloca and non-alloca branches cannot be assigned to a variable" */
	trace(an == NULL ? (char *)8 : an);
	ao = (int *)((long)copyin(arg0, 8) + 4);
	*ao = 1;
	bcopy(ao, (void *)arg0, 4);	/* ERROR D_PROTO_ARG "bcopy( ) argument #2 is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca pointer" */
	copyinto(arg0, 4, (void *)arg1);	/* ERROR D_PROTO_ARG "copyinto( ) argument #3 is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca pointer" */
}

BEGIN
{
	ap2 = (long *)arg0;
}

BEGIN					/* ERROR D_ALLOCA_INCOMPAT "ap2: cannot reuse the same identifier for both alloca and non-alloca allocations" */
{
	ap2 = (long *)alloca(8);
}

BEGIN
{
	x = (tagarr)(1);		/* ERROR D_FUNC_IDENT "function designator is not of function type" */
	x = (strlen)("a");		/* ERROR D_FUNC_IDENT "function designator is not of function type" */
	@tagfi = tick-1();		/* ERROR D_FUNC_IDENT "function designator is not of function type" */
}
