/*
 * One printf() of eight translated address strings: each argument's
 * string is copied into the record before the next is made, so the
 * clause needs the scratch space of one, not of eight.
 */
#pragma D option quiet

udp:::send
/pid == $target/
{
	printf("%s %s %s %s | %s %s %s %s\n", args[2]->ip_saddr,
	    args[2]->ip_daddr, args[3]->udps_laddr, args[3]->udps_raddr,
	    args[2]->ip_daddr, args[2]->ip_saddr, args[3]->udps_raddr,
	    args[3]->udps_laddr);
}
