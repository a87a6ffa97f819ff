/*
 * tcp.d: the tcp provider's arguments, tcpinfo_t (a TCP header),
 * tcpsinfo_t (a connection) and tcplsinfo_t (the state a connection
 * leaves), translated from Linux's struct tcphdr and struct tcp_sock.
 *
 * TCP states keep Linux's numbers (include/net/tcp_states.h) under
 * DTrace's names; Linux has no idle or bound state. A connection's end
 * in time-wait is not seen as a change to TCP_STATE_TIME_WAIT: Linux
 * moves it to a small time-wait socket and the socket closes.
 */

#pragma D depends_on library net.d

inline int TH_FIN = 0x01;
inline int TH_SYN = 0x02;
inline int TH_RST = 0x04;
inline int TH_PUSH = 0x08;
inline int TH_ACK = 0x10;
inline int TH_URG = 0x20;
inline int TH_ECE = 0x40;
inline int TH_CWR = 0x80;

inline int TCP_STATE_ESTABLISHED = 1;
inline int TCP_STATE_SYN_SENT = 2;
inline int TCP_STATE_SYN_RECEIVED = 3;
inline int TCP_STATE_FIN_WAIT_1 = 4;
inline int TCP_STATE_FIN_WAIT_2 = 5;
inline int TCP_STATE_TIME_WAIT = 6;
inline int TCP_STATE_CLOSED = 7;
inline int TCP_STATE_CLOSE_WAIT = 8;
inline int TCP_STATE_LAST_ACK = 9;
inline int TCP_STATE_LISTEN = 10;
inline int TCP_STATE_CLOSING = 11;

inline string tcp_state_string[int S] =
    S == TCP_STATE_CLOSED ? "state-closed" :
    S == TCP_STATE_LISTEN ? "state-listen" :
    S == TCP_STATE_SYN_SENT ? "state-syn-sent" :
    S == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
    S == TCP_STATE_ESTABLISHED ? "state-established" :
    S == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
    S == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
    S == TCP_STATE_CLOSING ? "state-closing" :
    S == TCP_STATE_LAST_ACK ? "state-last-ack" :
    S == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
    S == TCP_STATE_TIME_WAIT ? "state-time-wait" :
    "<unknown>";

typedef struct tcpinfo {
	uint16_t tcp_sport;	/* source port */
	uint16_t tcp_dport;	/* destination port */
	uint32_t tcp_seq;	/* sequence number */
	uint32_t tcp_ack;	/* acknowledgement number */
	uint8_t tcp_offset;	/* header length, bytes */
	uint8_t tcp_flags;	/* TH_* */
	uint16_t tcp_window;
	uint16_t tcp_checksum;
	uint16_t tcp_urgent;
	struct tcphdr *tcp_hdr;
} tcpinfo_t;

typedef struct tcpsinfo {
	uintptr_t tcps_addr;	/* the struct tcp_sock */
	int tcps_local;		/* both ends on this host */
	int tcps_active;	/* this end connected: not kept by Linux, 0 */
	uint16_t tcps_lport;
	uint16_t tcps_rport;
	string tcps_laddr;
	string tcps_raddr;
	int32_t tcps_state;	/* TCP_STATE_* */
	uint32_t tcps_iss;	/* initial sequence number sent */
	uint32_t tcps_suna;	/* oldest unacknowledged */
	uint32_t tcps_snxt;	/* next to send */
	uint32_t tcps_rack;	/* last acknowledged received: tcps_rnxt */
	uint32_t tcps_rnxt;	/* next expected */
	uint32_t tcps_swnd;	/* send window */
	int32_t tcps_snd_ws;	/* send window scale */
	uint32_t tcps_rwnd;	/* receive window */
	int32_t tcps_rcv_ws;	/* receive window scale */
	uint32_t tcps_cwnd;	/* congestion window, segments */
	uint32_t tcps_cwnd_ssthresh;
	uint32_t tcps_sack_fack; /* highest SACKed: not kept, tcps_suna */
	uint32_t tcps_sack_snxt; /* next to retransmit: tcps_suna */
	uint32_t tcps_rto;	/* retransmission timeout, jiffies */
	uint32_t tcps_mss;
	int tcps_retransmit;	/* a segment sent again */
	uint32_t tcps_rtt;	/* smoothed round-trip time, microseconds */
	uint32_t tcps_rtt_sd;	/* its mean deviation, microseconds */
	uint32_t tcps_irs;	/* initial sequence number received */
} tcpsinfo_t;

typedef struct tcplsinfo {
	int32_t tcps_state;	/* the state left */
} tcplsinfo_t;

/*
 * The header of the segment, or for accept-refused, of the reset sent in
 * reply to the SYN T (with the ports swapped, no sequence number, and
 * acknowledging the SYN, as Linux makes it). Without a segment, that of
 * the packet that ended the handshake: its ports, and its flags, which
 * the probe gives in arg5.
 */
