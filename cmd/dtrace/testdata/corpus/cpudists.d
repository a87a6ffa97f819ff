#!/usr/sbin/dtrace -s
/*
 * cpudists.d - distribution of on-CPU run times and off-CPU wait times by
 * process name, with the thread priority at switch-in.
 *
 * Resembles the DTraceToolkit's cpudists and the sched provider examples
 * of the Dynamic Tracing Guide.
 */

sched:::on-cpu
{
	self->on = timestamp;
	@pri[execname] = lquantize(curlwpsinfo->pr_pri, 0, 100, 10);
}

sched:::off-cpu
/self->on/
{
	@oncpu[execname] = quantize(timestamp - self->on);
	self->on = 0;
	self->off = timestamp;
}

sched:::on-cpu
/self->off/
{
	@offcpu[execname] = quantize(timestamp - self->off);
	self->off = 0;
}

sched:::enqueue
{
	@qlen[args[2]->cpu_id] = lquantize(cpu, 0, 64, 1);
}
