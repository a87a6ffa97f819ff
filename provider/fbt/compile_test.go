package fbt_test

import (
	"os"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/compile"
	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/provider/fbt"
	"github.com/godtrace/godtrace/spec"
)

// compileFbt compiles src against the saved function list and BTF, on a
// "kernel" with what support says, in attach mode mode.
func compileFbt(t *testing.T, mode fbt.Mode, support fbt.Support, src string) (*spec.Program, error) {
	t.Helper()
	return compileFbtIn(t, "testdata/tracefs", mode, support, src)
}

// compileFbtIn compiles src with the functions a tracefs tree lists.
func compileFbtIn(t *testing.T, tracefs string, mode fbt.Mode, support fbt.Support, src string) (*spec.Program, error) {
	t.Helper()
	types := func() (*btf.Spec, error) {
		return testenv.SavedBTF(t, "../../lang/check/testdata/vmlinux.btf.gz"), nil
	}
	pv := fbt.NewConfig(fbt.Config{
		Root: os.DirFS(tracefs), Blacklist: os.DirFS("testdata/debugfs"), Proc: os.DirFS("testdata/proc"),
		Types: types, ModuleTypes: func(string) (*btf.Spec, error) { return nil, os.ErrNotExist }, Support: &support,
	})
	if err := pv.SetMode(mode); err != nil {
		t.Fatal(err)
	}
	cfg := compile.Config{Registry: provider.NewRegistry(dtraceprov.New(), pv), KernelBTF: types}
	return compile.Compile([]*token.File{token.NewFile("fbt.d", []byte(src))}, cfg)
}

// Each mechanism compiles to its program type: fentry and fexit
// programs loaded for their function, kprobes, or one shared kprobe
// program for a module's functions (kprobe.multi where the kernel has
// it).
func TestCompileMechanisms(t *testing.T) {
	src := `fbt::vfs_read:entry, fbt::vfs_read:return { @[probefunc, probename] = count(); trace(arg1); }`
	type prog struct {
		typ    ebpf.ProgramType
		attach ebpf.AttachType
		to     string
		shared bool
	}
	all := fbt.Support{Fentry: true, Kprobe: true, Multi: true}
	for _, c := range []struct {
		mode    fbt.Mode
		support fbt.Support
		want    []prog
	}{
		{fbt.ModeAuto, all, []prog{{ebpf.Tracing, ebpf.AttachTraceFEntry, "vfs_read", false}, {ebpf.Tracing, ebpf.AttachTraceFExit, "vfs_read", false}}},
		{fbt.ModeAuto, fbt.Support{Kprobe: true}, []prog{{ebpf.Kprobe, ebpf.AttachNone, "", false}, {ebpf.Kprobe, ebpf.AttachNone, "", false}}},
		{fbt.ModeKprobe, all, []prog{{ebpf.Kprobe, ebpf.AttachNone, "", false}, {ebpf.Kprobe, ebpf.AttachNone, "", false}}},
		{fbt.ModeMulti, all, []prog{{ebpf.Kprobe, ebpf.AttachTraceKprobeMulti, "", true}, {ebpf.Kprobe, ebpf.AttachTraceKprobeMulti, "", true}}},
		{fbt.ModeMulti, fbt.Support{Kprobe: true}, []prog{{ebpf.Kprobe, ebpf.AttachNone, "", true}, {ebpf.Kprobe, ebpf.AttachNone, "", true}}},
	} {
		p, err := compileFbt(t, c.mode, c.support, src)
		if err != nil {
			t.Fatalf("%s %+v: %v", c.mode, c.support, err)
		}
		var got []prog
		for _, pp := range p.Probes {
			got = append(got, prog{pp.Program.Type, pp.Program.AttachType, pp.Program.AttachTo, pp.Shared != nil})
		}
		if len(got) != len(c.want) {
			t.Errorf("%s %+v: programs %+v, want %+v", c.mode, c.support, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s %+v: program %d is %+v, want %+v", c.mode, c.support, i, got[i], c.want[i])
			}
		}
	}
}

