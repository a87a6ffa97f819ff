/*
 * stack(), ustack() and jstack() as statements and aggregation keys, on
 * each kind of program: BEGIN (raw tracepoint, run by the bpf syscall),
 * a system call (tracepoint: the kernel stack is the task's) and profile
 * (perf event).
 */
#pragma D option stackframes=12

BEGIN
{
	stack();
	ustack(3);
}

syscall::read:entry
{
	stack(4);
	ustack();
	jstack(2, 64);
	@k[stack()] = count();
	@u[execname, ustack(5)] = sum(arg2);
	@both[stack(3), ustack(3), pid] = quantize(arg2);
}

syscall::openat:return
/arg0 > 0/
{
	@k[stack()] = count();
	printa("%k %@d\n", @k);
	printa("%s%-4k%@d\n", @u);
}

profile-97
{
	@k[stack()] = count();
	@p[ustack()] = count();
	if (arg1 != 0) {
		ustack(2);
	}
}
