/*
 * udp.d: the udp provider's arguments, udpinfo_t (a UDP header) and
 * udpsinfo_t (the ends of a datagram), translated from Linux's struct
 * udphdr and struct udp_sock. The ends come from the datagram: a
 * socket need not be connected, and a datagram received is translated
 * before UDP finds its socket.
 */

#pragma D depends_on library net.d

typedef struct udpinfo {
	uint16_t udp_sport;
	uint16_t udp_dport;
	uint16_t udp_length;	/* header and payload */
	uint16_t udp_checksum;
	struct udphdr *udp_hdr;
} udpinfo_t;

typedef struct udpsinfo {
	uintptr_t udps_addr;	/* the struct udp_sock, or 0 */
	uint16_t udps_lport;
	uint16_t udps_rport;
	string udps_laddr;
	string udps_raddr;
} udpsinfo_t;

translator udpinfo_t < struct udphdr *U > {
	udp_sport = U != NULL ? ntohs(U->source) : 0;
	udp_dport = U != NULL ? ntohs(U->dest) : 0;
	udp_length = U != NULL ? ntohs(U->len) : 0;
	udp_checksum = U != NULL ? ntohs(U->check) : 0;
	udp_hdr = U;
};

translator udpsinfo_t < struct udp_sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = __net_lport;
	udps_rport = __net_rport;
	udps_laddr = __net_ver == 0 ? "<unknown>" : __net_ntop[__net_laddr];
	udps_raddr = __net_ver == 0 ? "<unknown>" : __net_ntop[__net_raddr];
};