// A module's functions share one program per probe name when wide
// enough (multi mode: from one), and each function has its own program
// when not (auto mode, below fbt.MinMulti). A function whose name the
// kernel has several of (do_sys_openat2) attaches by address, with a
// kprobe program of its own.
func TestCompileWide(t *testing.T) {
	src := `fbt:vmlinux::entry { @[probefunc] = count(); }`
	all := fbt.Support{Fentry: true, Kprobe: true, Multi: true}
	p, err := compileFbt(t, fbt.ModeMulti, all, src)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Probes) != 2 || p.Probes[0].Shared == nil || len(p.Probes[0].Shared.Probes) != 6 ||
		p.Probes[1].Shared != nil || p.Probes[1].Probe.Function != "do_sys_openat2" || p.Probes[1].Program.Type != ebpf.Kprobe {
		t.Errorf("multi: %d programs, want one shared by 6 functions and do_sys_openat2's kprobe", len(p.Probes))
	}
	p, err = compileFbt(t, fbt.ModeAuto, all, src)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Probes) != 7 || p.Probes[0].Shared != nil {
		t.Errorf("auto: %d programs, want 7 of their own", len(p.Probes))
	}
	for _, pp := range p.Probes {
		if pp.Probe.Function == "do_sys_openat2" && pp.Program.Type != ebpf.Kprobe {
			t.Errorf("auto: do_sys_openat2 is a %v program, want a kprobe", pp.Program.Type)
		}
	}
}

// Where ftrace says which copies of an ambiguous name it patches, the
// function joins its module's kprobe.multi program (by address); a
// kernel without kprobe.multi still attaches it on its own, as a kprobe
// by address takes no cookie.
func TestCompileWideExact(t *testing.T) {
	src := `fbt:vmlinux::entry { @[probefunc] = count(); }`
	for _, c := range []struct {
		support fbt.Support
		shared  int
	}{
		{fbt.Support{Fentry: true, Kprobe: true, Multi: true}, 7},
		{fbt.Support{Fentry: true, Kprobe: true}, 6},
	} {
		p, err := compileFbtIn(t, "testdata/tracefs-addrs", fbt.ModeMulti, c.support, src)
		if err != nil {
			t.Fatal(err)
		}
		var shared []string
		alone := 0
		function := map[uint32]string{}
		for _, e := range p.ECBs {
			function[e.Probe.ID] = e.Probe.Function
		}
		for _, pp := range p.Probes {
			if pp.Shared == nil {
				alone++
				if pp.Probe.Function != "do_sys_openat2" {
					t.Errorf("%+v: %s has a program of its own", c.support, pp.Probe.Function)
				}
				continue
			}
			for _, id := range pp.Shared.Probes {
				shared = append(shared, function[id])
			}
		}
		if len(shared) != c.shared || alone != 7-c.shared {
			t.Errorf("%+v: %d functions share a program (%s), %d have their own; want %d and %d",
				c.support, len(shared), shared, alone, c.shared, 7-c.shared)
		}
	}
}

// args[] follows the prototype: a typed member access compiles; a void
// function's return probe has no args[1].
func TestCompileArgs(t *testing.T) {
	for _, c := range []struct{ src, err string }{
		{`fbt::vfs_read:entry { trace(stringof(args[0]->f_path.dentry->d_name.name)); trace(args[2]); }`, ""},
		{`fbt::vfs_read:return { trace(args[1] + 1); }`, ""},
		{`fbt::kfree:return { trace(args[1]); }`, "index 1 is out of range"},
		{`fbt::kfree:return { trace(arg1); }`, ""},
	} {
		_, err := compileFbt(t, fbt.ModeAuto, fbt.Support{Fentry: true, Kprobe: true}, c.src)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.src, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want %q", c.src, err, c.err)
		}
	}
}
