#!/usr/sbin/dtrace -s
/*
 * tcpaccept.d - count inbound TCP connections by remote address and local
 * port, and outbound ones by remote address and port.
 *
 * Resembles the tcp provider examples of the Dynamic Tracing Guide
 * (tcpaccept / tcpconnect one-liners).
 */

#pragma D option quiet

tcp:::accept-established
{
	@inbound[args[3]->tcps_raddr, args[3]->tcps_lport] = count();
}

tcp:::connect-established
{
	@outbound[args[3]->tcps_raddr, args[3]->tcps_rport] = count();
}

tcp:::accept-refused
{
	@refused[args[2]->ip_daddr, args[4]->tcp_sport] = count();
}

dtrace:::END
{
	printf("Inbound:\n");
	printa("  %-32s %5d %@8d\n", @inbound);
	printf("Outbound:\n");
	printa("  %-32s %5d %@8d\n", @outbound);
	printf("Refused:\n");
	printa("  %-32s %5d %@8d\n", @refused);
}
