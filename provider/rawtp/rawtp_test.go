package rawtp

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/providertest"
)

// tracefsCopy is the sdt provider's saved tracefs tree.
var tracefsCopy = os.DirFS("../sdt/testdata/tracefs")

// fakeTypes is kernel BTF with one tracepoint, sched_switch.
func fakeTypes() (*btf.Spec, error) {
	task := &btf.Pointer{Target: &btf.Struct{Name: "task_struct"}}
	proto := &btf.FuncProto{Return: &btf.Void{}, Params: []btf.FuncParam{
		{Name: "__data", Type: &btf.Pointer{Target: &btf.Void{}}},
		{Type: &btf.Typedef{Name: "bool", Type: &btf.Int{Name: "_Bool", Size: 1, Encoding: btf.Bool}}},
		{Type: task},
		{Type: task},
		{Type: &btf.Int{Name: "unsigned int", Size: 4}},
	}}
	b, err := btf.NewBuilder([]btf.Type{
		&btf.Typedef{Name: "btf_trace_sched_switch", Type: &btf.Pointer{Target: proto}},
		&btf.Typedef{Name: "btf_trace_sched_wakeup", Type: &btf.Int{Name: "int", Size: 4}},
	}, nil)
	if err != nil {
		return nil, err
	}
	return b.Spec()
}

func dumpArgs(args []provider.Arg) string {
	var s []string
	for _, a := range args {
		s = append(s, fmt.Sprintf("%d:%s", a.Mapping, a.Native))
	}
	return strings.Join(s, ",")
}

func TestArgs(t *testing.T) {
	loads := 0
	pv := NewFS(tracefsCopy, func() (*btf.Spec, error) { loads++; return fakeTypes() })
	reg := provider.NewRegistry(pv)
	ps, err := reg.List(provider.Desc{Provider: "rawtp", Module: "sched"})
	if err != nil {
		t.Fatal(err)
	}
	if loads != 0 {
		t.Errorf("listing loaded BTF")
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Desc().String())
	}
	if got, want := strings.Join(names, " "), "rawtp:sched::sched_process_exec rawtp:sched::sched_process_fork rawtp:sched::sched_switch rawtp:sched::sched_wakeup"; got != want {
		t.Fatalf("List = %s, want %s", got, want)
	}
	sw, wake, exec := ps[2], ps[3], ps[0]
	args, err := pv.Args(sw)
	if got, want := dumpArgs(args), "0:bool,1:struct task_struct *,2:struct task_struct *,3:unsigned int"; err != nil || got != want {
		t.Errorf("Args(sched_switch) = %s, %v; want %s", got, err, want)
	}
	if got := pv.LoadArgs(sw); len(got) != 8 {
		t.Errorf("LoadArgs(sched_switch) = %d instructions, want 8", len(got))
	}
	providertest.CheckPreserves(t, pv.LoadArgs(sw))
	for _, p := range []*provider.Probe{wake, exec} {
		if _, err := pv.Args(p); err == nil {
			t.Errorf("Args(%s): no error", p.Desc())
		}
		if got := pv.LoadArgs(p); len(got) != 0 {
			t.Errorf("LoadArgs(%s) = %v, want nothing", p.Desc(), got)
		}
		if _, err := pv.Attach(p, nil); err == nil {
			t.Errorf("Attach(%s): no error", p.Desc())
		}
	}
	if loads != 1 {
		t.Errorf("BTF loaded %d times, want once", loads)
	}

	broken := errors.New("no BTF here")
	pv = NewFS(tracefsCopy, func() (*btf.Spec, error) { return nil, broken })
	ps, err = provider.NewRegistry(pv).List(provider.Desc{Provider: "rawtp", Name: "sched_switch"})
	if err != nil || len(ps) != 1 {
		t.Fatalf("List = %v, %v", ps, err)
	}
	if _, err := pv.Args(ps[0]); !errors.Is(err, broken) {
		t.Errorf("Args without BTF: error %v", err)
	}
}

// probe returns the live rawtp:group::name probe, and a recorder of its
// firings in this process, attached.
func probe(t *testing.T, group, name string) (*Provider, *provider.Probe, *providertest.Recorder) {
	t.Helper()
	testenv.RequireBPF(t)
	pv := New()
	ps, err := provider.NewRegistry(pv).Match(provider.Desc{Provider: "rawtp", Module: group, Name: name})
	if err != nil || len(ps) != 1 {
		t.Fatalf("Match(rawtp:%s::%s) = %v, %v", group, name, ps, err)
	}
	rec := providertest.Load(t, ps[0], providertest.Options{PID: uint32(os.Getpid())})
	c, err := pv.Attach(ps[0], rec.Prog)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Error(err)
		}
	})
	return pv, ps[0], rec
}

func TestLiveSchedSwitch(t *testing.T) {
	pv, p, rec := probe(t, "sched", "sched_switch")
	args, err := pv.Args(p)
	if got, want := dumpArgs(args), "0:bool,1:struct task_struct *,2:struct task_struct *,3:unsigned int"; err != nil || got != want {
		t.Errorf("Args = %s, %v; want %s", got, err, want)
	}
	for range 3 {
		time.Sleep(time.Millisecond)
	}
	if rec.Total(t) == 0 {
		t.Fatal("did not fire")
	}
	got := rec.Args(t)
	if got[1] == 0 || got[2] == 0 || got[1] == got[2] || got[4] != 0 {
		t.Errorf("args = %#x; want two different tasks in arg1 and arg2, nothing after arg3", got)
	}
}

func TestLiveSchedProcessFork(t *testing.T) {
	pv, p, rec := probe(t, "sched", "sched_process_fork")
	args, err := pv.Args(p)
	if got, want := dumpArgs(args), "0:struct task_struct *,1:struct task_struct *"; err != nil || got != want {
		t.Errorf("Args = %s, %v; want %s", got, err, want)
	}
	if err := exec.Command("/bin/true").Run(); err != nil {
		t.Fatal(err)
	}
	got := rec.Args(t)
	if got[0] == 0 || got[1] == 0 || got[0] == got[1] || got[2] != 0 {
		t.Errorf("args = %#x; want parent and child tasks", got)
	}
}

// TestLiveEveryEvent checks that every listed event has its parameters
// in the kernel's BTF, and times the lookup.
func TestLiveEveryEvent(t *testing.T) {
	testenv.RequireBPF(t)
	pv := New()
	ps, err := provider.NewRegistry(pv).List(provider.Desc{Provider: "rawtp"})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	missing := 0
	for _, p := range ps {
		if _, err := pv.Args(p); err != nil {
			missing++
			t.Log(err)
		}
	}
	t.Logf("%d events, %d without parameters in BTF, looked up in %v", len(ps), missing, time.Since(start))
	if missing > len(ps)/10 {
		t.Errorf("%d of %d events have no BTF prototype", missing, len(ps))
	}
}
