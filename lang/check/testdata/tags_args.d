/*
 * Typed probe arguments: one annotated line for each D_* tag args[]
 * raises, with DTrace's tag and wording (messages.go). The probes and
 * their argument types are the tests' fakeArgs (args_test.go).
 */
typedef struct argsinfo {
	int	pid;
} argsinfo_t;

translator argsinfo_t < struct task_struct *T > {
	pid = T->tgid;
};

inline int outside = args[0];	/* ERROR D_ARGS_NONE "args[ ] may not be referenced outside of a probe clause" */

syscall::read:entry
{
	x = args[3];		/* ERROR D_ARGS_IDX "index 3 is out of range for syscall::read:entry args[ ]" */
	x = args[-1];		/* ERROR D_ARGS_IDX "index -1 is out of range for syscall::read:entry args[ ]" */
	x = args[arg0];		/* ERROR D_PROTO_ARG "args[ ] argument #1 is incompatible with prototype:\n\tprototype: integer constant\n\t argument: int64_t" */
	x = args[0, 1];		/* ERROR D_PROTO_LEN "args[ ] prototype mismatch: 2 args passed, 1 expected" */
	x = args;		/* ERROR D_IDENT_BADREF "associative array 'args' may not be referenced as scalar" */
	args[0] = 1;		/* ERROR D_OP_WRITE "operator = can only be applied to a writable variable" */
}

syscall::read*:entry
{
	x = args[0];		/* the descriptors agree */
	y = args[1];		/* ERROR D_ARGS_MULTI "args[ ] may not be referenced because probe description syscall::read*:entry matches an unstable set of probes" */
	y = args[2];		/* ERROR D_ARGS_MULTI "args[ ] may not be referenced because probe description syscall::read*:entry matches an unstable set of probes" */
}

syscall::read:
{
	x = args[0];		/* ERROR D_ARGS_MULTI "args[ ] may not be referenced because probe description syscall::read: matches an unstable set of probes" */
}

syscall::read:entry,
syscall::openat:entry
{
	x = args[2];		/* ERROR D_ARGS_MULTI "args[ ] may not be referenced because probe description syscall::openat:entry matches an unstable set of probes" */
}

fake:::badnative
{
	x = args[0];		/* ERROR D_ARGS_TYPE "failed to resolve native type for args[0]" */
}

fake:::unreadable
{
	x = args[0];		/* ERROR D_ARGS_TYPE "failed to resolve native type for args[0]" */
}

fake:::badxlate
{
	x = args[0]->pid;	/* ERROR D_ARGS_TYPE "failed to resolve translated type for args[0]" */
}

fake:::noxlator
{
	x = args[0]->pid;	/* ERROR D_ARGS_XLATOR "translator for args[0] from char * to argsinfo_t * is not defined" */
}

fake:::task
{
	y = args[0]->nosuch;	/* ERROR D_XLATE_NOCONV "translator does not define conversion for member: nosuch" */
}

syscall::read:entry
{
	x = uregs[10];		/* the thread's user registers: R_RAX */
	x = uregs[25];		/* R_TRAPNO */
	x = uregs[26];		/* ERROR D_UNKNOWN "uregs[]: index out of bounds (26)" */
	x = uregs[arg0];	/* ERROR D_PROTO_ARG "uregs[ ] argument #1 is incompatible with prototype:\n\tprototype: integer constant\n\t argument: int64_t" */
	x = uregs[0, 1];	/* ERROR D_PROTO_LEN "uregs[ ] prototype mismatch: 2 args passed, 1 expected" */
	x = uregs[-1];		/* ERROR D_REGS_IDX "index -1 is out of range for array uregs" */
}