translator tcpinfo_t < struct tcphdr *T > {
	tcp_sport = T == NULL || arg6 != NET_DIR_REPLY ?
	    (__net_fromlocal ? __net_lport : __net_rport) : __net_lport;
	tcp_dport = T == NULL || arg6 != NET_DIR_REPLY ?
	    (__net_fromlocal ? __net_rport : __net_lport) : __net_rport;
	tcp_seq = T == NULL || arg6 == NET_DIR_REPLY ? 0 : ntohl(T->seq);
	tcp_ack = T == NULL ? 0 :
	    arg6 == NET_DIR_REPLY ? ntohl(T->seq) + 1 : ntohl(T->ack_seq);
	tcp_offset = T == NULL ? 0 : arg6 == NET_DIR_REPLY ? 20 :
	    (*((uint8_t *)T + 12) >> 4) << 2;
	tcp_flags = T == NULL ? arg5 : arg6 == NET_DIR_REPLY ? TH_RST | TH_ACK :
	    *((uint8_t *)T + 13);
	tcp_window = T == NULL || arg6 == NET_DIR_REPLY ? 0 : ntohs(T->window);
	tcp_checksum = T == NULL || arg6 == NET_DIR_REPLY ? 0 : ntohs(T->check);
	tcp_urgent = T == NULL || arg6 == NET_DIR_REPLY ? 0 : ntohs(T->urg_ptr);
	tcp_hdr = T;
};

/*
 * The connection: ends and ports from the segment where there is one
 * (a segment received is translated before TCP finds its socket, so
 * the rest is then 0), state and sequence variables from the socket.
 * The probes of a change of state fire before it is made, and give the
 * new state in arg7.
 *
 * Linux keeps neither initial sequence number. The one sent is snd_una
 * less the bytes acknowledged, which count the SYN for a connection this
 * end opened but not for one accepted from a listener (whose socket was
 * made with its SYN already acknowledged, and keeps the listener's
 * nonzero backlog: a listen(fd, 0) socket's children are taken for
 * opened here). The one received is rcv_nxt less the bytes received and
 * the SYN.
 */
translator tcpsinfo_t < struct tcp_sock *T > {
	tcps_addr = (uintptr_t)T;
	tcps_local = __net_islocal;
	tcps_active = 0;
	tcps_lport = __net_lport;
	tcps_rport = __net_rport;
	tcps_laddr = __net_ver == 0 ? "<unknown>" : __net_ntop[__net_laddr];
	tcps_raddr = __net_ver == 0 ? "<unknown>" : __net_ntop[__net_raddr];
	tcps_state = arg7 != 0 ? arg7 :
	    T != NULL ? ((struct sock *)T)->__sk_common.skc_state : 0;
	tcps_iss = T == NULL ? 0 :
	    T->snd_una - (uint32_t)T->bytes_acked -
	    (((struct sock *)T)->sk_max_ack_backlog != 0 ? 1 : 0);
	tcps_suna = T != NULL ? T->snd_una : 0;
	tcps_snxt = T != NULL ? T->snd_nxt : 0;
	tcps_rack = T != NULL ? T->rcv_nxt : 0;
	tcps_rnxt = T != NULL ? T->rcv_nxt : 0;
	tcps_swnd = T != NULL ? T->snd_wnd : 0;
	tcps_snd_ws = T != NULL ? T->rx_opt.snd_wscale : 0;
	tcps_rwnd = T != NULL ? T->rcv_wnd : 0;
	tcps_rcv_ws = T != NULL ? T->rx_opt.rcv_wscale : 0;
	tcps_cwnd = T != NULL ? T->snd_cwnd : 0;
	tcps_cwnd_ssthresh = T != NULL ? T->snd_ssthresh : 0;
	tcps_sack_fack = T != NULL ? T->snd_una : 0;
	tcps_sack_snxt = T != NULL ? T->snd_una : 0;
	tcps_rto = T != NULL ? T->inet_conn.icsk_rto : 0;
	tcps_mss = T != NULL ? T->mss_cache : 0;
	tcps_retransmit = T != NULL && arg4 != NULL && arg6 == NET_DIR_OUT &&
	    (int32_t)(ntohl(((struct tcphdr *)arg4)->seq) - T->snd_nxt) < 0;
	tcps_rtt = T != NULL ? T->srtt_us >> 3 : 0;
	tcps_rtt_sd = T != NULL ? T->mdev_us >> 2 : 0;
	tcps_irs = T == NULL || T->bytes_received == 0 &&
	    ((struct sock *)T)->__sk_common.skc_state == TCP_STATE_SYN_SENT ? 0 :
	    T->rcv_nxt - (uint32_t)T->bytes_received - 1;
};

translator tcplsinfo_t < int S > {
	tcps_state = S;
};
