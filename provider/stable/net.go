package stable

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
)

// Linux's TCP states (include/net/tcp_states.h), which dlib/tcp.d's
// TCP_STATE_* name.
const (
	tcpEstablished = 1
	tcpSynSent     = 2
	tcpSynRecv     = 3
	tcpTimeWait    = 6
	tcpNewSynRecv  = 12
)

// Socket types.
const (
	sockStream = 1
	sockDgram  = 2
)

// The tracepoints the network providers see packets at: every packet
// queued to a network device for sending (after IP fragmentation), and
// every packet a device hands up, before IP looks at it. Both are below
// the protocols, so the probes see loopback traffic as DTrace's do, but
// the socket a received packet is for is not known yet.
const (
	evSend    = "net_dev_queue"
	evReceive = "netif_receive_skb"
	evState   = "inet_sock_set_state"
)

// NewIP returns the ip provider: IPv4 and IPv6 packets sent and
// received.
func NewIP() *Provider {
	return &Provider{name: "ip", probes: []probe{
		{name: "receive", events: []string{evReceive}, load: func(e *emitter) { ipPacket(e, true) }, args: ipArgs},
		{name: "send", events: []string{evSend}, load: func(e *emitter) { ipPacket(e, false) }, args: ipArgs},
	}}
}

var ipArgs = []provider.Arg{
	pktArg, connArg, ipinfoArg,
	{Native: "struct net_device *", Xlate: "ifinfo_t *", Mapping: netSock},
	{Native: "struct iphdr *", Xlate: "ipv4info_t *", Mapping: netHdr},
	{Native: "struct ipv6hdr *", Xlate: "ipv6info_t *", Mapping: netAux},
}

// ipPacket fills an ip probe's arguments: the packet's device, socket,
// and its header again as IPv4 or IPv6.
func ipPacket(e *emitter, received bool) {
	e.arg(netPkt, 0)
	e.packet(received)
	if received {
		e.imm(netDir, netIn)
	}
	e.skbMember(netConn, "sk")
	e.skbMember(netSock, "dev")
	v6 := e.newLabel()
	e.zero(netHdr)
	e.emit(
		asm.LoadMem(asm.R0, asm.R9, slot(netIP), asm.DWord),
		asm.LoadMem(asm.R1, asm.R9, slot(netVer), asm.DWord),
		asm.JNE.Imm(asm.R1, 4, v6),
	)
	e.store(netHdr, asm.R0)
	e.emit(asm.Mov.Imm(asm.R0, 0))
	e.place(v6)
	e.store(netAux, asm.R0)
	e.zero(netVer)
	e.zero(netProto)
}

// NewTCP returns the tcp provider.
func NewTCP() *Provider {
	return &Provider{name: "tcp", probes: []probe{
		{
			// The passive end of a connection completes the handshake:
			// the new socket goes from SYN-RECEIVED to ESTABLISHED as
			// the client's ACK arrives.
			name:   "accept-established",
			events: []string{evState},
			load:   func(e *emitter) { tcpChange(e, tcpSynRecv, tcpEstablished, thACK) },
			args:   tcpArgs,
		},
		{
			// A SYN for a port nobody listens on is answered with a
			// reset. The packet arguments describe that reset, made
			// from the SYN received (dlib/tcp.d).
			name:   "accept-refused",
			events: []string{"tcp_send_reset"},
			load: func(e *emitter) {
				e.param(asm.R0, 1)
				e.fireIf(asm.JNE, asm.R0, 0)
				e.arg(netPkt, 1)
				e.packet(false)
				e.emit(asm.LoadMem(asm.R0, asm.R9, slot(netProto), asm.DWord))
				e.fireIf(asm.JEq, asm.R0, protoTCP)
				tcpFlags(e, thSYN|thACK, thSYN)
				e.imm(netDir, netReply)
				e.zero(netVer)
				e.zero(netProto)
			},
			args: tcpArgs,
		},
		{
			// The active end receives the SYN-ACK: SYN-SENT to
			// ESTABLISHED.
			name:   "connect-established",
			events: []string{evState},
			load:   func(e *emitter) { tcpChange(e, tcpSynSent, tcpEstablished, thSYN|thACK) },
			args:   tcpArgs,
		},
		{
			// A reset answers the SYN of a connection being made.
			name:   "connect-refused",
			events: []string{"tcp_receive_reset"},
			load: func(e *emitter) {
				e.param(asm.R1, 0)
				e.readMember(netProto, asm.R1, "sock_common", "skc_state")
				e.zero(netProto)
				e.fireIf(asm.JEq, asm.R0, tcpSynSent)
				tcpSocket(e, 0)
				e.imm(netDir, netIn)
				e.imm(netAux, thRST|thACK)
			},
			args: tcpArgs,
		},
		{
			// The SYN of a new connection leaves, in the context of
			// the process connecting. (The socket changes to SYN-SENT
			// before its local port is chosen, so the state change is
			// too early to give the port.)
			name:   "connect-request",
			events: []string{evSend},
			load: func(e *emitter) {
				tcpSegment(e, false)
				tcpFlags(e, thSYN|thACK, thSYN)
			},
			args: tcpArgs,
		},
		{
			name:   "receive",
			events: []string{evReceive},
			load:   func(e *emitter) { tcpSegment(e, true) },
			args:   tcpArgs,
		},
		{
			name:   "send",
			events: []string{evSend},
			load:   func(e *emitter) { tcpSegment(e, false) },
			args:   tcpArgs,
		},
		{
			// A socket changes state, before the change: args[3]'s
			// tcps_state is the new state, args[5] the old.
			name:   "state-change",
			events: []string{evState},
			load: func(e *emitter) {
				tcpOnly(e)
				tcpSocket(e, 0)
				e.arg(netAux, 1)
				e.arg(netState, 2)
				e.imm(netDir, netChange)
			},
			args: []provider.Arg{
				native("void", netPkt), connArg, native("void", netIP),
				tcpArgs[3], native("void", netHdr),
				{Native: "int", Xlate: "tcplsinfo_t *", Mapping: netAux},
			},
		},
	}}
}

