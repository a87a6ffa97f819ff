package sdt

import "github.com/godtrace/godtrace/provider"

// Attributes are the stability of the tracepoint providers, sdt and
// rawtp, as Oracle DTrace declares them: the provider's name is
// Evolving, but the groups, events and fields are the kernel's own,
// which change between versions (Private), and depend on the
// architecture's tracepoints (ISA).
var Attributes = provider.Attributes{
	Provider: provider.Attribute{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
	Module:   provider.Attribute{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Function: provider.Attribute{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Name:     provider.Attribute{Name: provider.Private, Data: provider.Private, Class: provider.ClassISA},
	Args:     provider.Attribute{Name: provider.Private, Data: provider.Private, Class: provider.ClassISA},
}

// Attributes implements provider.Attributed.
func (*Provider) Attributes() provider.Attributes { return Attributes }
