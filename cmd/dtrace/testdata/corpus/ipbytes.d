#!/usr/bin/dtrace -s
/*
 * ipbytes.d - IP payload bytes sent and received by remote host, and TCP
 * payload bytes by process.
 *
 * Resembles the DTraceToolkit's tcptop / the ip provider one-liners.
 */

#pragma D option quiet

ip:::send
{
	@sent[args[2]->ip_daddr] = sum(args[2]->ip_plength);
}

ip:::receive
{
	@recv[args[2]->ip_saddr] = sum(args[2]->ip_plength);
}

tcp:::send,
tcp:::receive
/args[1]->cs_pid != -1/
{
	@tcp[args[1]->cs_pid, probename] = sum(args[2]->ip_plength -
	    args[4]->tcp_offset);
}

tick-10sec
{
	printa("sent %-32s %@12d\n", @sent);
	printa("recv %-32s %@12d\n", @recv);
	printa("tcp %6d %-8s %@12d\n", @tcp);
	exit(0);
}
