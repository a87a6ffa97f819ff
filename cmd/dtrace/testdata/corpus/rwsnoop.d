#!/usr/sbin/dtrace -s
/*
 * rwsnoop.d - snoop read(2) and write(2) calls with the path of the file
 * descriptor, from the fds[] array.
 *
 * Resembles the DTraceToolkit's rwsnoop.
 */

#pragma D option quiet
#pragma D option switchrate=10hz

dtrace:::BEGIN
{
	printf("%5s %6s %-12s %1s %7s %s\n", "UID", "PID", "CMD", "D",
	    "BYTES", "FILE");
}

syscall::read:entry,
syscall::write:entry
{
	self->fd = arg0 + 1;
}

syscall::read:return,
syscall::write:return
/self->fd && (int)arg0 >= 0/
{
	this->path = fds[self->fd - 1].fi_pathname;
	printf("%5d %6d %-12.12s %1s %7d %s\n", uid, pid, execname,
	    probefunc == "read" ? "R" : "W", (int)arg0,
	    this->path == "<none>" ? "<unknown>" : this->path);
	self->fd = 0;
}

syscall::read:return,
syscall::write:return
/self->fd/
{
	self->fd = 0;
}
