// Package spec describes a compiled D program: the BPF maps and programs
// to load, and the record and aggregation descriptions the consumer needs
// to decode what the programs produce.
//
// "Spec" is meant as cilium/ebpf means it in the MapSpec and ProgramSpec
// a Program holds: a description of kernel objects, before loading.
// Speculations are spelt out (MapSpeculations, ECB.SpeculationTag), and
// a provider's probe before it is numbered is a provider.Offer. The
// other names with "spec" in them are DTrace's own: ast.ProbeSpec (a
// probe specifier), the nspec option, DropSpecUnavail
// (DTRACEDROP_SPECUNAVAIL).
//
// A Program is plain data. It holds no file descriptors, providers or
// functions, and is the same for the same input, so the whole compiler
// is testable without a kernel; only the loader turns it into kernel
// objects. Probes are named by their Registry ID and full name (Probe),
// and the loader finds them again by ID. It is the whole load unit:
// every map its programs reference is in Maps, those the loader fills
// (cpuinfo, plumbing) and the providers' companions' included, and the
// companion programs are in Companions.
//
// # Maps
//
// The maps' names and fixed offsets are here (MapBuffer, MapGlobals, ...);
// the compiler's layout.go computes the rest.
//
//   - buf, a ring buffer: the records of all CPUs, the transport to the
//     principal buffers the consumer models. Its size is bufsize rounded
//     up to a power of two, at least 4 KiB; when every enabled probe is
//     the dtrace provider's (fired by the consumer, one at a time), what
//     one firing can write, if less (compile/ring.go).
//   - globals, an array of one entry: at 0 the activity state (Activity);
//     at 8 the wall clock offset (ns to add to bpf_ktime_get_ns for
//     walltimestamp); 16 unused (aggregation drops are counted per CPU, in
//     drops); at 24 the dynamic variable drops; from 32 the D global
//     variables, 8-byte aligned (8 bytes for an integer, the bound rounded
//     to 8 for a string, the size rounded to 8 for a struct or array).
//   - drops, an array with an entry per possible CPU, BPF_F_MMAPABLE: the
//     CPU's drop counts, records the ring buffer had no room for at
//     DropsBuf (0), aggregation updates that found their map full at
//     DropsAgg (8). The consumer reads them mapped.
//   - rodata, an array of one entry, BPF_F_RDONLY_PROG: string literals
//     (deduplicated by text and size), other tables (llquantize bounds,
//     one per parameter set, and the string functions' tables), and one
//     zero block as large as a string buffer (strsize+1, rounded up to 8)
//     or the largest aggregation value, whichever is larger.
//   - scratch, a per-CPU array of one entry: at 0-79 arg0-arg9 (zeroed by
//     the trampoline only when a clause reads them); 80-95 unused; at 96
//     the firing's timestamp (0 until read); at 104, 108 and 112 the EPID,
//     probe ID and selector of a shared attachment's firing; from 120 the
//     this-> variables; then 8 KiB of record staging; then 8 KiB of clause
//     temporaries; then the areas code generation added, each once, in the
//     order first asked for: 80 bytes where the arguments wait while ERROR
//     runs (if a clause enables ERROR), alloca() memory (24 bytes of
//     bookkeeping, then twice scratchsize), strtok()'s state.
//   - self_NAME, a hash per thread-local, keyed by the current
//     task_struct's address (8 bytes) followed by any key tuple.
//   - assoc_NAME, a hash per global associative array, keyed by the key
//     tuple.
//   - agg_ID, one per aggregation: a per-CPU array of one entry without
//     keys, a per-CPU hash (not preallocated) with keys.
//   - cpuinfo (MapCPUInfo), a per-CPU array of one entry, only for a
//     program using curcpu, filled by the loader: each CPU's cpuinfo_t (id,
//     pset, chip, lgrp: four int32s at CPUInfoID, CPUInfoPset,
//     CPUInfoChip, CPUInfoLgrp).
//   - plumbing, an array of one entry, only for a program using stackdepth
//     or caller outside profile probes, filled by the loader: a
//     count, then up to PlumbingMax (8192) sorted address ranges of the
//     tracing machinery's functions and BPF programs.
//
// Activity models DTrace's dts_activity: in warmup the program is loaded
// and the probes attached, and only BEGIN runs; Handle.Go sets it active
// after BEGIN, and probes fire; exit() (writing the state directly) or
// Handle.Stop sets it draining, after which only END runs. Both the
// trampolines and the clause functions check it.
//
// # Records
//
// Every record starts with HeaderEPID (uint32, offset 0) and HeaderCPU
// (uint32, offset 4): there is one ring buffer for all CPUs, so the CPU
// travels in the header. Items follow, each aligned to its size: integers
// take their type's size (1, 2, 4 or 8 bytes), strings are 8-aligned and
// padded to their bound. ECB.Size is the end rounded to 8. A record is
// built in the scratch staging area, then copied out with
// bpf_ringbuf_output; when that fails (the buffer is full) the CPU's count
// at DropsBuf in the drops map goes up (an atomic add: programs nest on a
// CPU), and dtrace reports it with the principal buffer's drops ("dtrace:
// N drops on CPU C").
//
// A fault record has EPID EPIDError (0) and is 32 bytes long: the header;
// at 8 the faulting EPID; at 12 the fault kind; at 16 a uint64 holding
// action << 32 | instruction index (on little-endian machines the
// instruction index is therefore at 16 and the action at 20); at 24 the
// faulting value (the bad address; 0 for a division by zero). Fault kinds
// are numbered as DTrace's DTRACEFLT_*: FaultBadAddr 1, FaultIllOp 3,
// FaultDivZero 4, FaultNoScratch 5, FaultBadSize 10.
package spec
