package fbt

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"
)

// function is one traceable kernel function: the entry and return
// probes of fbt:MODULE:NAME.
type function struct {
	name, module string
	// index is the function's place in the listing, which orders its
	// probes.
	index int
	proto *proto // its prototype, once looked up (see Provider.protoOf)
	// fentryOK says the verifier loads fentry and fexit programs that
	// read its arguments, once fentryTried (Provider.fentryAccepts).
	fentryTried, fentryOK bool
	// ambiguous says the kernel has several functions of the name (in
	// ftrace's list or in kallsyms, in this module or another): it
	// refuses a kprobe or fentry program by that name, so the probes
	// attach at the address of each of the module's copies, addrs, and
	// fire for any of them.
	ambiguous bool
	addrs     []uint64
	// sites are where ftrace patches the module's copies of an
	// ambiguous function (available_filter_functions_addrs), nil when
	// the kernel does not say. exact says addrs are the copies of those
	// sites: every one can be traced, so a kprobe.multi link, which
	// fails whole for one copy it cannot patch, can take them.
	sites []uint64
	exact bool
}

// The module of the core kernel's functions, as DTrace names it.
const coreModule = "vmlinux"

// parseFunctions reads tracefs's available_filter_functions: one
// function a line, "name" for the core kernel's and "name [module]" for
// a module's, listing what ftrace can patch, and so what fentry, fexit
// and kprobes on a function's entry can attach to; with addrs, it reads
// available_filter_functions_addrs (6.5), whose lines start with the
// address ftrace patches ("ffffffff8100a0e4 name [module]"). It keeps
// the functions that traceable allows, once per module and name, and
// marks ambiguous the names the kernel has several functions of: static
// functions of one name in several files (or in a module and the core
// kernel) are listed once per copy, and kallsyms may have copies ftrace
// does not list. Counts of kallsyms's functions by name arrive on
// symbols (nil: unknown).
func parseFunctions(r io.Reader, addrs bool, deny map[string]bool, symbols <-chan *kallsyms) ([]*function, *kallsyms, error) {
	type key struct{ name, module string }
	// Tens of thousands of lines, read whole and cut, not copied: the
	// names are substrings of one string (this runs at each start).
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, err
	}
	// Each module's function once, with the site of its first copy; the
	// sites of further copies (a few hundred) apart.
	type entry struct {
		key
		site string
	}
	var all []entry
	copies := map[string]int{}
	seen := map[key]bool{}
	more := map[key][]string{}
	for line := range strings.Lines(string(b)) {
		line = strings.TrimSpace(line)
		var site string
		if addrs {
			site, line, _ = strings.Cut(line, " ")
		}
		name, mod, _ := strings.Cut(line, " ")
		mod = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(mod), "["), "]")
		if mod == "" {
			mod = coreModule
		}
		if name == "" {
			continue
		}
		copies[name]++
		k := key{name, mod}
		if seen[k] {
			more[k] = append(more[k], site)
			continue
		}
		seen[k] = true
		all = append(all, entry{k, site})
	}
	ks := <-symbols
	var fns []*function
	for _, e := range all {
		if !traceable(e.name) || deny[e.name] {
			continue
		}
		fn := &function{name: e.name, module: e.module, index: len(fns)}
		fn.ambiguous = copies[e.name] > 1 || ks != nil && ks.count[e.name] > 1
		if fn.ambiguous && addrs {
			for _, site := range append([]string{e.site}, more[e.key]...) {
				if a, err := strconv.ParseUint(site, 16, 64); err == nil && a != 0 {
					fn.sites = append(fn.sites, a)
				}
			}
		}
		fns = append(fns, fn)
	}
	return fns, ks, nil
}

