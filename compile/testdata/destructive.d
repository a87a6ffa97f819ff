/*
 * The destructive actions (dtrace -w): signals, chill() spinning under
 * a may_goto budget, and the consumer's system(), freopen() and
 * ftruncate(). copyout() and copyoutstr() are in action_destructive_test.go:
 * a kernel locked down for integrity refuses bpf_probe_write_user.
 */
syscall::read:entry
{
	raise(10);
	stop();
	chill(1000);
	printf("%d\n", timestamp);
}

syscall::openat:return
{
	system("echo %d %s", pid, execname);
	freopen("/tmp/out.%d", pid);
	freopen("");
	ftruncate();
	chill(arg0);
}

profile-997
{
	chill(10);
}
