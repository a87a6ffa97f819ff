/*
 * stack(), ustack() and jstack(): the tags their arguments and uses
 * raise, with DTrace's tag and wording (their prototypes in dt_open.c,
 * checked by dt_ident.c dt_idcook_func; dt_cg.c dt_cg_stack_arg, and for
 * a stack used as a value). See tags_test.go.
 */
BEGIN
{
	i = 1;
	stack();
	stack(5);
	stack(2 + 3);
	ustack();
	ustack(5);
	ustack(5, 0);
	jstack(5, 100);
	@k[stack()] = count();
	@u[ustack(5)] = count();
	@j[execname, jstack()] = count();
	@p[stack(), 1] = sum(i);
	printa("%k %@d\n", @k);
	printa("%-8k %@d\n", @u);

	stack(i);			/* ERROR D_STACK_SIZE "stack( ) argument #1 must be a non-zero positive integer constant" */
	stack(0);			/* ERROR D_STACK_SIZE "stack( ) argument #1 must be a non-zero positive integer constant" */
	stack(-1);			/* ERROR D_STACK_SIZE "stack( ) argument #1 must be a non-zero positive integer constant" */
	stack(1, 2);			/* ERROR D_PROTO_LEN "stack( ) prototype mismatch: 2 args passed, at most 1 expected" */
	stack("1");			/* ERROR D_PROTO_ARG "stack( ) argument #1 is incompatible with prototype:\n\tprototype: uint32_t\n\t argument: string" */
	@e2[stack(curthread)] = count();	/* ERROR D_PROTO_ARG "stack( ) argument #1 is incompatible with prototype:\n\tprototype: uint32_t\n\t argument: struct task_struct *" */
	@e1[stack(0)] = count();	/* ERROR D_STACK_SIZE "stack( ) argument #1 must be a non-zero positive integer constant" */
	ustack(i);			/* ERROR D_USTACK_FRAMES "ustack( ) argument #1 must be a non-zero positive integer constant" */
	jstack(0);			/* ERROR D_USTACK_FRAMES "ustack( ) argument #1 must be a non-zero positive integer constant" */
	ustack(5, i);			/* ERROR D_USTACK_STRSIZE "ustack( ) argument #2 must be a positive integer constant" */
	ustack(5, -1);			/* ERROR D_USTACK_STRSIZE "ustack( ) argument #2 must be a positive integer constant" */
	ustack(1, 2, 3);		/* ERROR D_PROTO_LEN "ustack( ) prototype mismatch: 3 args passed, at most 2 expected" */
	jstack(1, 2, 3);		/* ERROR D_PROTO_LEN "jstack( ) prototype mismatch: 3 args passed, at most 2 expected" */
	ustack("1");			/* ERROR D_PROTO_ARG "ustack( ) argument #1 is incompatible with prototype:\n\tprototype: uint32_t\n\t argument: string" */
	ustack(1, "1");			/* ERROR D_PROTO_ARG "ustack( ) argument #2 is incompatible with prototype:\n\tprototype: uint32_t\n\t argument: string" */
	trace(stack());			/* ERROR D_CG_EXPR "tracing function stack( ) may not be called from a D expression (D program context required)" */
	trace(ustack(0));		/* ERROR D_CG_EXPR "tracing function ustack( ) may not be called from a D expression (D program context required)" */
	printf("%k", stack());		/* ERROR D_CG_EXPR "tracing function stack( ) may not be called from a D expression (D program context required)" */
	printf("%d", stack());		/* ERROR D_PRINTF_ARG_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: stack" */
	printf("%k", i);		/* ERROR D_PRINTF_ARG_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %k\n\t prototype: stack\n\t  argument: int" */
	printa("%d %@d\n", @k);		/* ERROR D_PRINTF_ARG_TYPE "printa( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: stack" */
}