// locate gives each ambiguous function of fns the addresses of its
// module's copies that kallsyms lists, outside the kprobe blacklist's
// ranges and the core kernel's init text (freed after boot; kallsyms
// keeps its symbols, ftrace does not list them), and leaves out those
// with none (kallsyms unread, or its addresses hidden). Where ftrace
// gave the sites it patches, the copies are those that hold a site,
// and no other.
func locate(fns []*function, ks *kallsyms, bl *blacklist) []*function {
	want := map[string]bool{}
	for _, fn := range fns {
		if fn.ambiguous {
			want[fn.name] = true
		}
	}
	if len(want) == 0 {
		return fns
	}
	var at map[string][]symbol
	if ks != nil {
		want[initStart], want[initEnd] = true, true
		at = ks.find(want)
	}
	var init [2]uint64
	if s, e := at[initStart], at[initEnd]; len(s) == 1 && len(e) == 1 {
		init = [2]uint64{s[0].addr, e[0].addr}
	}
	keep := fns[:0]
	for _, fn := range fns {
		if fn.ambiguous {
			var copies []uint64
			for _, s := range at[fn.name] {
				inInit := s.module == coreModule && s.addr >= init[0] && s.addr < init[1]
				if s.module == fn.module && s.addr != 0 && !bl.holds(s.addr) && !inInit {
					copies = append(copies, s.addr)
				}
			}
			fn.addrs, fn.exact = copies, false
			if fn.sites != nil {
				fn.addrs, fn.exact = patched(copies, fn.sites), true
			}
			if len(fn.addrs) == 0 {
				continue
			}
		}
		fn.index = len(keep)
		keep = append(keep, fn)
	}
	return keep
}

// siteReach is how far past a function's first byte ftrace's site may
// be: the call to __fentry__ is its first instruction, after an endbr64
// (4 bytes) where the kernel is built for indirect branch tracking.
const siteReach = 16

// patched returns the copies (function addresses) that hold one of
// sites: for each site, the copy at or closest before it, within
// siteReach.
func patched(copies, sites []uint64) []uint64 {
	var out []uint64
	for _, site := range sites {
		best, found := uint64(0), false
		for _, c := range copies {
			if c <= site && site-c < siteReach && (!found || c > best) {
				best, found = c, true
			}
		}
		if found && !slices.Contains(out, best) {
			out = append(out, best)
		}
	}
	return out
}

// traceable is the rule for the functions fbt offers among those ftrace
// lists (docs/providers.md says it to users):
//   - a name with a dot is a compiler's copy of a function (foo.isra.0,
//     foo.cold, foo.constprop.0): not a function of the source, and a
//     probe description cannot name it;
//   - ftrace's placeholders for functions it could not resolve
//     (__ftrace_invalid_address___N) and the tracepoint stubs
//     (__probestub_*, __traceiter_*) are no functions;
//   - the functions that run a probe's program or walk its stack (the
//     BPF trampolines and dispatchers, the tracepoint and perf paths
//     into BPF, the stack walkers) and the kprobe, fprobe, rethook and
//     ftrace machinery would fire inside their own probe; the kernel
//     stops that recursion, but a probe that mostly misses is worse
//     than none;
//   - the functions the BPF verifier refuses to trace (see denied).
func traceable(name string) bool {
	if strings.Contains(name, ".") {
		return false
	}
	for _, p := range untraceablePrefixes {
		if strings.HasPrefix(name, p) {
			return false
		}
	}
	return !denied[name]
}

var untraceablePrefixes = []string{
	"__ftrace_invalid_address__", "__probestub_", "__traceiter_",
	"ftrace_", "__ftrace_", "kprobe_", "__kprobe", "kretprobe_", "fprobe_", "__fprobe",
	"rethook_", "arch_rethook_",
	"bpf_trampoline_", "__bpf_tramp_", "bpf_dispatcher_", "__bpf_prog_enter", "__bpf_prog_exit",
	"trace_call_bpf", "bpf_trace_run", "__bpf_trace_", "perf_trace_", "perf_syscall_",
	"bpf_get_stack", "__bpf_get_stack", "bpf_get_task_stack", "__bpf_get_task_stack",
	"bpf_get_attach_cookie", "bpf_overflow_handler", "get_callchain_entry", "perf_callchain",
	"stack_trace_save", "arch_stack_walk", "unwind_",
}

