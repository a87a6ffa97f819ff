#!/usr/sbin/dtrace -s
/*
 * tcpstate.d - print TCP state transitions with the time spent in the
 * previous state.
 *
 * Resembles FreeBSD's /usr/share/dtrace/tcpstate script.
 */

#pragma D option quiet
#pragma D option switchrate=25hz

int last[int];

dtrace:::BEGIN
{
	printf("%-12s %-20s  %-20s %s\n", "DELTA(us)", "OLD", "NEW",
	    "CONNECTION");
}

tcp:::state-change
{
	this->now = timestamp;
	this->elapsed = last[args[1]->cs_cid] != 0 ?
	    (this->now - last[args[1]->cs_cid]) / 1000 : 0;
	printf("%-12d %-20s -> %-20s %s:%d\n", this->elapsed,
	    tcp_state_string[args[5]->tcps_state],
	    tcp_state_string[args[3]->tcps_state],
	    args[3]->tcps_raddr, args[3]->tcps_rport);
	last[args[1]->cs_cid] = this->now;
}
