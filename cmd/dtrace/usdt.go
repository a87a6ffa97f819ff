package main

import (
	"bytes"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/parser"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/usdt"
)

// header implements -h: a C header for the probes the -s scripts'
// provider definitions declare, to -o's file or, as in DTrace, the
// script's base name with .d replaced by .h, in the current directory;
// without -o there must be one script, named *.d.
func header(inv *Invocation, stderr io.Writer) int {
	script, probes, code := usdtProbes(inv, stderr)
	if code != 0 {
		return code
	}
	path := inv.Output
	if path == "" {
		switch {
		case len(inv.Sources) > 1:
			fmt.Fprintln(stderr, "dtrace: -h requires an output file if multiple scripts are specified")
			return 2
		case !strings.HasSuffix(script, ".d"):
			fmt.Fprintln(stderr, "dtrace: -h requires an output file if no scripts are specified")
			return 2
		}
		path = filepath.Base(strings.TrimSuffix(script, ".d")) + ".h"
	}
	var b bytes.Buffer
	if err := usdt.Header(&b, script, probes); err != nil {
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	if err := os.WriteFile(path, b.Bytes(), 0o666); err != nil {
		fmt.Fprintf(stderr, "dtrace: failed to open header file '%s': %s\n", path, errText(err))
		return 1
	}
	return 0
}

// usdtProbes reads the provider definitions of the -s scripts: the
// first script's path and the probes.
func usdtProbes(inv *Invocation, stderr io.Writer) (string, []usdt.Probe, int) {
	var script string
	var decls []*ast.ProviderDecl
	for _, s := range inv.Sources {
		if s.Kind != SourceFile {
			fmt.Fprintln(stderr, "dtrace: -h and -G take provider definitions from -s scripts only")
			return "", nil, 2
		}
		if script == "" {
			script = s.Text
		}
		b, err := os.ReadFile(s.Text)
		if err != nil {
			fmt.Fprintf(stderr, "dtrace: failed to open %s: %s\n", s.Text, errText(err))
			return "", nil, 1
		}
		prog, err := parser.ParseFile(token.NewFile(s.Text, b))
		if err != nil {
			fmt.Fprintf(stderr, "dtrace: failed to compile script %s: %v\n", s.Text, err)
			return "", nil, 1
		}
		for _, d := range prog.Decls {
			if pd, ok := d.(*ast.ProviderDecl); ok {
				decls = append(decls, pd)
			}
		}
	}
	if script == "" {
		fmt.Fprintln(stderr, "dtrace: no provider definitions: -h and -G need a -s script")
		return "", nil, 2
	}
	probes, err := usdt.Probes(decls)
	if err != nil {
		fmt.Fprintf(stderr, "dtrace: failed to compile script %s: %v\n", script, err)
		return "", nil, 1
	}
	return script, probes, 0
}

// link implements -G: an object defining the probes' semaphores (none
// for a script that defines no provider), to -o's file or the one
// linkOutput names. The operands are the
// program's objects, whose machine the object's must be.
func link(inv *Invocation, stderr io.Writer) int {
	script, probes, code := usdtProbes(inv, stderr)
	if code != 0 {
		return code
	}
	machine := elf.EM_X86_64
	for i, path := range inv.Args {
		f, err := elf.Open(path)
		if err != nil {
			fmt.Fprintf(stderr, "dtrace: failed to process %s: %v\n", path, err)
			return 1
		}
		if i == 0 {
			machine = f.Machine
		}
		f.Close()
	}
	if machine != elf.EM_X86_64 {
		fmt.Fprintf(stderr, "dtrace: -G: objects for %v: USDT notes are written for x86-64 only\n", machine)
		return 1
	}
	path := inv.Output
	if path == "" {
		path = linkOutput(script)
	}
	var b bytes.Buffer
	if err := usdt.Object(&b, machine, probes); err != nil {
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	if err := os.WriteFile(path, b.Bytes(), 0o666); err != nil {
		fmt.Fprintf(stderr, "dtrace: failed to open output file '%s': %s\n", path, errText(err))
		return 1
	}
	return 0
}

// linkOutput is where -G writes without -o, as dtrace(1)'s link_prog()
// names it: a script's name with its .d replaced by .o, in the current
// directory, or d.out for a script not named .d.
func linkOutput(script string) string {
	if base, ok := strings.CutSuffix(script, ".d"); ok {
		return filepath.Base(base) + ".o"
	}
	return "d.out"
}
