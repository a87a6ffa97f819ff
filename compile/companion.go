package compile

import (
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// probeName is how the program names p: by ID and name, for the loader
// to find it again in the Registry.
func probeName(p *provider.Probe) spec.Probe {
	return spec.Probe{ID: p.ID, Provider: p.Provider, Module: p.Module, Function: p.Function, Name: p.Name}
}

// addCompanions adds to the program the companion programs its enabled
// probes need (provider.Accompanied), once per name, with the maps they
// share with the probes' programs, which reference those by name.
func (c *compiler) addCompanions(stmts []statement) {
	seen := map[string]bool{}
	for _, st := range stmts {
		for _, p := range st.probes {
			acc, ok := p.Owner().(provider.Accompanied)
			if !ok {
				continue
			}
			for _, comp := range acc.Companions(p) {
				if seen[comp.Name] {
					continue
				}
				seen[comp.Name] = true
				ps := comp.Program.Copy()
				ps.Name = comp.Name // the kernel keeps 15 characters of it
				c.prog.Companions = append(c.prog.Companions, &spec.Companion{Name: comp.Name, Probe: p.ID, Program: ps})
				for _, m := range comp.Maps {
					if c.prog.Maps[m.Name] == nil {
						c.prog.Maps[m.Name] = m.Copy()
					}
				}
			}
		}
	}
}
