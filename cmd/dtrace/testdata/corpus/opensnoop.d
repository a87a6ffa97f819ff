#!/usr/sbin/dtrace -s
/*
 * opensnoop.d - snoop openat(2) calls: pid, process, file descriptor,
 * errno and path.
 *
 * Resembles the DTraceToolkit's opensnoop, with openat instead of open.
 */

#pragma D option quiet
#pragma D option switchrate=10hz

dtrace:::BEGIN
{
	printf("%5s %6s %-16s %4s %3s %s\n", "UID", "PID", "COMM", "FD",
	    "ERR", "PATH");
}

syscall::openat:entry
{
	self->pathp = arg1;
	self->flags = arg2;
}

syscall::openat:return
/self->pathp != NULL/
{
	printf("%5d %6d %-16s %4d %3d %s\n", uid, pid, execname, (int)arg0,
	    errno, copyinstr(self->pathp));
	self->pathp = 0;
	self->flags = 0;
}
