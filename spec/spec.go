package spec

import (
	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/provider"
)

// Map names shared by the compiler, loader and consumer.
const (
	MapBuffer  = "buf"     // ring buffer of records
	MapGlobals = "globals" // array: activity state, counters, global variables
	MapRodata  = "rodata"  // array: string literals and constants
	MapScratch = "scratch" // per-CPU array: probe arguments, clause-locals, temporaries
	MapDrops   = "drops"   // array, one DropsSize value per possible CPU: drop counters
)

// Activity is the tracing state kept in the globals map, which every
// trampoline consults, as DTrace's dts_activity.
type Activity uint64

const (
	Warmup   Activity = iota // loaded; only BEGIN may fire
	Active                   // BEGIN has run; probes fire
	Draining                 // exit() was called; only END may fire
)

// Offsets into the globals map value.
const (
	GlobalActivity   = 0 // Activity
	GlobalWallOffset = 8 // int64 ns to add to CLOCK_MONOTONIC for walltimestamp
	// 16: unused (aggregation drops are counted per CPU, in scratch)
	GlobalDynDrops = 24 // uint64 dynamic variable drops
	GlobalVars     = 32 // first D global variable
)

// MapSpeculations is the speculations map: one array entry holding the
// count of failed speculations (SpeculationUnavail) and, from
// SpeculationSlots, one uint64 slot per speculation (the nspec option).
// A slot's value is odd while its speculation is active; speculation()
// and commit() or discard() each add 1, so value>>1 is the generation of
// the speculation using the slot, which tells its records from those of
// the next speculation to get the same ID.
const (
	MapSpeculations    = "specs"
	SpeculationUnavail = 0 // uint64 speculation() failures: no slot was inactive
	SpeculationSlots   = 8 // the slot of speculation ID i is at SpeculationSlots + 8*(i-1)
)

// MapCPUInfo is curcpu's per-CPU array: its one value, on each CPU, is
// that CPU's cpuinfo_t, which the loader writes before any program runs
// (as Oracle DTrace fills its cpuinfo map).
// The members' offsets are abi's CPUInfo constants.
const MapCPUInfo = "cpuinfo"

// CPUInfoMap is the cpuinfo map's shape, which the compiler declares
// for a program that reads it; the loader writes its contents.
func CPUInfoMap() *ebpf.MapSpec {
	return &ebpf.MapSpec{Name: MapCPUInfo, Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: abi.CPUInfoSize, MaxEntries: 1}
}

// MapPlumbing is the array that stackdepth and caller read outside
// profile probes: its one value holds the count of ranges (uint64) and
// then the ranges, sorted, each a start and an end address (uint64s), of
// the kernel functions and BPF programs that run between a probe's
// firing and a stack walk (ksym.PlumbingRanges). The loader fills it
// after loading the programs, whose own addresses it must include.
const (
	MapPlumbing    = "plumbing"
	PlumbingCount  = 0
	PlumbingRanges = 8
	PlumbingMax    = 8192
	PlumbingSize   = PlumbingRanges + 16*PlumbingMax
)

// PlumbingMap is the plumbing map's shape, which the compiler declares
// for a program that reads it; the loader fills it.
func PlumbingMap() *ebpf.MapSpec {
	return &ebpf.MapSpec{Name: MapPlumbing, Type: ebpf.Array, KeySize: 4, ValueSize: PlumbingSize, MaxEntries: 1}
}

// SpeculationTagSize is the size of a speculation tag: the speculation
// ID (uint32, 0 for none) then its generation (uint32). A speculative
// record carries one at ECB.SpeculationTag, and commit() and discard()
// record one.
const SpeculationTagSize = 8

// The drops map holds, at CPU*DropsSize, that CPU's count of records
// that did not fit in the ring buffer (DropsBuf) and of aggregation
// updates that found their map full (DropsAgg): DTrace counts both per
// CPU and names the CPU. It is mmapped, so the consumer reads the counts
// without a system call (it checks them at least once a second).
const (
	DropsBuf  = 0
	DropsAgg  = 8
	DropsSize = 16
)

