#!/usr/sbin/dtrace -s
/*
 * printa_normalize.d - per-second read(2) rates, sizes and latencies:
 * normalize / denormalize, every aggregating function, and printa formats.
 *
 * Resembles the Dynamic Tracing Guide's aggregation chapter (normalize
 * example) and the DTraceToolkit's rate-reporting scripts.
 */

#pragma D option quiet
#pragma D option aggsortkey

dtrace:::BEGIN
{
	start = timestamp;
}

syscall::read:entry
{
	self->ts = timestamp;
	@calls[execname] = count();
}

syscall::read:return
/self->ts && (int)arg0 >= 0/
{
	this->ns = timestamp - self->ts;
	@rate[execname] = count();
	@bytes[execname] = sum(arg0);
	@avgsz[execname] = avg(arg0);
	@minsz[execname] = min(arg0);
	@maxsz[execname] = max(arg0);
	@sdsz[execname] = stddev(arg0);
	@lin[execname] = lquantize(arg0, 0, 4096, 512);
	@log[execname] = llquantize(this->ns, 10, 3, 9, 10);
	self->ts = 0;
}

dtrace:::END
{
	this->secs = (timestamp - start) / 1000000000;
	normalize(@rate, this->secs > 0 ? this->secs : 1);
	printf("%-16s %10s %10s %8s %8s %8s %8s\n", "EXEC", "READS/s",
	    "BYTES", "AVG", "MIN", "MAX", "STDDEV");
	printa("%-16s %@10d %@10d %@8d %@8d %@8d %@8d\n", @rate, @bytes,
	    @avgsz, @minsz, @maxsz, @sdsz);
	denormalize(@rate);
	printa("%-16s %@d reads in total\n", @rate);
	printa(@lin);
	printa(@log);
}
