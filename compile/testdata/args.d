/* Typed probe arguments, args[]: the system call's types, in
 * predicates, subroutine arguments, aggregation keys and arithmetic. */
syscall::openat:entry
/args[0] == -100 && args[3] >= 0/
{
	@opens[copyinstr(args[1]), args[2]] = count();
	self->path = args[1];
	printf("%s %d %d\n", copyinstr(args[1]), args[0] + 1, args[2] & 0x40);
}

syscall::openat:return
/self->path && args[0] >= 0/
{
	@fds[args[0] == args[1]] = count();
	self->path = 0;
}

syscall::read:entry
{
	@bytes = sum(args[2]);
	trace(args[1]);
	trace(*args[1]);
}

syscall::mmap:entry
{
	@len = quantize(args[1]);
	trace(args[5] / 4096);
}