var tcpArgs = []provider.Arg{
	pktArg, connArg, ipinfoArg,
	{Native: "struct tcp_sock *", Xlate: "tcpsinfo_t *", Mapping: netSock},
	{Native: "struct tcphdr *", Xlate: "tcpinfo_t *", Mapping: netHdr},
}

// tcpSegment makes a probe of the TCP segments sent or received.
func tcpSegment(e *emitter, received bool) { e.segment(protoTCP, sockStream, received) }

// tcpFlags ends the program unless the TCP header's flags, masked by
// mask, are want.
func tcpFlags(e *emitter, mask, want int32) {
	e.emit(asm.LoadMem(asm.R1, asm.R9, slot(netHdr), asm.DWord))
	e.read(netVer, asm.R1, 13, 1)
	e.zero(netVer)
	e.emit(asm.And.Imm(asm.R0, mask))
	e.fireIf(asm.JEq, asm.R0, want)
}

// tcpOnly ends an inet_sock_set_state program unless its socket is a
// TCP one (the tracepoint also sees SCTP and DCCP).
func tcpOnly(e *emitter) {
	e.param(asm.R1, 0)
	e.readMember(netProto, asm.R1, "sock", "sk_protocol")
	e.zero(netProto)
	e.fireIf(asm.JEq, asm.R0, protoTCP)
}

// tcpChange makes a probe of a TCP socket's change from state from to
// state to: the end of a handshake, seen from the socket as the last
// packet of it, with flags, arrives. The probe fires before the change,
// and reports the state changed to.
func tcpChange(e *emitter, from, to, flags int32) {
	e.param(asm.R0, 1)
	e.fireIf(asm.JEq, asm.R0, from)
	e.param(asm.R0, 2)
	e.fireIf(asm.JEq, asm.R0, to)
	tcpOnly(e)
	tcpSocket(e, 0)
	e.imm(netDir, netIn)
	e.imm(netState, to)
	e.imm(netAux, flags)
}

// tcpSocket makes the tracepoint's parameter i, a TCP socket, the
// probe's socket.
func tcpSocket(e *emitter, i int) {
	e.arg(netConn, i)
	e.arg(netSock, i)
}

// NewUDP returns the udp provider.
func NewUDP() *Provider {
	return &Provider{name: "udp", probes: []probe{
		{name: "receive", events: []string{evReceive}, load: func(e *emitter) { udpDatagram(e, true) }, args: udpArgs},
		{name: "send", events: []string{evSend}, load: func(e *emitter) { udpDatagram(e, false) }, args: udpArgs},
	}}
}

var udpArgs = []provider.Arg{
	pktArg, connArg, ipinfoArg,
	{Native: "struct udp_sock *", Xlate: "udpsinfo_t *", Mapping: netSock},
	{Native: "struct udphdr *", Xlate: "udpinfo_t *", Mapping: netHdr},
}

// udpDatagram makes a probe of the UDP datagrams sent or received.
func udpDatagram(e *emitter, received bool) { e.segment(protoUDP, sockDgram, received) }

// The arguments every network probe has first: the packet, its socket
// and its IP header.
var (
	pktArg    = provider.Arg{Native: "struct sk_buff *", Xlate: "pktinfo_t *", Mapping: netPkt}
	connArg   = provider.Arg{Native: "struct sock *", Xlate: "csinfo_t *", Mapping: netConn}
	ipinfoArg = provider.Arg{Native: "void_ip_t *", Xlate: "ipinfo_t *", Mapping: netIP}
)
