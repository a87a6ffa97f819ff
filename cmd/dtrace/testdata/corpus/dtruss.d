#!/usr/sbin/dtrace -s
/*
 * dtruss.d - print the system calls of the target process with their
 * first three arguments and return value, like truss(1) or strace(1).
 *
 * Resembles the D program inside the DTraceToolkit's dtruss.
 * Usage: dtrace -s dtruss.d -p PID   (or -c CMD)
 */

#pragma D option quiet
#pragma D option switchrate=10hz

syscall:::entry
/pid == $target/
{
	self->arg0 = arg0;
	self->arg1 = arg1;
	self->arg2 = arg2;
	self->start = timestamp;
}

syscall:::return
/pid == $target && self->start/
{
	this->elapsed = (timestamp - self->start) / 1000;
	printf("%6d/%d: %8d %s(0x%X, 0x%X, 0x%X)\t\t = %d %s%d\n", pid, tid,
	    this->elapsed, probefunc, self->arg0, self->arg1, self->arg2,
	    (int)arg0, errno != 0 ? "Err#" : "", errno);
	self->arg0 = 0;
	self->arg1 = 0;
	self->arg2 = 0;
	self->start = 0;
}

proc:::exit
/pid == $target/
{
	exit(0);
}
