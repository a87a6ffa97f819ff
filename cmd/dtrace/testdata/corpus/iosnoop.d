#!/usr/sbin/dtrace -s
/*
 * iosnoop.d - print each disk I/O as it completes: device, block, size,
 * direction, latency and the file it was for.
 *
 * Resembles the DTraceToolkit's iosnoop (io provider version).
 */

#pragma D option quiet
#pragma D option switchrate=10hz

dtrace:::BEGIN
{
	printf("%-10s %5s %1s %10s %6s %8s %s\n", "DEVICE", "PID", "D",
	    "BLOCK", "SIZE", "TIME(us)", "PATHNAME");
}

io:::start
{
	start_time[args[0]->b_edev, args[0]->b_blkno] = timestamp;
	start_pid[args[0]->b_edev, args[0]->b_blkno] = pid;
}

io:::done
/start_time[args[0]->b_edev, args[0]->b_blkno]/
{
	this->delta = (timestamp -
	    start_time[args[0]->b_edev, args[0]->b_blkno]) / 1000;
	printf("%-10s %5d %1s %10d %6d %8d %s\n", args[1]->dev_statname,
	    start_pid[args[0]->b_edev, args[0]->b_blkno],
	    args[0]->b_flags & B_READ ? "R" : "W", args[0]->b_blkno,
	    args[0]->b_bcount, this->delta, args[2]->fi_pathname);
	start_time[args[0]->b_edev, args[0]->b_blkno] = 0;
	start_pid[args[0]->b_edev, args[0]->b_blkno] = 0;
}
