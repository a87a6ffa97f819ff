/*
 * net.d: the arguments the ip, tcp and udp providers have in common,
 * pktinfo_t, csinfo_t and ipinfo_t, and the ip provider's own, ifinfo_t,
 * ipv4info_t and ipv6info_t.
 *
 * The providers see packets below the protocols (provider/stable/net.go):
 * as a device queues them for sending and as it hands them up. Their
 * native arguments are the sk_buff (arg0), its socket (arg1), the IP
 * header (arg2), the protocol's socket (arg3), the header after IP
 * (arg4) and the direction (arg6). A probe without a packet (a TCP state
 * change) has arg2 and arg4 NULL: its addresses and ports come from the
 * socket, the direction saying which end is the source.
 */

typedef uint32_t ipaddr_t;
typedef struct in6_addr in6_addr_t;
typedef uintptr_t netstackid_t;

/*
 * An IP header of either version: its first byte tells which.
 */
typedef uintptr_t void_ip_t;

inline int AF_INET = 2;
inline int AF_INET6 = 10;

/* link_ntop()'s hardware types, as Linux (and Oracle's net.d) number them. */
inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;

inline int IPPROTO_IP = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_IGMP = 2;
inline int IPPROTO_IPIP = 4;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_EGP = 8;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ROUTING = 43;
inline int IPPROTO_FRAGMENT = 44;
inline int IPPROTO_GRE = 47;
inline int IPPROTO_ESP = 50;
inline int IPPROTO_AH = 51;
inline int IPPROTO_ICMPV6 = 58;
inline int IPPROTO_NONE = 59;
inline int IPPROTO_DSTOPTS = 60;
inline int IPPROTO_OSPF = 89;
inline int IPPROTO_PIM = 103;
inline int IPPROTO_SCTP = 132;
inline int IPPROTO_UDPLITE = 136;
inline int IPPROTO_RAW = 255;

/*
 * The directions a probe's arg6 gives: a packet sent, a packet received,
 * a packet received whose reply the probe describes (tcp:::accept-refused
 * shows the reset sent for a SYN), and a TCP state change.
 */
inline int NET_DIR_OUT = 0;
inline int NET_DIR_IN = 1;
inline int NET_DIR_REPLY = 2;
inline int NET_DIR_STATE = 3;

typedef struct pktinfo {
	uintptr_t pkt_addr;	/* the struct sk_buff */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;	/* the struct sock */
	uint64_t cs_cid;	/* connection: the struct sock's address too */
	pid_t cs_pid;		/* creating process: not kept by Linux, 0 */
	zoneid_t cs_zoneid;	/* 0 */
} csinfo_t;

typedef struct ipinfo {
	uint8_t ip_ver;		/* 4 or 6 */
	uint32_t ip_plength;	/* payload bytes, after the IP header */
	string ip_saddr;	/* source address */
	string ip_daddr;	/* destination address */
} ipinfo_t;

typedef struct ifinfo {
	string if_name;		/* the device's name */
	int8_t if_local;	/* the loopback device */
	netstackid_t if_ipstack; /* the device's network namespace */
	uintptr_t if_addr;	/* the struct net_device */
} ifinfo_t;

typedef struct ipv4info {
	uint8_t ipv4_ver;
	uint8_t ipv4_ihl;	/* header length, bytes */
	uint8_t ipv4_tos;
	uint16_t ipv4_length;	/* header and payload */
	uint16_t ipv4_ident;
	uint8_t ipv4_flags;
	uint16_t ipv4_offset;	/* fragment offset */
	uint8_t ipv4_ttl;
	uint8_t ipv4_protocol;
	string ipv4_protostr;
	uint16_t ipv4_checksum;
	ipaddr_t ipv4_src;
	ipaddr_t ipv4_dst;
	string ipv4_saddr;
	string ipv4_daddr;
	struct iphdr *ipv4_hdr;
} ipv4info_t;

typedef struct ipv6info {
	uint8_t ipv6_ver;
	uint8_t ipv6_tclass;	/* traffic class */
	uint32_t ipv6_flow;	/* flow label */
	uint16_t ipv6_plen;	/* payload length */
	uint8_t ipv6_nexthdr;
	string ipv6_nextstr;
	uint8_t ipv6_hlim;	/* hop limit */
	in6_addr_t *ipv6_src;
	in6_addr_t *ipv6_dst;
	string ipv6_saddr;
	string ipv6_daddr;
	struct ipv6hdr *ipv6_hdr;
} ipv6info_t;

