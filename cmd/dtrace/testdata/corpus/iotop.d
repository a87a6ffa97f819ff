#!/usr/sbin/dtrace -s
/*
 * iotop.d - every five seconds, the processes doing the most disk I/O,
 * by device, in kilobytes.
 *
 * Resembles the DTraceToolkit's iotop, and FreeBSD's disk I/O examples
 * in /usr/share/dtrace.
 */

#pragma D option quiet

io:::start
{
	@kbytes[pid, execname, args[1]->dev_statname,
	    args[0]->b_flags & B_READ ? "R" : "W"] = sum(args[0]->b_bcount);
	@sizes[args[1]->dev_statname] = quantize(args[0]->b_bcount);
}

tick-5s
{
	normalize(@kbytes, 1024);
	trunc(@kbytes, 20);
	printf("\n%6s %-16s %-8s %1s %10s\n", "PID", "CMD", "DEVICE", "D",
	    "KBYTES");
	printa("%6d %-16s %-8s %1s %@10d\n", @kbytes);
	trunc(@kbytes);
}

dtrace:::END
{
	printa(@sizes);
}
