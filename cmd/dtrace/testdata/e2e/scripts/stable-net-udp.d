/*
 * The udp and ip providers on the udp workload: a datagram to itself
 * over IPv4, then over IPv6, each seen sent and received, at the UDP
 * layer and at the IP layer. The ports the target sends to select the
 * datagrams received, which may be seen in another context.
 */
#pragma D option quiet

udp:::send
/pid == $target/
{
	port[args[4]->udp_dport] = 1;
}

udp:::send, udp:::receive
/port[args[4]->udp_dport]/
{
	printf("udp:::%s %s -> %s, ports equal %d, udp_length %d\n", probename,
	    args[2]->ip_saddr, args[2]->ip_daddr,
	    args[4]->udp_sport == args[4]->udp_dport, args[4]->udp_length);
	printf("  udps %s:%d -> %s:%d, socket %d\n", args[3]->udps_laddr,
	    args[3]->udps_lport == args[4]->udp_sport, args[3]->udps_raddr,
	    args[3]->udps_rport == args[4]->udp_dport, args[3]->udps_addr != 0);
}

ip:::send, ip:::receive
/args[2]->ip_plength == 108 && (pid == $target || args[3]->if_local)/
{
	printf("ip:::%s v%d %s -> %s, plength %d, on %s, local %d, socket %d\n",
	    probename, args[2]->ip_ver, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[2]->ip_plength, args[3]->if_name, args[3]->if_local,
	    args[1]->cs_addr != 0);
}

ip:::send, ip:::receive
/args[2]->ip_plength == 108 && args[4]->ipv4_ver == 4/
{
	printf("  ipv4 %s, ihl %d, length %d, ttl %d, %s -> %s, hdr %d\n",
	    args[4]->ipv4_protostr, args[4]->ipv4_ihl, args[4]->ipv4_length,
	    args[4]->ipv4_ttl, args[4]->ipv4_saddr, args[4]->ipv4_daddr,
	    args[4]->ipv4_hdr == (struct iphdr *)arg2);
}

ip:::send, ip:::receive
/args[2]->ip_plength == 108 && args[5]->ipv6_ver == 6/
{
	printf("  ipv6 %s, plen %d, hlim %d, %s -> %s, hdr %d\n",
	    args[5]->ipv6_nextstr, args[5]->ipv6_plen, args[5]->ipv6_hlim,
	    args[5]->ipv6_saddr, args[5]->ipv6_daddr,
	    args[5]->ipv6_hdr == (struct ipv6hdr *)arg2);
}
