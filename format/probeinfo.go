package format

import (
	"fmt"
	"io"
	"strings"
)

// Attr is a stability attribute as dtrace -v names its parts: the
// stability of identifier names and of data semantics, and the
// dependency class ("Evolving", "Private", "Common").
type Attr struct {
	Names, Data, Class string
}

// ProbeInfo is what dtrace -l -v reports about a probe after its line:
// the attributes of its description and of its arguments, and the type
// of each args[i] (the translated type where there is a translation).
type ProbeInfo struct {
	Desc, Args Attr
	ArgTypes   []string
}

// ListProbeInfo writes a probe's ProbeInfo as dtrace(1)'s verbose
// listing does (print_probe_info in dtrace.c): two tab-indented
// attribute blocks, then the argument types, or "None".
func ListProbeInfo(w io.Writer, p ProbeInfo) error {
	var b strings.Builder
	attr := func(title string, a Attr) {
		fmt.Fprintf(&b, "\n\t%s\n", title)
		fmt.Fprintf(&b, "\t\tIdentifier Names: %s\n", a.Names)
		fmt.Fprintf(&b, "\t\tData Semantics:   %s\n", a.Data)
		fmt.Fprintf(&b, "\t\tDependency Class: %s\n", a.Class)
	}
	attr("Probe Description Attributes", p.Desc)
	attr("Argument Attributes", p.Args)
	b.WriteString("\n\tArgument Types\n")
	for i, t := range p.ArgTypes {
		fmt.Fprintf(&b, "\t\targs[%d]: %s\n", i, t)
	}
	if len(p.ArgTypes) == 0 {
		b.WriteString("\t\tNone\n")
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}
