package compile

import (
	"strings"

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
func probeArgs(descs map[*ast.Clause][]descMatch, defs definitions) func(*ast.Clause) []check.DescArgs {
	return func(cl *ast.Clause) []check.DescArgs {
		var out []check.DescArgs
		for _, dm := range descs[cl] {
			out = append(out, descArgs(dm, defs))
		}
		return out
	}
}

// descArgs describes the arguments of the probes one description
// matched. As in DTrace, a description that matches several probes of
// a provider that does not promise them alike matches an unstable set.
func descArgs(dm descMatch, defs definitions) check.DescArgs {
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
		if d, ok := p.Owner().(provider.Defined); ok {
			args = defs[definitionKey(d.Definition(p))]
		}
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

// definitions are the argument types of the probes the program's
// provider definitions declare, by definitionKey.
type definitions map[string][]check.ProbeArg

func definitionKey(provider, probe string) string { return provider + ":" + probe }

// definitionsOf reads the provider definitions of decls: each probe's
// native argument types and, where the definition gives them, the
// types the D library translates them to.
func definitionsOf(decls []ast.Decl) definitions {
	defs := definitions{}
	typeText := func(t *ast.TypeExpr) string {
		if t.Ptr == 0 {
			return t.Name
		}
		return t.Name + " " + strings.Repeat("*", t.Ptr)
	}
	for _, d := range decls {
		pd, ok := d.(*ast.ProviderDecl)
		if !ok {
			continue
		}
		for _, pr := range pd.Probes {
			var args []check.ProbeArg
			for i, a := range pr.Args {
				pa := check.ProbeArg{Native: typeText(a), Mapping: i}
				if i < len(pr.XArgs) {
					if x := typeText(pr.XArgs[i]); x != pa.Native {
						pa.Xlate = x
					}
				}
				args = append(args, pa)
			}
			defs[definitionKey(pd.Name, pr.Name)] = args
		}
	}
	return defs
}
