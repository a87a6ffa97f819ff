#!/usr/sbin/dtrace -s
/*
 * syslat.d - per-process system call latency, as power-of-two histograms
 * in nanoseconds, timed with thread-local variables.
 *
 * Resembles the Dynamic Tracing Guide's thread-local variable examples and
 * Brendan Gregg's "syscall latency by process" one-liner.
 */

syscall::read:entry,
syscall::write:entry,
syscall::openat:entry,
syscall::close:entry
{
	self->ts = timestamp;
}

syscall::read:return,
syscall::write:return,
syscall::openat:return,
syscall::close:return
/self->ts != 0/
{
	this->delta = timestamp - self->ts;
	@lat[execname, probefunc] = quantize(this->delta);
	@max[probefunc] = max(this->delta);
	@avg[probefunc] = avg(this->delta);
	self->ts = 0;
}

tick-10s
{
	exit(0);
}