/*
 * The name of IP protocol P, or its number.
 */
inline string __net_protostr[int P] =
    P == IPPROTO_TCP ? "TCP" : P == IPPROTO_UDP ? "UDP" :
    P == IPPROTO_ICMP ? "ICMP" : P == IPPROTO_ICMPV6 ? "ICMPv6" :
    P == IPPROTO_IGMP ? "IGMP" : P == IPPROTO_IP ? "IP" :
    P == IPPROTO_IPV6 ? "IPv6" : P == IPPROTO_ROUTING ? "ROUTE" :
    P == IPPROTO_FRAGMENT ? "FRAG" : P == IPPROTO_GRE ? "GRE" :
    P == IPPROTO_ESP ? "ESP" : P == IPPROTO_AH ? "AH" :
    P == IPPROTO_OSPF ? "OSPF" : P == IPPROTO_SCTP ? "SCTP" :
    P == IPPROTO_EGP ? "EGP" : P == IPPROTO_PIM ? "PIM" :
    P == IPPROTO_UDPLITE ? "UDPLITE" : P == IPPROTO_RAW ? "RAW" :
    lltostr(P);

/*
 * The probe's IP version: the packet's, or without one, its socket's.
 */
inline int __net_ver = arg2 != NULL ? *(uint8_t *)arg2 >> 4 :
    arg1 == NULL ? 0 :
    ((struct sock *)arg1)->__sk_common.skc_family == AF_INET6 ? 6 : 4;

/*
 * Where the local and the remote addresses are: in the packet's header,
 * the destination of a packet received, or in the socket.
 */
inline uintptr_t __net_hsrc = __net_ver == 4 ?
    (uintptr_t)&((struct iphdr *)arg2)->saddr :
    (uintptr_t)&((struct ipv6hdr *)arg2)->saddr;
inline uintptr_t __net_hdst = __net_ver == 4 ?
    (uintptr_t)&((struct iphdr *)arg2)->daddr :
    (uintptr_t)&((struct ipv6hdr *)arg2)->daddr;
inline uintptr_t __net_laddr = arg2 != NULL ?
    (arg6 == NET_DIR_OUT ? __net_hsrc : __net_hdst) :
    __net_ver == 4 ?
    (uintptr_t)&((struct sock *)arg1)->__sk_common.skc_rcv_saddr :
    (uintptr_t)&((struct sock *)arg1)->__sk_common.skc_v6_rcv_saddr;
inline uintptr_t __net_raddr = arg2 != NULL ?
    (arg6 == NET_DIR_OUT ? __net_hdst : __net_hsrc) :
    __net_ver == 4 ?
    (uintptr_t)&((struct sock *)arg1)->__sk_common.skc_daddr :
    (uintptr_t)&((struct sock *)arg1)->__sk_common.skc_v6_daddr;

/*
 * Whether the probe's packet leaves this end: one sent, or the reply.
 */
inline int __net_fromlocal = arg6 == NET_DIR_OUT || arg6 == NET_DIR_REPLY;

/*
 * The address at A as a string, for the probe's IP version.
 */
inline string __net_ntop[uintptr_t A] =
    __net_ver == 4 ? inet_ntoa((ipaddr_t *)A) :
    __net_ver == 6 ? inet_ntoa6((in6_addr_t *)A) : "<unknown>";

/*
 * Whether the local and remote addresses are the same: a connection
 * within this host.
 */
inline int __net_islocal = __net_ver == 4 ?
    *(uint32_t *)__net_laddr == *(uint32_t *)__net_raddr :
    __net_ver == 6 &&
    *(uint64_t *)__net_laddr == *(uint64_t *)__net_raddr &&
    *(uint64_t *)(__net_laddr + 8) == *(uint64_t *)(__net_raddr + 8);

/*
 * The local and remote ports: in the header after IP (TCP's and UDP's
 * begin with the source and destination ports), or in the socket.
 */
inline uint16_t __net_lport = arg4 != NULL ?
    ntohs(*(uint16_t *)(arg4 + (arg6 == NET_DIR_OUT ? 0 : 2))) :
    arg1 != NULL ? ((struct sock *)arg1)->__sk_common.skc_num : 0;
