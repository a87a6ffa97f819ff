/*
 * cpp_defines.d - latency of fsync-like calls reported in milliseconds,
 * using C preprocessor macros and conditionals (run with dtrace -C).
 *
 * Resembles DTraceToolkit scripts that use #define and #if for tunables,
 * and the Guide's "Options and Tunables" / -C examples.
 */

#define	NSEC_PER_MSEC	1000000
#define	MSEC(ns)	((ns) / NSEC_PER_MSEC)
#define	TOPN		10
#define	SLOW_MS		1

#ifndef INTERVAL
#define	INTERVAL	10s
#endif

#pragma D option quiet

syscall::fsync:entry,
syscall::fdatasync:entry,
syscall::sync_file_range:entry
{
	self->ts = timestamp;
}

syscall::fsync:return,
syscall::fdatasync:return,
syscall::sync_file_range:return
/self->ts/
{
	this->ms = MSEC(timestamp - self->ts);
#if SLOW_MS > 0
	@slow[execname, probefunc] = count();
#endif
	@lat[probefunc] = lquantize(this->ms, 0, 100, 5);
	self->ts = 0;
}

profile:::tick-INTERVAL
{
	trunc(@slow, TOPN);
	printa("%-16s %-16s %@d\n", @slow);
	exit(0);
}
