// Package compile turns D source into a spec.Program: it parses, checks,
// matches probe descriptions against the providers, lays out the runtime
// memory, and generates one BPF trampoline program per enabled probe with
// one BPF function per clause (ECB).
//
// Compile never touches the kernel: probes come from the Registry it is
// given and kernel type facts from Config.Kernel, so it runs in tests
// without privileges. Its output is deterministic.
//
// After parsing, compilation runs four passes (Pass), in order: match
// (the probes of each clause's descriptions), check (check.Check: types,
// variables, aggregations), layout (plan: the storage of each variable
// and aggregation) and codegen (enable, then the maps). CompileParsed
// runs them all; a caller can also run them one at a time, each stage
// giving the next (Match, then Matched.Check, Checked.Layout and
// LaidOut.Generate), to stop after matching or checking, say, or to look
// at a stage's result (Matched.Probes, Checked.Info). Config.Dump, when
// set, is given a description of each pass's result (passes.go);
// dtrace's -x tree=MASK writes those of the passes its bits name (1
// match, 2 check, 4 layout, 8 codegen) to stderr, as DTrace's -x tree
// dumps its parse tree after its passes.
//
// # Sources
//
// Parse gives each source file a distinct Base, so that positions in
// different sources never collide, parses every source and joins their
// declarations into one ast.Program: the sources share variables and
// aggregations, as the programs of one DTrace consumer do. ParseTypes
// hands the parser check.TypeNames, so that it can tell a cast from a
// parenthesized expression. An Error carries the source index, line, tag
// and message; scanner errors keep their own tags (D_CHR_*, D_INT_*,
// D_STR_NL, D_PRAGERR ...).
//
// # Matching probes
//
// Descriptions are matched (match) before the clause bodies are checked,
// so that a probe Linux lacks is the error reported, as in DTrace. match
// expands macro variables in each description's fields, then asks the
// registry. A description that matches nothing is D_PDESC_ZERO unless
// zdefs (-Z) is set. Within a clause, a probe two descriptions match is
// enabled once. spec.Program.Matches and ClauseFile record how many probes
// each clause matched, for the "matched N probes" line. match also hands
// the checker each probe's provider.Args per clause and description
// (Config.ProbeArgs), asked only for clauses that use args[].
//
// # ECBs and clause functions
//
// enable walks the clauses in program order, and each clause's probes in
// ID order, and makes a spec.ECB per pair: EPID len(ECBs)+1, the probe,
// the clause index, and whether the clause emits a record. As in Oracle
// DTrace (recordsData), a clause emits one if it has no statements (the
// default action prints the probe), takes an action other than an
// aggregation or speculate(), or has speculate() alone; a clause that only
// assigns or aggregates emits and prints nothing.
//
// A gen (gen.go) then generates the function clause_EPID. It moves R1 and
// R2 (context, scratch) into R6 and R7; evaluates the predicate and
// returns if it is 0; runs the statements, each recording action
// evaluating its arguments into the staged record and appending a
// spec.Action (kind, items with offsets, format, aggregation IDs, line) to
// the ECB; if the ECB records, stamps the header (EPID, CPU) and outputs
// the record with bpf_ringbuf_output; and, if any operation could fault,
// appends the fault handler. Generation also notes what the trampoline
// must do for the clause (gen.readsArgs, readsTime, exits). An action
// inside an if statement has a flag byte in the record (spec.Action.Flag),
// set when the action runs and cleared at the start of the clause; the
// printer skips actions whose flag is clear.
//
// # Trampolines
//
// trampoline builds probe_ID, one program per enabled probe, in the order
// the probes were first enabled. Under -x cpu=N (Config.OneCPU) it first
// returns unless bpf_get_smp_processor_id() is N, as Oracle's trampoline
// prologue does. Then:
//
//   - It looks up the per-CPU scratch value (key 0) and keeps it in R7,
//     unless no clause uses it (clausesUseScratch: none names R7 beyond
//     its prologue, none fires ERROR, no argument or timestamp is read):
//     the lookup is the costliest part of a trampoline, and @ = count();,
//     a keyless aggregation of pid or a predicate on pid need none (a
//     keyless aggregation's key is on the stack). Those clauses get R2 =
//     0.
//   - It checks the activity state: BEGIN runs only in warmup, END and
//     ERROR always, every other probe only while active.
//   - It zeroes the ten argument slots if a clause reads an argument, and
//     the timestamp slot if a clause reads timestamp (firingNeeds: a probe
//     firing a million times a second pays for every store), points R9 at
//     the slots and emits the provider's LoadArgs instructions.
//   - It calls each clause function in program order with R1 = context and
//     R2 = scratch (BPF-to-BPF calls). After a clause that can fault, if
//     the program has ERROR clauses, it fires ERROR when the clause
//     returned clauseFaulted. After a clause that can call exit(), itself
//     or through ERROR (mayExit), it checks the activity state again
//     before the next clause: exit() stops the rest of the firing.
//     Otherwise the first check still holds and no clause repeats it. A
//     probe's only clause, when it cannot fire ERROR, is not called but
//     runs inline: its code follows the trampoline's and its return ends
//     the program (its fault handler returns 0 when no clause enables
//     ERROR, as fentry programs must).
//
// The program type comes from the provider (ProgramType). Instructions
// carry the D source line (WithSource), which is what -S prints and how
// the loader names the line of a verifier rejection. The kernel's limits
// on one program that D source can reach (256 functions, 64 maps, 16-bit
// jumps within a clause) are checked here (limits.go), with the clause's
// line, rather than left to the verifier.
//
// # Runtime memory
//
// layout.go plans the maps described in spec (buf, globals, drops, rodata,
// scratch, self_NAME, assoc_NAME, agg_ID) and the offsets within them. The
// BPF stack has 512 bytes, too few for strings and records, so arguments,
// clause-locals, the record being built and temporaries live in the
// per-CPU scratch value, which the trampoline looks up once, if a clause
// uses it, and passes to every clause; this-> variables sit at fixed
// offsets in scratch, so all the clauses of one firing share them. Clause
// temporaries are given back after each statement, an if condition, the
// predicate, a string comparison and a subroutine's work, so that a clause
// needs the temporaries of its largest statement. layout.extend adds areas
// that code generation finds it needs after the planned scratch, each
// once, by name, in the order first asked for: the 80 bytes where the
// arguments wait while ERROR runs, alloca() memory, strtok()'s state.
//
// globals and rodata are single-entry arrays reached with LoadMapValue (a
// direct map value address), with no lookup helper; rodata is read-only to
// programs (BPF_F_RDONLY_PROG), so the verifier treats its contents as
// constants. rodata's zero block is the value new aggregation entries are
// created from (BPF_NOEXIST) and the "" an absent string dynamic variable
// reads as.
//
// Struct and array variables (varmem.go) are memory the program owns. A
// member or element is read like kernel memory (bpf_probe_read_kernel from
// the map value's address) and written with a direct store, which the
// verifier checks against the map's bounds; a run-time index is checked
// against the array's length first and faults with "invalid address" (the
// value shown is the index, where DTrace shows the address). x = y and x =
// *p copy the whole object. A dynamic one (thread-local, associative array
// element) is its map's value, sized to the type. Reading one that does
// not exist reads a zero block in rodata (the shared one, or one of the
// variable's size). A store into one, of a member or the whole object,
// first creates it from that zero block (BPF_NOEXIST, then a lookup that
// finds whichever CPU's value won); if the map is full the store is
// skipped and counted as a dynamic variable drop, as DTrace skips a store
// it has no room for. Assigning it 0 deletes it, as Oracle's DTrace allows
// (illumos has no way to free one); illumos faults on a member access to
// an unset one, where godtrace reads zeros and creates it. A compound
// assignment or ++/-- into one (b[j++].x += 1, v[k++]--) finds the address
// once (keys, index and bounds check evaluated once, a dynamic one created
// as for a store), keeps it in a stack temporary, then loads and stores
// through it; if a dynamic one cannot be created, a zeroed scratch word
// stands in, so the expression yields its value and nothing is stored.
//
// Dynamic variables: a tuple key holds integers in 8-byte slots (stored
// normalized), strings at their bound rounded to 8, and a struct or union
// in its bytes zero-padded to 8 (copied whole, so equal bytes are one key,
// as in Oracle DTrace). The value is 8 bytes, a string buffer, or a struct
// or array rounded to 8. Storing integer 0 deletes the entry, as DTrace
// frees a dynamic variable assigned zero. A failed update adds one to the
// dynamic variable drop counter (atomic add). Each map has dynvarsize /
// (key + value + 64) entries, at least 16: the bound is per variable, so a
// program with several dynamic variables may hold more than dynvarsize
// bytes of them, where DTrace's space is shared.
//
// Aggregation values are rows of int64 slots. Slot 0 counts updates, for
// the consumer's merge. count uses [n]; sum and avg [n, sum]; min and max
// [n, value], the first value on a CPU always replacing; quantize n plus
// 127 buckets (bucket 63 holds 0); lquantize n plus levels + 2 buckets;
// llquantize n plus (high - low + 1) * (steps - steps/factor) * 2 + 3
// buckets, laid out as Oracle's DTrace does (negative overflow, negative
// buckets, the underflow bucket for |v| < factor^low in the middle,
// positive buckets, positive overflow; illumos had no negative side). Its
// bucket is found by a binary search of bounds derived from the
// formatter's bucket function (format.LlquantizeBounds, from
// format.LlquantizeBucket), so that kernel and consumer agree; the bounds
// lie in rodata, padded to 2^k - 1 entries, and the search takes k steps
// of constant offsets (llquantize.go). The map is per-CPU, so the update
// is done in place without atomics. The entry is looked up (a keyless
// aggregation's one array entry always exists); in a keyed map a missing
// entry is created from the zero block and looked up again, and if that
// fails the CPU's aggregation drop counter (drops) goes up. A keyed map
// has aggsize / (key + value) entries, clamped to [64, 2^20], and is not
// preallocated: preallocating a per-CPU hash took ~800 ms at creation (see
// layout.go).
//
// # Memory
//
// mem.go computes addresses for member access, *, & and p[i], and reads
// kernel memory with bpf_probe_read_kernel (bpf_probe_read_user through
// userland pointers), faulting with DTrace's "invalid address" error when
// a read fails; bit-fields are shifted out of the bytes read; char arrays
// and stringof(char *) are read as NUL-padded strings. A kernel symbol
// named with the scoping operator is memory at a constant address.
//
// # Registers and stack
//
// R6 holds the program context and R7 the scratch base for the whole
// clause function. Expression results are left in R0: an integer in 64
// bits, or a pointer to a NUL-padded string buffer. As in DTrace,
// arithmetic is not narrowed to its type (D's types: no promotion to int,
// the operand of higher rank wins, check.arith); a value narrows to its
// type where it is loaded, stored, cast or recorded. Integer constant
// expressions are folded in 64 bits by the checker (check.Info.Consts).
// Intermediate values wait in stack slots, so helper calls (which clobber
// R1-R5) never destroy them. R8 and R9 are only for leaf operations that
// evaluate no subexpression while they hold a value: string copies, the
// aggregation entry being updated, and the fault kind and location.
//
// On the stack, -8 is a key slot, -16 a value slot for map updates, and
// temporaries start at -24 and grow down; going past 512 bytes is a
// compile error ("expression too complex"). The trampoline uses -4 for the
// scratch key. A provider's LoadArgs instructions run with R6 the context
// and R9 pointing at the ten zeroed slots; they may use R0-R5 and must
// preserve R6-R9.
//
// Strings are copied 8 bytes at a time with unrolled loads and stores; a
// truncated copy ends with a NUL. Signed / and % work on magnitudes and
// fix the sign afterwards, as C truncation requires; a zero divisor jumps
// to the fault handler.
//
// # Faults and ERROR
//
// A fault handler writes a fault record (spec.EPIDError) in place of the
// clause's record and returns clauseFaulted (1) instead of 0, so the
// clause is aborted. dtrace:::ERROR runs in the probe context of the
// fault, as in DTrace (error_probe.go). The clause functions of ERROR's
// ECBs are generated once and linked into every program with a clause that
// can fault. On clauseFaulted the trampoline copies the ten argument slots
// to a save area at the end of scratch (reserved only when a clause
// enables ERROR), sets ERROR's arguments from the fault record still in
// the staging area (arg0 0, arg1 EPID, arg2 action, arg3 offset
// sign-extended so that "none" is -1, arg4 kind, arg5 value, the rest 0),
// calls the ERROR clauses, and restores the arguments for the clauses that
// follow. The trampoline makes the calls rather than the fault handler
// because BPF gives one call chain 512 bytes of stack: a clause and an
// ERROR clause are then siblings, each with the whole of it. Nothing reads
// what an ERROR clause returns, so a fault in one fires nothing; its fault
// record is printed as DTrace reports such a "double error" ("dtrace: 1
// error in ERROR probe enabling"), once per fault rather than summed per
// status interval. The ERROR program itself (probe_3) is loaded but never
// run. The ERROR clauses are verified again at each call site (the
// verifier checks a static subprogram in its caller's context), so a probe
// with many faulting clauses verifies them many times; loading
// syscall:::entry with a faulting clause took the same time with or
// without an ERROR clause. stack() in an ERROR clause is generated for
// ERROR's program type, so from a syscall tracepoint it reads the
// tracepoint's registers instead of walking the task's stack.
//
// # Subroutines
//
// A subroutine's prototype is in lang/check/subr.go's subrs table, the one
// list of them; its generator is in the generators map (subr.go) keyed by
// the same names, in subr*.go files, and TestSubroutineGenerators checks
// that the two agree.
//
// The string subroutines keep the verifier's work bounded by three habits
// (see subr_string.go): every loop is bounded by a constant; a length or
// position a loop stops at goes through a scratch slot, so that the
// verifier does not explore what follows once per possible value; and
// decisions inside loops are made without branches (arithmetic, 256-byte
// tables in rodata). Searches compare 8 bytes at a time under a length
// mask. The loops leave by falling through and stay by jumping; a string
// comparison's loop does the same, so that the verifier keeps one pending
// state per comparison rather than two per byte (a clause of some twenty
// comparisons otherwise exceeds the verifier's 8192). Verifiers before 6.4
// allow an instruction on the walk's current path to be reached again only
// by a jump, so a loop entered at its test ends its step with ja
// (gen.loopHead; the kernel removes the no-op jump); TestLoopEntries
// checks this without booting.
//
// A string variable, key or record holds strsize characters, as DTrace's
// do: its buffer is strsize+1 rounded up to 8 (check.stringType; a literal
// keeps its own size), and copyString keeps at most strsize characters and
// NULs the rest, so that strings cut alike are equal buffers and hence the
// same key. A subroutine's result is a string buffer of the same size and
// holds up to strsize characters, as Oracle DTrace's subroutines write
// theirs (illumos's hold strsize-1), except copyinstr(), which reads at
// most strsize bytes, or its limit's, the NUL included, as Oracle's does;
// strjoin() cuts its result there, as Oracle's does, where illumos faults.
// trace() under rawbytes dumps strsize+1 bytes, Oracle's record of a
// string. strlen(), the shared length helper (substr(), index(), rindex(),
// strstr(), basename(), dirname()) and the comparison operators stop at
// strsize (strBound, str.go), as DTrace counts and compares at most
// strsize bytes. sizeof (string) is strsize. index(), rindex() and
// strstr() loop over the positions of the string in a bpf_loop() callback
// (searchStep), which the verifier walks once per call where an open loop
// cost it every position times every word of the pattern; gen.callback
// appends a clause's callbacks after its code.
//
// strchr(), strrchr(), strstr(), strtok() and json() return NULL when they
// find nothing: a zero block of its own in rodata (nullBlock,
// subr_search.go). Compared, it equals only NULL and is less than any
// other string, "" included, as in Oracle DTrace (compareStrings; illumos
// reads it as ""); anything else that reads it faults with an invalid
// address of 0 (checkNull after the call, skipped when gen.nullOK says the
// value goes to a comparison, possibly through parentheses or a ternary's
// branch, which then passes it on uncopied). A string variable holds NULL
// as a mark in its buffer (nullstring.go); an absent dynamic string
// variable reads as NULL (a marked block in rodata), and assigning NULL
// deletes one while "" is kept, as in Oracle DTrace.
//
// d_path() (subr_dpath.go) walks the dentry tree and crosses mounts in a
// 64-step loop, writing the name backwards from the end of a double-size
// buffer; its write position lives in scratch memory (a map load tells the
// verifier nothing, so every step starts from the same checked state and
// states prune). Kernel structure offsets for such walks come from
// check.Info.KernelType, a lookup into the kernel's BTF. strtok()
// (subr_strtok.go) keeps its state in a scratch area from layout.extend:
// the firing's timestamp (which the trampoline zeroes for it and the first
// use fills, so a state from an earlier firing never matches), the
// position, and a copy of the string, which may be a temporary of an
// earlier clause. cleanpath() (subr_cleanpath.go; Oracle's rules: Go's
// path.Clean, but "" stays "") is a state machine driven by tables in
// rodata, one step per input byte: each step writes four bytes without a
// branch, an array of "last / before position j" makes undoing a /.. one
// load, and a barrier position keeps the leading .. of a relative path.
//
// json() (subr_json.go) splits the selector first, into its elements and a
// table of each one's start and the index strtoll() reads in it, then runs
// illumos's parser as a machine with one step per byte of the text: the
// step for the state and the byte's class comes from a table in rodata,
// and its flags (write the byte, compare it with the key, a value ends,
// descend, count a brace ...) are applied as arithmetic on 0 and 1, so
// that the only jumps lead out, to the result or to NULL. A key is
// compared with the element a byte at a time as it is read. The result is
// built in place and NUL-padded on the way out. The selector's tables take
// five bytes per selector byte, so two strsize temporaries and a strsize
// selector do not fit a clause's 8 KiB of temporaries at strsize 1024.
//
// The network subroutines (subr_net.go) write the text backwards into a
// work buffer as DTrace does; the IPv6 zero run is found by 16 unrolled,
// branch-free steps that reproduce illumos's byte-wise count. inet_ntoa6()
// takes Oracle's optional strict flag (an integer constant): without it an
// IPv4-mapped or -compatible address is its IPv4 part alone, with it the
// IPv6 prefix is kept, as inet_ntop() writes it.
//
// alloca() memory (subr_mem.go) is a layout.extend area: 24 bytes of
// bookkeeping, among them the count of bytes allocated, then the
// scratchsize option's bytes (Oracle DTrace's option, default 256, rounded
// up to 8), then as many again that only the verifier sees reached (a copy
// of up to that size at an offset of up to that size). copyin()
// (subr_copy.go) allocates its copy there too, as in Oracle DTrace. Every
// clause using it zeroes the count at entry, before its predicate, so
// memory never outlives its clause (a pointer from an earlier clause of
// the same firing faults, as Oracle's tests expect). Its addresses are
// plain numbers (a pointer stored to scratch and loaded back), so that
// they can be stored, printed and subtracted; Oracle's are offsets into
// its scratch memory, so trace() of one prints a kernel address here where
// Oracle prints a small number. Each load and store through such a pointer
// (check.Info.AllocaMem) is checked against what the clause has allocated
// (allocaAccess): outside it is an invalid address, an access starting
// inside and running past its end Oracle's "invalid size" (FaultBadSize);
// a store then goes through a map-value pointer computed from the checked,
// verifier-bounded offset. bcopy() and copyinto() check their size and
// destination (and a source in alloca() memory) the same way, then bound
// the offset again for the verifier.
//
// progenyof() (subr_int.go) walks real_parent at most 256 steps comparing
// tgid. The lock subroutines (subr_lock.go) read struct mutex's owner and
// rwlock_t's cnts at their BTF offsets, as Oracle DTrace does;
// mutex_owner() is the owner word without its flag bits, typed through the
// prototype's KernelResult (a kernel type found in BTF).
//
// # Built-in variables
//
// Built-ins read through curthread (task.go, time.go): ppid follows
// real_parent; timestamp is read once per firing (the trampoline zeroes a
// scratch slot, the first use fills it), as in DTrace; vtimestamp is
// se.sum_exec_runtime + (rq.clock_task - se.exec_start) + (timestamp -
// rq.clock) through se.cfs_rq->rq: live between scheduler updates, and
// with per-CPU clock offsets cancelling across migrations. cwd and root
// (builtin_path.go) give curthread->fs's pwd and root to d_path()'s walk
// (pathName). execargs (builtin_execargs.go) reads mm->arg_start to
// arg_end from user memory into a strsize buffer, as Oracle's
// dt_bvar_execargs does, and turns the NULs before the last byte into
// spaces without branches; no mm (a kernel thread) gives "". curcpu
// (builtin_cpu.go) is the address of this CPU's value in the per-CPU
// cpuinfo map, passed through scratch so that it is a plain number; its
// type, cpuinfo_t, is built in (lang/check/builtins.go) with the offsets
// of abi.CPUInfo*; the compiler declares the map and the loader fills it.
//
// ustackdepth and ucaller (builtin_stack.go) walk the user stack with
// bpf_get_stack, as ustack() does, into 127 frames of temporaries (the
// kernel's default perf_event_max_stack): the depth is the bytes written /
// 8, the caller the second frame, as illumos's dtrace_getupcstack() and
// Oracle's bpf_get_stack give. stackdepth and caller do the same with the
// kernel stack at profile probes, whose perf event registers are those of
// the interrupted code. Elsewhere the walk starts in the BPF program and
// the tracing code that ran it (stackPastPlumbing): the leading frames
// found in the plumbing map's address ranges are skipped (a binary search
// per frame, at most 24 frames, its bounds kept in scratch slots), so that
// stackdepth counts what stack() prints and caller is its first frame, the
// return address into the function where the probe fired. The loader fills
// the map (load/plumbing.go).
//
// # Stacks and symbol actions
//
// stack() and ustack() are written by bpf_get_stack straight into the
// record or the aggregation key (subr_stack.go); ustack puts the pid
// first, for symbolization. A syscall tracepoint's context holds only the
// user registers, so tracepoint programs walk the task's kernel stack with
// bpf_get_task_stack instead, which starts in BPF and perf plumbing: 8
// spare frames are recorded and the consumer drops the leading plumbing
// frames by symbol name.
//
// usym(), ufunc(), uaddr() and umod() record the pid (tgid) and the
// address, 16 bytes, laid out as a one-frame user stack (a spec.Item with
// Stack: UserStack, Frames: 1 and Sym saying how to print it), so that the
// consumer decodes and names them as it does ustack(). As in DTrace they
// are values only where a statement (abi.ActSymbol) or an aggregation key
// records them (action_act.go widens their key slot); in any other
// expression the code generator refuses them (D_CG_EXPR), as it refuses
// stacks. tracemem(addr, size[, dsize]) copies size bytes into the record;
// the consumer prints at most dsize of them. print(p) records the address,
// then the object there (NULL or an unreadable address faults), with the
// object's type in the item (abi.PrintType: kind, name as DTrace writes
// it, members with bit offsets and bit-field widths, an enum's enumerators
// from its D declaration or the kernel's BTF, Info.Enumerators). setopt()
// records its strings for the printer to apply.
//
// # Speculations
//
// speculation.go: the specs array map holds the failed-speculation count
// and nspec (at most 1024) 8-byte slots. A slot is odd while active;
// speculation() claims an even one with compare-and-exchange and returns
// its index + 1, or 0. commit() and discard() free the slot at once and
// record which speculation (id and generation) they ended. Records of a
// clause after speculate(id) carry the id and generation after the header;
// the consumer holds them (consume/speculation.go). The one shared ring
// buffer orders the records, so no cleaner is needed, and "busy" failures
// cannot happen.
//
// # Destructive actions
//
// action_destructive.go: every clause that calls a destructive action or
// subroutine has spec.ECB.Destructive set, which the handle checks when
// enabling. raise() and stop() call bpf_send_signal (the process, as
// Oracle's DTrace; SIGSTOP for stop()). chill() charges the CPU's budget
// in the per-CPU chill map (at most 500 ms per second, else an
// illegal-operation fault) and then spins in bpf_loop() (Linux 5.17): the
// callback appended to the clause reads the clock and stops the loop once
// the time has passed, which is how a loop whose end the verifier cannot
// prove is accepted before may_goto (6.9). One bpf_loop() runs at most
// 2^23 iterations, so chill() calls it up to eight times. It zeroes the
// firing's cached timestamp, as DTrace lets timestamp move across a
// chill(). A program passing a callback needs BTF func_info for every
// function (funcinfo.go: static linkage, no declared parameters, so each
// function is still verified in its caller's context). copyout() reads its
// source into scratch space and copyoutstr() copies its string there,
// since bpf_probe_write_user wants memory the verifier knows. system(),
// freopen() and ftruncate() record like printf (or not at all), and the
// consumer acts. panic() and breakpoint() fail to compile, as in Oracle's
// DTrace.
//
// # Shared attachments
//
// When a provider implements provider.Shared and a program enables at
// least provider.MinShared (8) of its probes, shared.go serves them from
// one program for the group. ECBs stay one per (clause, probe), so the
// consumer is unchanged; each clause is generated once for the group, and
// the trampoline (sharedTrampoline) looks the selector up in the group's
// table (an array map: the probe's ID, its number of arguments, and per
// clause the ECB's EPID or 0) before anything else, so that an event
// nothing enables costs a table lookup; then it makes the provider's extra
// test if it has one (SharedGuard), finds scratch, checks the tracing
// state, loads the arguments, clears those the event does not have, and
// calls each clause enabling the probe with its EPID, ID and selector in
// scratch (offsets 104, 108, 112). The clause reads the EPID (record
// headers, faults, epid) and id from there, and probefunc from a second
// array map of names by selector (made only when a clause uses it);
// probeprov, probemod and probename are the same for the whole group.
//
// # Testing
//
// The tests compile a corpus (testdata/*.d) twice and check that the
// output is identical, and test ECB and record layout and errors, with a
// saved tracefs tree (provider/syscall/testdata/tracefs) and a fake
// Kernel, so that no kernel or root is needed. BenchmarkCompileClauses
// times 10, 100 and 1,000 clauses per clause.
package compile
