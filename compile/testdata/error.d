/*
 * dtrace:::ERROR's clauses are linked into every program with a clause
 * that can fault, of each program type: raw tracepoint (BEGIN, END),
 * tracepoint (syscall), perf event (tick, profile). The ERROR clauses
 * here trace, aggregate, take stacks and fault themselves.
 */
BEGIN { x = *(int *)64; }
syscall::read:entry { y = *(long *)arg1; }
syscall::read:entry { @r[arg0] = count(); }
syscall::read:entry { printf("%s %s\n", cwd, root); }
tick-1s { z = 10 / x; }
profile-97 /arg0/ { trace(stringof((char *)arg0)); }
END { self->p = (int *)0; w = *self->p; }

ERROR
{
	printf("%d %d %d %d %d %d %s\n", arg0, arg1, arg2, arg3, arg4, arg5, execname);
	@errs[arg1, arg4] = count();
	stack();
	ustack();
	trace(cwd);
	printf("%d %x\n", ustackdepth, ucaller);
}

ERROR /arg4 == 1/
{
	v = *(int *)arg5;
}

BEGIN, ERROR { u = *(int *)8; }
