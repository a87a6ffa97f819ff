package stable

import (
	"encoding/binary"

	"github.com/cilium/ebpf/asm"
)

// The native arguments of the ip, tcp and udp probes. dlib/net.d's
// translators read some of them by number (arg2, arg6 ...): a packet's
// addresses come from its headers, and where a probe has no packet, from
// its socket, the direction saying which end is local.
const (
	netPkt   = 0 // struct sk_buff *: the packet, or NULL
	netConn  = 1 // struct sock *: the socket the packet is for, or NULL
	netIP    = 2 // the IP header, or NULL
	netSock  = 3 // tcp, udp: the full socket of the protocol, or NULL; ip: struct net_device *
	netHdr   = 4 // tcp, udp: the transport header; ip: struct iphdr * of an IPv4 packet
	netAux   = 5 // tcp: the previous state (state-change), the flags of a packet not seen (handshake probes); ip: struct ipv6hdr * of an IPv6 packet
	netDir   = 6 // which way the packet goes (netOut ...)
	netState = 7 // tcp: the state the probe reports, if not the socket's (it fires before a change)
	// Arguments 8 and 9 hold the IP version and the transport protocol
	// while a packet is parsed; they are cleared before the clauses run.
	netVer   = 8
	netProto = 9
)

// Directions, the values of native argument netDir (NET_DIR_* in
// dlib/net.d).
const (
	netOut    = 0 // a packet sent
	netIn     = 1 // a packet received
	netReply  = 2 // a packet received, the probe being about the reply (tcp:::accept-refused)
	netChange = 3 // no packet: a TCP state change
)

// IP protocol numbers and TCP header flags the probes filter on.
const (
	protoTCP = 6
	protoUDP = 17
	thSYN    = 0x02
	thRST    = 0x04
	thACK    = 0x10
)

// ethType is an Ethernet protocol number as sk_buff.protocol holds it,
// in network byte order, loaded as a native integer.
func ethType(t uint16) int32 {
	var b [2]byte
	binary.BigEndian.PutUint16(b[:], t)
	return int32(binary.NativeEndian.Uint16(b[:]))
}

// place puts label l on the next instruction, first giving any label
// still pending an instruction of its own.
func (e *emitter) place(l string) {
	if e.label != "" {
		e.emit(asm.Mov.Imm(asm.R0, 0))
	}
	e.label = l
}

// packet parses the IPv4 or IPv6 packet whose sk_buff is native argument
// netPkt, and ends the program for any other: netIP becomes the address
// of its IP header, netHdr that of the header after it, netVer the IP
// version and netProto the transport protocol (0 for an IPv4 fragment
// after the first). A received packet's IP
// header is where its data starts (the device driver has pulled the link
// header); a packet being sent has its network header offset set.
//
// An IPv6 packet's transport header is taken to follow the fixed header:
// one with extension headers has their type as netProto.
func (e *emitter) packet(received bool) {
	e.skbMember(netProto, "protocol")
	e.fireIfIn(asm.R0, []int32{ethType(0x0800), ethType(0x86dd)})
	if received {
		e.skbMember(netIP, "data")
	} else {
		e.skbMember(netIP, "head")
		e.skbMember(netProto, "network_header")
		e.emit(
			asm.LoadMem(asm.R1, asm.R9, slot(netIP), asm.DWord),
			asm.Add.Reg(asm.R1, asm.R0),
		)
		e.store(netIP, asm.R1)
	}
	// The version is the high nibble of the first byte; an IPv4
	// header's length in words its low one.
	e.emit(asm.LoadMem(asm.R1, asm.R9, slot(netIP), asm.DWord))
	e.read(netProto, asm.R1, 0, 1)
	e.emit(
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.RSh.Imm(asm.R1, 4),
	)
	e.store(netVer, asm.R1)
	v6, common := e.newLabel(), e.newLabel()
	e.emit(
		asm.LoadMem(asm.R3, asm.R9, slot(netIP), asm.DWord),
		asm.JNE.Imm(asm.R1, 4, v6),
		asm.And.Imm(asm.R0, 0xf),
		asm.LSh.Imm(asm.R0, 2),
		asm.Add.Reg(asm.R0, asm.R3),
	)
	e.store(netHdr, asm.R0)
	// A fragment after the first has no transport header: its
	// protocol is left 0.
	fragment, end := e.newLabel(), e.newLabel()
	e.read(netProto, asm.R3, 6, 2) // iphdr.frag_off
	e.emit(
		asm.And.Imm(asm.R0, ethType(0x1fff)),
		asm.JNE.Imm(asm.R0, 0, fragment),
		asm.LoadMem(asm.R3, asm.R9, slot(netIP), asm.DWord),
		asm.Add.Imm(asm.R3, 9), // iphdr.protocol
		asm.Ja.Label(common),
	)
	e.place(fragment)
	e.zero(netProto)
	e.emit(asm.Ja.Label(end))
	e.place(v6)
	e.fireIf(asm.JEq, asm.R1, 6)
	e.emit(
		asm.LoadMem(asm.R3, asm.R9, slot(netIP), asm.DWord),
		asm.Mov.Reg(asm.R0, asm.R3),
		asm.Add.Imm(asm.R0, 40),
	)
	e.store(netHdr, asm.R0)
	e.emit(asm.Add.Imm(asm.R3, 6)) // ipv6hdr.nexthdr
	e.place(common)
	e.read(netProto, asm.R3, 0, 1)
	e.place(end)
}

