package stable

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/providertest"
	"github.com/godtrace/godtrace/spec"
)

func providers() []*Provider {
	return []*Provider{NewProc(), NewSched(), NewIO(), NewIP(), NewTCP(), NewUDP()}
}

// TestTables checks what the tables promise: distinct probe names, each
// with a tracepoint, and args[] that map to one of the ten native
// arguments, translated ones from a pointer (or an int, tcplsinfo_t's
// input).
func TestTables(t *testing.T) {
	for _, pv := range providers() {
		seen := map[string]bool{}
		for _, pr := range pv.probes {
			name := pv.name + ":::" + pr.name
			if seen[pr.name] {
				t.Errorf("%s listed twice", name)
			}
			seen[pr.name] = true
			if len(pr.events) == 0 {
				t.Errorf("%s has no tracepoint", name)
			}
			for i, a := range pr.args {
				if a.Mapping < 0 || a.Mapping >= provider.NArgs {
					t.Errorf("%s args[%d] maps to arg%d", name, i, a.Mapping)
				}
				if a.Xlate != "" && !strings.HasSuffix(a.Native, "*") && a.Native != "int" {
					t.Errorf("%s args[%d] translates from %q, not a pointer", name, i, a.Native)
				}
			}
		}
	}
}

// usesCPUInfo reports whether insns refer to the cpuinfo map, which
// only the loader adds.
func usesCPUInfo(insns asm.Instructions) bool {
	for _, ins := range insns {
		if ins.Reference() == spec.MapCPUInfo {
			return true
		}
	}
	return false
}

// TestLoadAttach loads every probe's arguments through the verifier and
// attaches them to the kernel's tracepoints (those that need the cpuinfo
// map are left to the end-to-end tests, which load it).
func TestLoadAttach(t *testing.T) {
	testenv.RequireBPF(t)
	pvs := providers()
	var interfaces []provider.Provider
	for _, pv := range pvs {
		interfaces = append(interfaces, pv)
	}
	reg := provider.NewRegistry(interfaces...)
	for _, pv := range pvs {
		name := pv.name
		ps, err := reg.Match(provider.Desc{Provider: name})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			insns, err := build(p)
			if err != nil {
				t.Errorf("%s: %v", p.Desc(), err)
				continue
			}
			providertest.CheckPreserves(t, insns)
			if usesCPUInfo(insns) {
				continue
			}
			rec := providertest.Load(t, p, providertest.Options{})
			c, err := p.Owner().Attach(p, rec.Prog)
			if err != nil {
				t.Errorf("%s: %v", p.Desc(), err)
				continue
			}
			c.Close()
		}
	}
}

// TestCreate runs a child and checks what proc:::create saw: it fires
// in this process, with the child's task as arg0, whose pid a probe
// read of task_struct finds.
func TestCreate(t *testing.T) {
	testenv.RequireBPF(t)
	ps, err := provider.NewRegistry(NewProc()).Match(provider.Desc{Provider: "proc", Name: "create"})
	if err != nil || len(ps) != 1 {
		t.Fatalf("Match(proc:::create) = %v, %v", ps, err)
	}
	rec := providertest.Load(t, ps[0], providertest.Options{PID: uint32(os.Getpid())})
	c, err := ps[0].Owner().Attach(ps[0], rec.Prog)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := exec.Command("/bin/true").Run(); err != nil {
		t.Fatal(err)
	}
	if rec.Total(t) == 0 {
		t.Fatal("proc:::create did not fire")
	}
	if args := rec.Args(t); args[0] == 0 || args[1] != 0 || args[2] != 0 {
		t.Errorf("args = %x, want the child's task, then zeros (the pid and tgid slots cleared)", args[:3])
	}
}

// Each provider declares DTrace's attributes for its SDT providers, which
// dtrace -lv shows: Private/Private/Unknown for the probe description
// (the lowest of its names'), Evolving/Evolving/ISA for the arguments.
func TestAttributes(t *testing.T) {
	for _, pv := range providers() {
		a := provider.AttributesOf(pv)
		desc := a.Provider.Min(a.Module).Min(a.Function).Min(a.Name)
		if want := (provider.Attribute{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown}); desc != want {
			t.Errorf("%s: description attributes %v, want %v", pv.name, desc, want)
		}
		if want := (provider.Attribute{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA}); a.Args != want {
			t.Errorf("%s: argument attributes %v, want %v", pv.name, a.Args, want)
		}
	}
}
