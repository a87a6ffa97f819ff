#!/usr/sbin/dtrace -s
/*
 * errinfo.d - count failing system calls by process, system call and
 * errno.
 *
 * Resembles the DTraceToolkit's errinfo (its -c counting mode).
 */

#pragma D option quiet

dtrace:::BEGIN
{
	printf("Tracing... Hit Ctrl-C to end.\n");
}

syscall:::return
/errno != 0 && execname != "dtrace"/
{
	@errs[execname, probefunc, errno] = count();
}

dtrace:::END
{
	printf("%16s %16s %4s %8s\n", "EXEC", "SYSCALL", "ERR", "COUNT");
	printa("%16s %16s %4d %@8d\n", @errs);
}