// transport ends the program unless the packet parsed is of protocol
// proto, and with it, when the packet belongs to a full socket of that
// protocol and type, makes the socket netSock.
func (e *emitter) transport(proto, sockType int32) {
	e.emit(asm.LoadMem(asm.R0, asm.R9, slot(netProto), asm.DWord))
	e.fireIf(asm.JEq, asm.R0, proto)
	e.skbMember(netConn, "sk")
	e.fullSock(proto, sockType)
	e.zero(netVer)
}

// fullSock makes netSock the socket netConn when that is a full socket
// of protocol proto and type sockType: not a TCP request or time-wait
// socket (whose small structures only begin like a socket), nor one of
// the kernel's raw control sockets, which send TCP resets. It clears
// netProto, which it reads into.
func (e *emitter) fullSock(proto, sockType int32) {
	end := e.newLabel()
	e.emit(
		asm.LoadMem(asm.R1, asm.R9, slot(netConn), asm.DWord),
		asm.JEq.Imm(asm.R1, 0, end),
	)
	e.readMember(netProto, asm.R1, "sock_common", "skc_state")
	e.emit(
		asm.JEq.Imm(asm.R0, tcpTimeWait, end),
		asm.JEq.Imm(asm.R0, tcpNewSynRecv, end),
		asm.LoadMem(asm.R1, asm.R9, slot(netConn), asm.DWord),
	)
	e.readMember(netProto, asm.R1, "sock", "sk_protocol")
	e.emit(
		asm.JNE.Imm(asm.R0, proto, end),
		asm.LoadMem(asm.R1, asm.R9, slot(netConn), asm.DWord),
	)
	e.readMember(netProto, asm.R1, "sock", "sk_type")
	e.emit(
		asm.JNE.Imm(asm.R0, sockType, end),
		asm.LoadMem(asm.R1, asm.R9, slot(netConn), asm.DWord),
	)
	e.store(netSock, asm.R1)
	e.place(end)
	e.zero(netProto)
}

// segment makes a probe of the packets of protocol proto sent or
// received, the tracepoint's parameter 0 being the sk_buff: its socket
// is netSock if a full one of type sockType.
func (e *emitter) segment(proto, sockType int32, received bool) {
	e.arg(netPkt, 0)
	e.packet(received)
	e.transport(proto, sockType)
	if received {
		e.imm(netDir, netIn)
	}
}

// skbMember reads member of the sk_buff netPkt into native argument i
// and R0.
func (e *emitter) skbMember(i int, member string) {
	e.emit(asm.LoadMem(asm.R1, asm.R9, slot(netPkt), asm.DWord))
	e.readMember(i, asm.R1, "sk_buff", member)
}
