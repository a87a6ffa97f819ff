#!/usr/sbin/dtrace -s
/*
 * rwbytes.d - bytes read and written by process, and the distribution of
 * successful read and write sizes.
 *
 * Resembles the DTraceToolkit's rwbytype.d / bitesize.d and Brendan Gregg's
 * "syscall::read:return { @ = quantize(arg0); }" one-liner.
 */

#pragma D option quiet

syscall::read:return,
syscall::write:return
/(int)arg0 > 0/
{
	@bytes[execname, probefunc] = sum(arg0);
	@dist[probefunc] = quantize(arg0);
}

syscall::pread64:return,
syscall::pwrite64:return
/(int)arg0 > 0/
{
	@bytes[execname, probefunc] = sum(arg0);
}

dtrace:::END
{
	printf("%-20s %-10s %12s\n", "EXEC", "SYSCALL", "BYTES");
	printa("%-20s %-10s %@12d\n", @bytes);
	printa(@dist);
}
