package usdt

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// Header writes a C header for probes: for each, a macro that fires it
// (PROVIDER_NAME(args)) and one that says whether it is enabled
// (PROVIDER_NAME_ENABLED()). source names the provider definition, in
// a comment. The header defines each semaphore as a weak symbol, so a
// program links without dtrace -G's object; with it, the object's
// definitions are the ones kept.
func Header(w io.Writer, source string, probes []Probe) error {
	guard := "_" + strings.ToUpper(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, strings.TrimSuffix(filepath.Base(source), filepath.Ext(source)))) + "_H"
	var b strings.Builder
	fmt.Fprintf(&b, `/*
 * USDT probes of %s, written by dtrace -h: edit the provider
 * definition, not this file.
 *
 * Each PROVIDER_PROBE(...) macro puts a nop where the probe fires and a
 * SystemTap stapsdt note that says where its arguments are there, which
 * dtrace's USDT providers (and bpftrace, perf and SystemTap) read.
 * PROVIDER_PROBE_ENABLED() reads the probe's semaphore, which the kernel
 * counts up while a tracer has the probe enabled: use it to skip work
 * done only for the probe's arguments.
 */
#ifndef %s
#define %s

/* As DTrace's headers do, for the types of the probes' arguments. */
#include <unistd.h>
#include <inttypes.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__x86_64__)

`, filepath.Base(source), guard, guard)
	b.WriteString(noteMacro)
	for _, p := range probes {
		writeProbe(&b, p)
	}
	b.WriteString("#else /* no stapsdt notes for this architecture: the probes are left out */\n\n")
	for _, p := range probes {
		params := paramList(len(p.Args))
		fmt.Fprintf(&b, "#define %s(%s) do { } while (0)\n", p.MacroName(), params)
		fmt.Fprintf(&b, "#define %s_ENABLED() (0)\n", p.MacroName())
	}
	fmt.Fprintf(&b, `
#endif

#ifdef __cplusplus
}
#endif

#endif /* %s */
`, guard)
	_, err := io.WriteString(w, b.String())
	return err
}

// noteMacro is the assembly of one probe site: the nop, then the note,
// in a section of its own pushed and popped around it. The note holds
// the nop's address, the address of _.stapsdt.base (a one-byte section
// every object with notes defines once, by which a tracer corrects the
// addresses of a prelinked object), the semaphore's address, then the
// provider, the probe and the arguments' description, each a string.
// Local labels 990-994 keep sites apart.
const noteMacro = `#define _USDT_NOTE(provider, name, semaphore, args, ...) \
	__asm__ __volatile__ ( \
		"990:\tnop\n" \
		"\t.pushsection .note.stapsdt,\"?\",\"note\"\n" \
		"\t.balign 4\n" \
		"\t.4byte 992f-991f, 994f-993f, 3\n" \
		"991:\t.asciz \"stapsdt\"\n" \
		"992:\t.balign 4\n" \
		"993:\t.8byte 990b\n" \
		"\t.8byte _.stapsdt.base\n" \
		"\t.8byte " semaphore "\n" \
		"\t.asciz \"" provider "\"\n" \
		"\t.asciz \"" name "\"\n" \
		"\t.asciz \"" args "\"\n" \
		"994:\t.balign 4\n" \
		"\t.popsection\n" \
		"\t.ifndef _.stapsdt.base\n" \
		"\t.pushsection .stapsdt.base,\"aG\",\"progbits\",.stapsdt.base,comdat\n" \
		"\t.weak _.stapsdt.base\n" \
		"\t.hidden _.stapsdt.base\n" \
		"_.stapsdt.base:\t.space 1\n" \
		"\t.size _.stapsdt.base, 1\n" \
		"\t.popsection\n" \
		"\t.endif\n" \
		:: __VA_ARGS__)

`

// writeProbe writes p's semaphore and macros. An argument is an asm
// operand of constraint "nor" (an immediate, a register or memory, as
// the compiler has it), cast to its declared type so that its size is
// the note's; the note's description refers to it as %N.
func writeProbe(b *strings.Builder, p Probe) {
	sem := p.Semaphore()
	fmt.Fprintf(b, "__attribute__((weak, section(\".probes\"))) volatile unsigned short %s;\n", sem)
	var desc, ops []string
	for i, a := range p.Args {
		desc = append(desc, fmt.Sprintf("%d@%%%d", a.Size, i))
		ops = append(ops, fmt.Sprintf("\"nor\"((%s)(arg%d))", a.Type, i))
	}
	// A probe without arguments still passes an operand list: one
	// that asks for nothing.
	operands := strings.Join(ops, ", ")
	if operands == "" {
		operands = "\"i\"(0)"
	}
	fmt.Fprintf(b, "#define %s(%s) \\\n\t_USDT_NOTE(\"%s\", \"%s\", \"%s\", \"%s\", %s)\n",
		p.MacroName(), paramList(len(p.Args)), p.Provider, p.Name, sem, strings.Join(desc, " "), operands)
	fmt.Fprintf(b, "#define %s_ENABLED() __builtin_expect(%s != 0, 0)\n\n", p.MacroName(), sem)
}

func paramList(n int) string {
	var ps []string
	for i := range n {
		ps = append(ps, fmt.Sprintf("arg%d", i))
	}
	return strings.Join(ps, ", ")
}
