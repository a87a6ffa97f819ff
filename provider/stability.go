package provider

// Stability is a DTrace stability level, lowest first, as dtrace(1) -v
// and the D compiler's attribute checks order them.
type Stability uint8

const (
	Internal Stability = iota
	Private
	Obsolete
	External
	Unstable
	Evolving
	Stable
	Standard
)

var stabilityNames = [...]string{"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard"}

// String is the level's name as dtrace -v prints it.
func (s Stability) String() string {
	if int(s) < len(stabilityNames) {
		return stabilityNames[s]
	}
	return "Unknown"
}

// Class is a DTrace dependency class, narrowest first.
type Class uint8

const (
	ClassUnknown Class = iota
	ClassCPU
	ClassPlatform
	ClassGroup
	ClassISA
	ClassCommon
)

var classNames = [...]string{"Unknown", "CPU", "Platform", "Group", "ISA", "Common"}

// String is the class's name as dtrace -v prints it.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "Unknown"
}

// Attribute is the stability of names and data, and the dependency class,
// of one part of a probe's interface.
type Attribute struct {
	Name, Data Stability
	Class      Class
}

// Min is the weaker of a and b, field by field, as DTrace combines the
// attributes of the parts of a description.
func (a Attribute) Min(b Attribute) Attribute {
	return Attribute{Name: min(a.Name, b.Name), Data: min(a.Data, b.Data), Class: min(a.Class, b.Class)}
}

// Attributes are a provider's attributes: those of the provider name,
// the module, function and probe names, and the probes' arguments.
type Attributes struct {
	Provider, Module, Function, Name, Args Attribute
}

// Attributed is implemented by providers that declare their stability.
type Attributed interface {
	Attributes() Attributes
}

// unstable are the attributes DTrace gives what it knows nothing about
// (its _dtrace_prvdesc): everything Unstable and Common.
var unstable = Attributes{
	Provider: Attribute{Unstable, Unstable, ClassCommon},
	Module:   Attribute{Unstable, Unstable, ClassCommon},
	Function: Attribute{Unstable, Unstable, ClassCommon},
	Name:     Attribute{Unstable, Unstable, ClassCommon},
	Args:     Attribute{Unstable, Unstable, ClassCommon},
}

// EvolvingISA are the attributes DTrace gives the syscall and fbt
// providers: Evolving provider and probe names, the functions (system
// calls, kernel functions) and their arguments Private to the ISA, the
// modules Private.
var EvolvingISA = Attributes{
	Provider: Attribute{Evolving, Evolving, ClassCommon},
	Module:   Attribute{Private, Private, ClassUnknown},
	Function: Attribute{Private, Private, ClassISA},
	Name:     Attribute{Evolving, Evolving, ClassCommon},
	Args:     Attribute{Private, Private, ClassISA},
}

// known are the attributes DTrace declares for providers whose packages
// do not say: dtrace (BEGIN, END, ERROR) and profile, as both illumos
// and Oracle's DTrace declare them.
var known = map[string]Attributes{
	"dtrace": {
		Provider: Attribute{Stable, Stable, ClassCommon},
		Module:   Attribute{Private, Private, ClassUnknown},
		Function: Attribute{Private, Private, ClassUnknown},
		Name:     Attribute{Stable, Stable, ClassCommon},
		Args:     Attribute{Stable, Stable, ClassCommon},
	},
	"profile": {
		Provider: Attribute{Evolving, Evolving, ClassCommon},
		Module:   Attribute{Unstable, Unstable, ClassUnknown},
		Function: Attribute{Private, Private, ClassUnknown},
		Name:     Attribute{Evolving, Evolving, ClassCommon},
		Args:     Attribute{Evolving, Evolving, ClassCommon},
	},
}

// AttributesOf returns pv's attributes: its own if it declares them,
// DTrace's for the dtrace and profile providers, else all Unstable.
func AttributesOf(pv Provider) Attributes {
	if a, ok := pv.(Attributed); ok {
		return a.Attributes()
	}
	if a, ok := known[pv.Name()]; ok {
		return a
	}
	return unstable
}

// isGlob reports whether a description field is empty or a pattern:
// such a field leaves its part of the interface unspecified.
func isGlob(field string) bool {
	return field == "" || IsGlob(field)
}

// DescAttribute is the stability of description d, which matched probes
// of a provider with attributes a: the weakest of the parts d names
// exactly, as dt_probe_info() computes it. A provider field that is a
// pattern makes the whole description Unstable.
func (a Attributes) DescAttribute(d Desc) Attribute {
	if isGlob(d.Provider) {
		a = unstable
	}
	attr := a.Provider
	for _, f := range []struct {
		field string
		attr  Attribute
	}{{d.Module, a.Module}, {d.Function, a.Function}, {d.Name, a.Name}} {
		if !isGlob(f.field) {
			attr = attr.Min(f.attr)
		}
	}
	return attr
}

// UnstableSet reports whether d, having matched more than one probe of
// a provider with attributes a, matches "an unstable set of probes",
// whose argument types DTrace will not assume alike: the provider
// promises less than Evolving argument data and d's provider is a
// pattern, or d leaves open a field whose names are at least Evolving.
// A provider with Evolving names must give all probes of one name the
// same arguments.
func (a Attributes) UnstableSet(d Desc) bool {
	switch {
	case a.Args.Data < Evolving && isGlob(d.Provider):
	case a.Module.Name >= Evolving && isGlob(d.Module):
	case a.Function.Name >= Evolving && isGlob(d.Function):
	case a.Name.Name >= Evolving && isGlob(d.Name):
	default:
		return false
	}
	return true
}