// Record header layout: every record in the buffer starts with the EPID
// and the CPU it was produced on.
const (
	HeaderEPID = 0
	HeaderCPU  = 4
	HeaderSize = 8
)

// EPIDError marks a fault record: after the header come the faulting
// EPID (uint32), the fault kind (uint32), the BPF instruction offset
// (uint32), the action index (uint32) and the faulting value (uint64).
const EPIDError = 0

// FaultNoOffset in a fault record's instruction offset says the fault
// has none; the consumer then prints no "at BPF pc". Generated code
// always gives one today, as Oracle DTrace does.
const FaultNoOffset = 0xffffffff

// Fault kinds, numbered as DTrace's DTRACEFLT_* (they are the ERROR
// probe's arg4).
const (
	FaultBadAddr   = 1
	FaultIllOp     = 3
	FaultDivZero   = 4
	FaultNoScratch = 5
	FaultBadSize   = 10 // Oracle Linux DTrace's DTRACEFLT_BADSIZE
	FaultBadIndex  = 11 // Oracle Linux DTrace's DTRACEFLT_BADINDEX
)

// Program is a compiled D program: everything the loader loads, and
// everything the consumer needs to decode what it records. It is plain
// data: probes are named by ID and name, not held, and the loader finds
// them in the provider.Registry that matched them.
type Program struct {
	Maps   map[string]*ebpf.MapSpec
	Probes []*ProbeProgram
	// Companions are the programs providers load beside those of their
	// probes (provider.Accompanied), one per name; their maps are in
	// Maps.
	Companions []*Companion
	ECBs       []*ECB // ECBs[i] has EPID i+1
	Aggs       []*Aggregation
	// Matches is the number of probes each clause matched, in program
	// order, and ClauseFile the source each clause came from, for
	// dtrace's "matched N probes" message.
	Matches    []int
	ClauseFile []int
}

// ECB returns the enabled probe with the given EPID, or nil.
func (p *Program) ECB(epid uint32) *ECB {
	if epid == 0 || int(epid) > len(p.ECBs) {
		return nil
	}
	return p.ECBs[epid-1]
}

// Probe names an enabled probe: its ID in the Registry that matched it,
// and its full name.
type Probe struct {
	ID                               uint32
	Provider, Module, Function, Name string
}

// Desc returns p's full name as a Desc.
func (p Probe) Desc() provider.Desc {
	return provider.Desc{Provider: p.Provider, Module: p.Module, Function: p.Function, Name: p.Name}
}

// IsDtrace reports whether p is the dtrace provider's probe named name
// (provider.Begin, End or Error), or any of its probes for "".
func (p Probe) IsDtrace(name string) bool { return p.Desc().IsDtrace(name) }

// ProbeProgram is the trampoline program of one enabled probe.
type ProbeProgram struct {
	Probe   Probe
	Program *ebpf.ProgramSpec
	EPIDs   []uint32 // the clauses it runs, in order
	// Shared, if set, says the program serves all of a shared
	// attachment's probes (provider.Shared), Probe being the first;
	// EPIDs are then those of Probe's ECBs' clauses, one per clause.
	Shared *SharedAttachment
}

// SharedAttachment is the shared attachment a program is attached to.
type SharedAttachment struct {
	Group  string   // the provider's name for it
	Probes []uint32 // the IDs of the probes it serves, in order
}

// Companion is a provider's companion program (provider.Companion).
type Companion struct {
	Name string // the provider's name for it, and the program's
	// Probe is the ID of a probe that asked for it, whose provider
	// attaches it.
	Probe   uint32
	Program *ebpf.ProgramSpec
}

