package compile

import (
	"io"
	"slices"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/spec"
)

// keeper offers keep:::a, keep:::b and keep:::c. Each reads a map its
// companion fills: a and b share the companion "keeper", c has its own.
type keeper struct{}

func (keeper) Name() string { return "keep" }
func (keeper) Provide(provider.Desc) ([]provider.Offer, error) {
	return []provider.Offer{{Name: "a"}, {Name: "b"}, {Name: "c"}}, nil
}
func (keeper) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return ebpf.RawTracepoint, ebpf.AttachNone
}
func (keeper) LoadArgs(p *provider.Probe) asm.Instructions {
	return asm.Instructions{asm.LoadMapPtr(asm.R1, 0).WithReference(companionOf(p) + "_map")}
}
func (keeper) Attach(*provider.Probe, *ebpf.Program) (io.Closer, error) { return nil, nil }
func (keeper) AttachCompanion(*provider.Probe, string, *ebpf.Program) (io.Closer, error) {
	return nil, nil
}
func (keeper) Companions(p *provider.Probe) []*provider.Companion {
	name := companionOf(p)
	return []*provider.Companion{{
		Name:    name,
		Program: &ebpf.ProgramSpec{Type: ebpf.RawTracepoint, Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}},
		Maps:    []*ebpf.MapSpec{{Name: name + "_map", Type: ebpf.Hash, KeySize: 8, ValueSize: 8, MaxEntries: 64}},
	}}
}

func companionOf(p *provider.Probe) string {
	if p.Name == "c" {
		return "other"
	}
	return "keeper"
}

// TestCompanions: the compiler declares each companion the enabled
// probes need once, names a probe that asked for it, and declares the
// maps it shares with the probes' programs.
func TestCompanions(t *testing.T) {
	cfg := config(t)
	cfg.Registry = provider.NewRegistry(dtraceprov.New(), keeper{})
	for _, c := range []struct {
		src  string
		want []string
	}{
		{`keep:::a, keep:::b { trace(arg0); }`, []string{"keeper for a"}},
		{`keep:::b { } keep:::c, keep:::a { }`, []string{"keeper for b", "other for c"}},
		{`BEGIN { }`, nil},
	} {
		p, err := Compile([]*token.File{token.NewFile("companion.d", []byte(c.src))}, cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		var got []string
		for _, cp := range p.Companions {
			// Any probe that asked will do; the first enabled does.
			var name string
			for _, e := range p.ECBs {
				if e.Probe.ID == cp.Probe {
					name = e.Probe.Name
				}
			}
			got = append(got, cp.Name+" for "+name)
			if cp.Program.Name != cp.Name {
				t.Errorf("%s: companion %s's program is named %q", c.src, cp.Name, cp.Program.Name)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: companions %q, want %q", c.src, got, c.want)
		}
		checkMapsDeclared(t, p)
	}
}

// checkMapsDeclared fails t unless every map that a program of p
// references, its probes' and its companions', is declared in p.Maps:
// the program is the whole unit the loader loads.
func checkMapsDeclared(t *testing.T, p *spec.Program) {
	t.Helper()
	progs := map[string]*ebpf.ProgramSpec{}
	for _, pp := range p.Probes {
		progs[pp.Program.Name] = pp.Program
	}
	for _, cp := range p.Companions {
		progs[cp.Name] = cp.Program
	}
	for name, ps := range progs {
		for _, ins := range ps.Instructions {
			if ref := ins.Reference(); ref != "" && ins.IsLoadFromMap() && p.Maps[ref] == nil {
				t.Errorf("program %s references map %s, which the program does not declare", name, ref)
			}
		}
	}
}
