#!/usr/sbin/dtrace -s
/*
 * topsyscall.d - print the ten most frequent system calls every five
 * seconds, leaving out dtrace's own calls.
 *
 * Resembles the DTraceToolkit's topsyscall and syscallbysysc.d.
 */

#pragma D option quiet
#pragma D option aggsortrev

syscall:::entry
/pid != $pid/
{
	@calls[probefunc] = count();
	@total = count();
}

profile:::tick-5sec
{
	trunc(@calls, 10);
	printf("\n%Y\n", walltimestamp);
	printf("%-24s %10s\n", "SYSCALL", "COUNT");
	printa("%-24s %@10d\n", @calls);
	printa("total: %@d\n", @total);
	clear(@calls);
	clear(@total);
}
