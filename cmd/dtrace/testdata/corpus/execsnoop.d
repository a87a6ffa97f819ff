#!/usr/sbin/dtrace -s
/*
 * execsnoop.d - print each new process as it execs: time, uid, pid, ppid
 * and arguments.
 *
 * Resembles the DTraceToolkit's execsnoop (proc provider version).
 */

#pragma D option quiet
#pragma D option switchrate=10hz

dtrace:::BEGIN
{
	printf("%-20s %5s %6s %6s %s\n", "TIME", "UID", "PID", "PPID", "ARGS");
}

proc:::exec-success
{
	printf("%-20Y %5d %6d %6d %s\n", walltimestamp, uid, pid, ppid,
	    curpsinfo->pr_psargs);
}
