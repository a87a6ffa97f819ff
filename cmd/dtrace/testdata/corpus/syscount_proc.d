#!/usr/sbin/dtrace -s
/*
 * syscount_proc.d - count system calls by process name until Ctrl-C.
 *
 * Resembles the DTraceToolkit's syscallbyproc.d and the classic one-liner
 * dtrace -n 'syscall:::entry { @[execname] = count(); }'.
 */

#pragma D option quiet

dtrace:::BEGIN
{
	printf("Tracing... Hit Ctrl-C to end.\n");
}

syscall:::entry
{
	@num[execname] = count();
}

dtrace:::END
{
	printf("%-32s %8s\n", "PROCESS", "SYSCALLS");
	printa("%-32s %@8d\n", @num);
}
