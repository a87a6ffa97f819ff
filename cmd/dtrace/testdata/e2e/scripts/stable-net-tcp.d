/*
 * The tcp provider on the tcp workload's connection (by the port its
 * server listens on): the handshake from both ends, the bytes each way
 * in the segments sent and received, the state changes of each end, and
 * the connection refused once the server has closed.
 */
#pragma D option quiet

uint32_t ciss, siss;	/* the client's and the server's initial sequence numbers */

BEGIN
{
	cport = 0;
	isn = 0;
	isnsends = 0;
	fins = 0;
	sent = 0;
	retransmits = 0;
}

tcp:::state-change
/pid == $target && args[3]->tcps_state == TCP_STATE_LISTEN/
{
	port = args[3]->tcps_lport;
	printf("listen %s, by target %d\n", args[3]->tcps_laddr, pid == $target);
}

tcp:::connect-request
/port && args[4]->tcp_dport == port && !cport/
{
	cport = args[4]->tcp_sport;
}

tcp:::connect-request
/port && args[4]->tcp_dport == port/
{
	printf("%s %s -> %s, to server %d, flags %x, by target %d\n", probename,
	    args[2]->ip_saddr, args[2]->ip_daddr, args[3]->tcps_rport == port,
	    args[4]->tcp_flags, pid == $target);
	printf("  %s, from %s, lport is sport %d, ip_plength %d\n",
	    tcp_state_string[args[3]->tcps_state], args[3]->tcps_laddr,
	    args[3]->tcps_lport == args[4]->tcp_sport, args[2]->ip_plength);
}

tcp:::connect-established, tcp:::accept-established
/port && (args[3]->tcps_lport == port || args[3]->tcps_rport == port)/
{
	printf("%s %s -> %s, from server %d, flags %x\n", probename,
	    args[2]->ip_saddr, args[2]->ip_daddr, args[4]->tcp_sport == port,
	    args[4]->tcp_flags);
	printf("  %s, local %d, pktinfo %d\n",
	    tcp_state_string[args[3]->tcps_state], args[3]->tcps_local,
	    args[0]->pkt_addr);
}

/*
 * The initial sequence numbers are those of the SYN and the SYN-ACK; the
 * sockets must report them, and each end the other's as received.
 */
tcp:::send
/port && args[4]->tcp_dport == port && args[4]->tcp_flags == TH_SYN && !ciss/
{
	ciss = args[4]->tcp_seq;
}

tcp:::send
/port && args[4]->tcp_sport == port && args[4]->tcp_flags == (TH_SYN | TH_ACK)/
{
	siss = args[4]->tcp_seq;
}

tcp:::send
/port && args[3]->tcps_addr != 0 && args[4]->tcp_sport == cport/
{
	isn += args[3]->tcps_iss == ciss && (args[4]->tcp_flags & TH_SYN ||
	    args[3]->tcps_irs == siss);
	isnsends++;
}

tcp:::send
/port && args[3]->tcps_addr != 0 && args[4]->tcp_sport == port/
{
	isn += args[3]->tcps_iss == siss && args[3]->tcps_irs == ciss;
	isnsends++;
}

tcp:::send, tcp:::receive
/port && (args[4]->tcp_sport == port || args[4]->tcp_dport == port)/
{
	@bytes[probename, args[4]->tcp_dport == port ? "to server" : "to client"] =
	    sum(args[2]->ip_plength - args[4]->tcp_offset);
	@ends[probename, args[3]->tcps_laddr, args[3]->tcps_raddr] = max(1);
	fins += args[4]->tcp_flags & TH_FIN ? 1 : 0;
	sent += probename == "send" && args[3]->tcps_addr != 0;
	retransmits += args[3]->tcps_retransmit;
}

/*
 * A socket that closes has given its port back: the listener's change
 * to closed is seen by its process, the others' by the remote port too.
 */
tcp:::state-change
/port && (pid == $target || args[3]->tcps_lport == port ||
    args[3]->tcps_rport == port || args[3]->tcps_rport == cport)/
{
	@changes[args[3]->tcps_lport == port || args[3]->tcps_rport == cport ||
	    args[3]->tcps_rport == 0 ? "server" : "client",
	    tcp_state_string[args[5]->tcps_state],
	    tcp_state_string[args[3]->tcps_state]] = count();
}

tcp:::accept-refused
/port && args[4]->tcp_sport == port/
{
	printf("%s %s -> %s, flags %x, ack %d, lport %d\n", probename,
	    args[2]->ip_saddr, args[2]->ip_daddr, args[4]->tcp_flags,
	    args[4]->tcp_ack != 0, args[3]->tcps_lport == port);
}

tcp:::connect-refused
/port && args[3]->tcps_rport == port/
{
	printf("%s %s -> %s, flags %x, %s\n", probename, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[4]->tcp_flags,
	    tcp_state_string[args[3]->tcps_state]);
}

END
{
	printf("FINs %d, sent from a socket %d, retransmits %d\n", fins, sent > 0,
	    retransmits);
	printf("initial sequence numbers wrong in %d segments sent, right in some %d\n",
	    isnsends - isn, isn > 0);
	printa("%s %s: %@d bytes\n", @bytes);
	printa("%s %s -> %s\n", @ends);
	printa("%s %s -> %s: %@d\n", @changes);
}