// ECB is an enabling control block: one clause enabled on one probe.
type ECB struct {
	EPID    uint32
	Probe   Probe
	Clause  int  // index of the statement: a clause for one of its descriptions, in program order
	Record  bool // whether firing emits a record
	Size    int  // record size in bytes, header included
	Actions []Action
	// SpeculationTag is the record offset of the speculation tag of a
	// clause that calls speculate(); 0 when it does not.
	SpeculationTag int
	// Destructive says the clause calls a destructive action or
	// subroutine, which dtrace runs only when allowed (-w), as DTrace
	// refuses a program with DIFOFLG_DESTRUCTIVE.
	Destructive bool
}

// Action is one action of an ECB and where its data lies in the record.
type Action struct {
	Kind   abi.ActionKind
	Items  []Item
	Format string // printf and printa
	Aggs   []int  // printa, clear, trunc: aggregation IDs
	Line   int    // source line, for messages
	// Flag is, for an action inside an if statement, the record offset
	// of a byte that is non-zero when the action ran; 0 for actions that
	// always run.
	Flag int
}

// Ran reports whether action a ran in the record data.
func (a *Action) Ran(data []byte) bool {
	return a.Flag == 0 || data[a.Flag] != 0
}

// Item is one recorded value.
type Item struct {
	Off, Size int
	String    bool // NUL-padded string of Size bytes
	Signed    bool // integers
	TypeName  string
	Bytes     bool // raw memory of Size bytes (a traced struct or array)
	// Sym says an integer is a kernel address to print as a symbol:
	// "func" (module`function) or "mod" (the module).
	Sym string
	// StrSize is, for a string, the size DTrace would have recorded
	// (the strsize option). Strings are stored in buffers no larger than
	// they can need, but printed as DTrace prints a strsize record.
	StrSize int
	// Stack says the item is a stack() (KernelStack) or ustack()
	// (UserStack) record of Frames program counters, zero-padded. A
	// user stack starts with the pid (8 bytes). A kernel stack holds
	// Size/8 counters, more than Frames: the first ones may be the
	// tracing machinery's, which the consumer drops before keeping
	// Frames.
	Stack  StackKind
	Frames int
	// Print is the type of a print() value: how to lay its bytes out.
	Print *abi.PrintType
}

// StackKind says whose stack an Item records.
type StackKind int

const (
	KernelStack StackKind = iota + 1
	UserStack
)

// Number of quantize buckets and the index of the zero bucket, as
// DTrace's DTRACE_QUANTIZE_NBUCKETS and DTRACE_QUANTIZE_ZEROBUCKET.
const (
	QuantizeBuckets    = 127
	QuantizeZeroBucket = 63
)

// Aggregation is one aggregation and its map. Keyed aggregations live in
// a per-CPU hash map keyed by the key tuple; keyless ones in a one-entry
// per-CPU array. Values are int64 slots: count, sum, min, max use one
// slot; avg uses [count, sum]; stddev [count, sum, sumsq lo, sumsq hi];
// the quantizations one slot per bucket.
type Aggregation struct {
	ID        int
	Name      string // without @
	Func      abi.AggFunc
	Map       string
	Keys      []Item // offsets into the key
	KeySize   int
	ValueSize int
	// lquantize: Base, Step, Levels; llquantize: Factor, Low, High, Nsteps.
	Base, Step, Levels        int64
	Factor, Low, High, Nsteps int64
	// llquantize: NBuckets is how many buckets it has, and Bounds[i]
	// the least value in bucket i+1 or a later one, so that a value's
	// bucket is the number of bounds at or below it. Buckets that no
	// value reaches share a bound, or, at the top, have none.
	NBuckets int
	Bounds   []int64
}

// Buckets returns how many buckets a quantization has.
func (a *Aggregation) Buckets() int {
	switch a.Func {
	case abi.AggQuantize:
		return QuantizeBuckets
	case abi.AggLquantize:
		return int(a.Levels) + 2
	case abi.AggLlquantize:
		return a.NBuckets
	}
	return 0
}
