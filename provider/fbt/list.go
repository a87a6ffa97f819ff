package fbt

import (
	"bufio"
	"io"
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
}

// The module of the core kernel's functions, as DTrace names it.
const coreModule = "vmlinux"

// parseFunctions reads tracefs's available_filter_functions: one
// function a line, "name" for the core kernel's and "name [module]" for
// a module's, listing what ftrace can patch, and so what fentry, fexit
// and kprobes on a function's entry can attach to. It keeps those that
// traceable allows and whose name the kernel has once: static functions
// of one name in several files (or in a module and the core kernel) are
// listed once per copy, but a probe names a function by name, and the
// kernel refuses to put a kprobe on an ambiguous name, which includes a
// name kallsyms has several functions of (textSyms counts them), though
// ftrace lists only one. textSyms arrives on symbols (nil: unknown).
func parseFunctions(r io.Reader, deny map[string]bool, symbols <-chan map[string]int) ([]*function, error) {
	type entry struct{ name, module string }
	// Tens of thousands of lines, read whole and cut, not copied: the
	// names are substrings of one string (this runs at each start).
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var all []entry
	copies := map[string]int{}
	for line := range strings.Lines(string(b)) {
		name, mod, _ := strings.Cut(strings.TrimSpace(line), " ")
		mod = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(mod), "["), "]")
		if mod == "" {
			mod = coreModule
		}
		if name == "" {
			continue
		}
		copies[name]++
		all = append(all, entry{name, mod})
	}
	textSyms := <-symbols
	var fns []*function
	for _, e := range all {
		if copies[e.name] != 1 || textSyms[e.name] > 1 || !traceable(e.name) || deny[e.name] {
			continue
		}
		fns = append(fns, &function{name: e.name, module: e.module, index: len(fns)})
	}
	return fns, nil
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

// parseBlacklist reads debugfs's kprobes/blacklist, lines of
// "0xSTART-0xEND\tname [module]": the functions the kernel will not put
// a kprobe on (NOKPROBE_SYMBOL and the sections it keeps kprobes out of).
func parseBlacklist(r io.Reader) map[string]bool {
	deny := map[string]bool{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 {
			deny[f[1]] = true
		}
	}
	return deny
}

// countTextSymbols counts the functions of each name in a kallsyms
// table ("address type name [module]" lines, t or T for text). The
// table has a few hundred thousand lines: they are cut from one string,
// not split into new ones.
func countTextSymbols(r io.Reader) map[string]int {
	n := map[string]int{}
	b, err := io.ReadAll(r)
	if err != nil {
		return n
	}
	for line := range strings.Lines(string(b)) {
		_, rest, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
		typ, rest, _ := strings.Cut(rest, " ")
		if typ != "t" && typ != "T" {
			continue
		}
		name, _, _ := strings.Cut(rest, "\t") // a module's: "name\t[module]"
		name, _, _ = strings.Cut(name, " ")
		if name != "" {
			n[name]++
		}
	}
	return n
}