inline uint16_t __net_rport = arg4 != NULL ?
    ntohs(*(uint16_t *)(arg4 + (arg6 == NET_DIR_OUT ? 2 : 0))) :
    arg1 != NULL ? ntohs(((struct sock *)arg1)->__sk_common.skc_dport) : 0;

translator pktinfo_t < struct sk_buff *S > {
	pkt_addr = (uintptr_t)S;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uintptr_t)S;
	cs_pid = 0;
	cs_zoneid = 0;
};

/*
 * The packet's, or without a packet, the socket's view of the packet
 * that would have been: source and destination by the direction.
 */
translator ipinfo_t < void_ip_t *I > {
	ip_ver = __net_ver;
	ip_plength = I == NULL ? 0 : __net_ver == 4 ?
	    ntohs(((struct iphdr *)I)->tot_len) - ((*(uint8_t *)I & 0xf) << 2) :
	    ntohs(((struct ipv6hdr *)I)->payload_len);
	ip_saddr = __net_ver == 0 ? "<unknown>" :
	    __net_ntop[__net_fromlocal ? __net_laddr : __net_raddr];
	ip_daddr = __net_ver == 0 ? "<unknown>" :
	    __net_ntop[__net_fromlocal ? __net_raddr : __net_laddr];
};

translator ifinfo_t < struct net_device *N > {
	if_name = N != NULL ? stringof(N->name) : "<unknown>";
	if_local = N != NULL && (N->flags & 0x8) != 0;	/* IFF_LOOPBACK */
	if_ipstack = N != NULL ? (netstackid_t)N->nd_net.net : 0;
	if_addr = (uintptr_t)N;
};

translator ipv4info_t < struct iphdr *I > {
	ipv4_ver = I != NULL ? 4 : 0;
	ipv4_ihl = I != NULL ? (*(uint8_t *)I & 0xf) << 2 : 0;
	ipv4_tos = I != NULL ? I->tos : 0;
	ipv4_length = I != NULL ? ntohs(I->tot_len) : 0;
	ipv4_ident = I != NULL ? ntohs(I->id) : 0;
	ipv4_flags = I != NULL ? ntohs(I->frag_off) >> 13 : 0;
	ipv4_offset = I != NULL ? ntohs(I->frag_off) & 0x1fff : 0;
	ipv4_ttl = I != NULL ? I->ttl : 0;
	ipv4_protocol = I != NULL ? I->protocol : 0;
	ipv4_protostr = I != NULL ? __net_protostr[I->protocol] : "<null>";
	ipv4_checksum = I != NULL ? ntohs(I->check) : 0;
	ipv4_src = I != NULL ? I->saddr : 0;
	ipv4_dst = I != NULL ? I->daddr : 0;
	ipv4_saddr = I != NULL ? inet_ntoa(&I->saddr) : "<null>";
	ipv4_daddr = I != NULL ? inet_ntoa(&I->daddr) : "<null>";
	ipv4_hdr = I;
};

/*
 * The first 32 bits of an IPv6 header are the version (4 bits), the
 * traffic class (8) and the flow label (20).
 */
translator ipv6info_t < struct ipv6hdr *I > {
	ipv6_ver = I != NULL ? 6 : 0;
	ipv6_tclass = I != NULL ? (ntohl(*(uint32_t *)I) >> 20) & 0xff : 0;
	ipv6_flow = I != NULL ? ntohl(*(uint32_t *)I) & 0xfffff : 0;
	ipv6_plen = I != NULL ? ntohs(I->payload_len) : 0;
	ipv6_nexthdr = I != NULL ? I->nexthdr : 0;
	ipv6_nextstr = I != NULL ? __net_protostr[I->nexthdr] : "<null>";
	ipv6_hlim = I != NULL ? I->hop_limit : 0;
	ipv6_src = I != NULL ? (in6_addr_t *)&I->saddr : NULL;
	ipv6_dst = I != NULL ? (in6_addr_t *)&I->daddr : NULL;
	ipv6_saddr = I != NULL ? inet_ntoa6(&I->saddr) : "<null>";
	ipv6_daddr = I != NULL ? inet_ntoa6(&I->daddr) : "<null>";
	ipv6_hdr = I;
};
