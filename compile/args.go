package compile

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/provider"
)

// descMatch is one probe description of a clause, expanded, and the
// probes it matched.
type descMatch struct {
	desc   provider.Desc
	probes []*provider.Probe
}

// probeArgs gives the checker what each clause's descriptions matched,
// for typing args[]. It asks the providers for argument types only for
// the clauses that use args[], since a provider may read a file per
// probe to know them.
func probeArgs(descs map[*ast.Clause][]descMatch) func(*ast.Clause) []check.DescArgs {
	return func(cl *ast.Clause) []check.DescArgs {
		var out []check.DescArgs
		for _, dm := range descs[cl] {
			out = append(out, descArgs(dm))
		}
		return out
	}
}

// descArgs describes the arguments of the probes one description
// matched. As in DTrace, a description that matches several probes of
// a provider that does not promise them alike matches an unstable set.
func descArgs(dm descMatch) check.DescArgs {
	da := check.DescArgs{Desc: dm.desc.String()}
	if len(dm.probes) == 0 {
		da.Unstable = true
		return da
	}
	for _, p := range dm.probes {
		if len(dm.probes) > 1 && provider.AttributesOf(p.Owner()).UnstableSet(dm.desc) {
			da.Unstable = true
			return da
		}
		var args []check.ProbeArg
		if t, ok := p.Owner().(provider.Typed); ok {
			pa, err := t.Args(p)
			if err != nil {
				da.Err = err
				return da
			}
			for _, a := range pa {
				args = append(args, check.ProbeArg{Native: a.Native, Xlate: a.Xlate, Mapping: a.Mapping})
			}
		}
		da.Probes = append(da.Probes, args)
	}
	return da
}
