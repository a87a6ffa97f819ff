// Package stable holds DTrace's stable providers, proc, sched, io, ip, tcp
// and udp, built on Linux raw tracepoints: the probe names and the
// translated arguments (psinfo_t, lwpsinfo_t, bufinfo_t ...) that DTrace
// documents, so that scripts written for DTrace run unchanged.
//
// Each provider is one generic Provider over a table of probes (proc.go,
// sched.go, io.go, net.go). A probe is one or more raw tracepoints with
// the same parameters (the same program is attached to each) and a load
// function that builds its LoadArgs with a small emitter (emit.go): copy
// parameters, read kernel memory at offsets from the kernel's BTF
// (kernel.go, looked up by member path through anonymous members;
// provider/ktypes) straight into the argument slots with
// bpf_probe_read_kernel, and look up the cpuinfo map for cpuinfo_t
// arguments (bpf_map_lookup_percpu_elem for another CPU's), which makes
// the loader add the map as for curcpu. Its native arguments (arg0..arg9)
// are thus computed from the tracepoint's parameters; args[] are those
// translated by the D library's translators (dlib/procfs.d, dlib/io.d,
// dlib/net.d), as Oracle DTrace's SDT providers translate theirs, and Args
// gives each probe's DTrace argument types (psinfo_t, lwpsinfo_t;
// bufinfo_t and devinfo_t from struct request *).
//
// A tracepoint is often broader than the probe (sched_switch is both
// off-cpu and, when the task blocks, sleep; exit is sched_process_exit of
// the last thread), so a probe may have a condition on the tracepoint's
// parameters. Where it is false, the instructions LoadArgs emits return 0
// from the trampoline before any clause runs, as if the probe had not
// fired. A member the kernel lacks makes LoadArgs emit a program that
// never fires and Attach report why.
//
// # ip, tcp and udp
//
// Without kprobes, the packet probes (net.go, packet.go) sit where every
// packet passes, below the protocols: net_dev_queue (sent) and
// netif_receive_skb (received). The emitter parses the sk_buff in BPF:
// protocol picks IPv4 or IPv6; the IP header is head + network_header when
// sending and data when receiving (the driver has pulled the link header);
// the transport header follows it (IPv4's ihl, IPv6's fixed 40 bytes); and
// the transport protocol and TCP flags decide which probe fires
// (connect-request is a SYN without ACK). The handshake and state probes
// come from inet_sock_set_state, tcp_receive_reset and tcp_send_reset. The
// native arguments follow one layout for all three providers (sk_buff,
// socket, IP header, full protocol socket, transport header, direction,
// reported state; packet.go), so that one set of translators in dlib/net.d
// serves them: addresses and ports come from the headers when there is a
// packet and from the socket when not, the direction (arg6) saying which
// end is local. A received packet has no socket yet (TCP has not looked it
// up).
//
// docs/providers.md says what maps to what, and what Linux cannot offer.
package stable
