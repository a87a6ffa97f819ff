package main

import (
	"fmt"
	"io"
	"os"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider"
)

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// run is the whole command, with its streams, for tests.
func run(argv []string, stdout, stderr io.Writer) int {
	inv, err := parseArgs(argv)
	if err != nil {
		return reportArgError(stderr, err)
	}
	// -x core (or its pragma, which compiling applies to the same
	// options) dumps core at exit, whatever the exit.
	defer func() {
		if inv.Options.Bool(option.Core) {
			dumpCore(stderr)
		}
	}()
	switch inv.Mode {
	case ModeHeader:
		return header(inv, stderr)
	case ModeLink:
		return link(inv, stderr)
	}
	out := stdout
	if inv.Output != "" {
		f, err := os.OpenFile(inv.Output, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666)
		if err != nil {
			fmt.Fprintf(stderr, "dtrace: failed to open output file '%s': %s\n", inv.Output, errText(err))
			return 1
		}
		defer f.Close()
		out = f
	}
	switch inv.Mode {
	case ModeVersion:
		fmt.Fprintf(out, "%s: Oracle D %s\n", inv.Prog, dtrace.Version)
		return 0
	case ModeList:
		return list(inv, out, stderr)
	}
	return execute(inv, out, stderr)
}

// list implements -l: the probes matching each description, or all.
// As dtrace(1) does, it compiles the sources first, so that an error in
// them is reported before the heading; a description matching nothing
// is reported and the listing goes on, without changing the exit status.
func list(inv *Invocation, out, stderr io.Writer) int {
	h, err := openHandle(inv)
	if err != nil {
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	defer h.Close()
	h.Stderr = stderr
	reg := h.Registry()
	// As for a program, -c and -p processes are created and grabbed
	// first: pid$target lists the probes of the last.
	if _, err := targets(h, inv); err != nil {
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	srcs, err := sources(inv)
	if err != nil {
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	descs := []provider.Desc{{}}
	if len(srcs) > 0 {
		if descs, err = h.Describe(srcs, append([]string{macroZero(inv)}, inv.Args...)); err != nil {
			reportCompileError(stderr, inv, err)
			return 1
		}
	}
	format.ListHeading(out)
	for _, d := range descs {
		ps, err := reg.List(d)
		if err != nil && len(srcs) == 0 {
			fmt.Fprintf(stderr, "dtrace: %v\n", err)
			return 1
		}
		if err != nil {
			fmt.Fprintf(stderr, "dtrace: failed to match %s: %v\n", d, err)
			continue
		}
		if len(ps) == 0 {
			fmt.Fprintf(stderr, "dtrace: failed to match %s: No probe matches description\n", d)
			continue
		}
		for _, p := range ps {
			format.ListProbe(out, p.ID, p.Provider, p.Module, p.Function, p.Name)
			if inv.Verbose {
				listInfo(out, p)
			}
		}
	}
	return 0
}

// listInfo writes what -l -v adds for probe p: its stability and its
// argument types, the translated type where there is one, as DTrace
// prints them. Like dtrace(1), it writes nothing when the provider
// cannot tell the arguments.
func listInfo(out io.Writer, p *provider.Probe) {
	attrs := provider.AttributesOf(p.Owner())
	info := format.ProbeInfo{Desc: attrText(attrs.DescAttribute(p.Desc())), Args: attrText(attrs.Args)}
	if t, ok := p.Owner().(provider.Typed); ok {
		args, err := t.Args(p)
		if err != nil {
			return
		}
		for _, a := range args {
			typ := a.Native
			if a.Xlate != "" {
				typ = a.Xlate
			}
			info.ArgTypes = append(info.ArgTypes, typ)
		}
	}
	format.ListProbeInfo(out, info)
}

func attrText(a provider.Attribute) format.Attr {
	return format.Attr{Names: a.Name.String(), Data: a.Data.String(), Class: a.Class.String()}
}

func errText(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return capitalize(pe.Err.Error())
	}
	return err.Error()
}

// capitalize turns Go's "no such file or directory" into strerror's
// "No such file or directory".
func capitalize(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
