#!/usr/sbin/dtrace -s
/*
 * procsystime.d - elapsed and on-CPU time spent in each system call, in
 * microseconds, for one process name given as the first argument.
 *
 * Resembles the DTraceToolkit's procsystime.
 * Usage: procsystime.d bash
 */

#pragma D option quiet

syscall:::entry
/execname == $$1/
{
	self->start = timestamp;
	self->vstart = vtimestamp;
}

syscall:::return
/self->start/
{
	@elapsed[probefunc] = sum(timestamp - self->start);
	@oncpu[probefunc] = sum(vtimestamp - self->vstart);
	@calls[probefunc] = count();
	self->start = 0;
	self->vstart = 0;
}

dtrace:::END
{
	normalize(@elapsed, 1000);
	normalize(@oncpu, 1000);
	printf("Elapsed times (us):\n");
	printa("%20s %@12d\n", @elapsed);
	printf("\nCPU times (us):\n");
	printa("%20s %@12d\n", @oncpu);
	printf("\nSyscall counts:\n");
	printa("%20s %@12d\n", @calls);
}