// denied are the functions the verifier refuses fentry programs for
// (btf_id_deny in kernel/bpf/verifier.c): tracing them from BPF would
// recurse through the program's own prologue.
var denied = map[string]bool{
	"migrate_disable": true, "migrate_enable": true,
	"rcu_read_unlock_strict": true, "preempt_count_add": true, "preempt_count_sub": true,
	"__rcu_read_lock": true, "__rcu_read_unlock": true,
}

// blacklist is debugfs's kprobes/blacklist: the functions the kernel
// will not put a kprobe on (NOKPROBE_SYMBOL and the sections it keeps
// kprobes out of), by name and by address range.
type blacklist struct {
	names  map[string]bool
	ranges [][2]uint64 // [start, end)
}

// parseBlacklist reads lines of "0xSTART-0xEND\tname [module]".
func parseBlacklist(r io.Reader) *blacklist {
	bl := &blacklist{names: map[string]bool{}}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		bl.names[f[1]] = true
		lo, hi, ok := strings.Cut(f[0], "-")
		start, err1 := strconv.ParseUint(strings.TrimPrefix(lo, "0x"), 16, 64)
		end, err2 := strconv.ParseUint(strings.TrimPrefix(hi, "0x"), 16, 64)
		if ok && err1 == nil && err2 == nil {
			bl.ranges = append(bl.ranges, [2]uint64{start, end})
		}
	}
	return bl
}

// holds reports whether addr is in one of the blacklist's ranges.
func (bl *blacklist) holds(addr uint64) bool {
	if bl == nil {
		return false
	}
	for _, r := range bl.ranges {
		if addr >= r[0] && addr < r[1] {
			return true
		}
	}
	return false
}

// kallsyms is the kernel's symbol table ("address type name [module]"
// lines; t or T for text), read whole: a few hundred thousand lines,
// cut from one string, not split into new ones.
type kallsyms struct {
	text  string
	count map[string]int // the functions of each name
}

// The symbols that bound the core kernel's init text.
const (
	initStart = "_sinittext"
	initEnd   = "_einittext"
)

// symbol is a function of kallsyms.
type symbol struct {
	addr   uint64
	module string
}

func readKallsyms(r io.Reader) *kallsyms {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil
	}
	ks := &kallsyms{text: string(b), count: map[string]int{}}
	for line := range strings.Lines(ks.text) {
		if _, name, _, ok := textSymbol(line); ok {
			ks.count[name]++
		}
	}
	return ks
}

// find returns the functions of the names in want.
func (ks *kallsyms) find(want map[string]bool) map[string][]symbol {
	at := map[string][]symbol{}
	for line := range strings.Lines(ks.text) {
		addr, name, mod, ok := textSymbol(line)
		if !ok || !want[name] {
			continue
		}
		a, err := strconv.ParseUint(addr, 16, 64)
		if err != nil {
			continue
		}
		at[name] = append(at[name], symbol{a, mod})
	}
	return at
}

// textSymbol cuts a kallsyms line of a function: "ADDR t NAME" for the
// core kernel's, "ADDR t NAME\t[MODULE]" for a module's.
func textSymbol(line string) (addr, name, module string, ok bool) {
	addr, rest, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
	typ, rest, _ := strings.Cut(rest, " ")
	if typ != "t" && typ != "T" {
		return "", "", "", false
	}
	name, mod, _ := strings.Cut(rest, "\t")
	name, _, _ = strings.Cut(name, " ")
	module = coreModule
	if m := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(mod), "["), "]"); m != "" {
		module = m
	}
	return addr, name, module, name != ""
}
