package compile

import (
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"
	"github.com/godtrace/godtrace/abi"
)

// TestDestructiveECBs checks that exactly the clauses calling a
// destructive action or subroutine are marked, for the consumer's -w
// check, and that system() and freopen() record printf's items.
func TestDestructiveECBs(t *testing.T) {
	p, err := compileSrc(t, "", `
		BEGIN { trace(1); }
		BEGIN { raise(9); }
		BEGIN { stop(); }
		BEGIN { chill(10); }
		BEGIN { copyout(copyin(0, 4), 0, 4); }
		BEGIN { copyoutstr("x", 0, 2); }
		BEGIN { system("echo %d %s", 1, "a"); }
		BEGIN { freopen(""); ftruncate(); }
		BEGIN { ftruncate(); }`)
	if err != nil {
		t.Fatal(err)
	}
	// ftruncate() alone is not destructive, as in DTrace.
	want := []bool{false, true, true, true, true, true, true, true, false}
	for i, e := range p.ECBs {
		if e.Destructive != want[i] {
			t.Errorf("clause %d: Destructive = %v, want %v", i+1, e.Destructive, want[i])
		}
	}
	sys := p.ECBs[6].Actions[0]
	if sys.Kind != abi.ActSystem || sys.Format != "echo %d %s" || len(sys.Items) != 2 || !sys.Items[1].String {
		t.Errorf("system(): %+v", sys)
	}
	if fr := p.ECBs[7].Actions[0]; fr.Kind != abi.ActFreopen || fr.Format != "." {
		t.Errorf(`freopen(""): %+v, want the restore format "."`, fr)
	}
}

// TestCopyoutWritesUser checks that copyout() and copyoutstr() write
// with bpf_probe_write_user, which the verifier of this test machine's
// kernel (locked down) cannot check, and that a constant size limits
// copyout()'s scratch buffer.
func TestCopyoutWritesUser(t *testing.T) {
	for _, src := range []string{
		`BEGIN { copyout(copyin(0, 4), 0, 4); }`,
		`BEGIN { n = 4; copyout(copyin(0, 4), 0, n); }`,
		`BEGIN { copyoutstr(execname, 0, 16); }`,
	} {
		p, err := compileSrc(t, "", src)
		if err != nil {
			t.Fatal(err)
		}
		calls := 0
		for _, ins := range p.Probes[0].Program.Instructions {
			if ins.IsBuiltinCall() && asm.BuiltinFunc(ins.Constant) == asm.FnProbeWriteUser {
				calls++
			}
		}
		if calls != 1 {
			t.Errorf("%s: %d calls of bpf_probe_write_user, want 1", src, calls)
		}
	}
	// Eight constant-size copyouts fit the temporaries, as eight of
	// copyinMax bytes would not.
	src := "BEGIN {" + strings.Repeat(" copyout(execname, 0, 4);", 8) + " }"
	if _, err := compileSrc(t, "", src); err != nil {
		t.Errorf("constant-size copyouts: %v", err)
	}
}

// TestChillSpinner checks that chill() gets the per-CPU chill map and
// a spinner function that bpf_loop() calls back, and that programs
// without chill() have neither.
func TestChillSpinner(t *testing.T) {
	p, err := compileSrc(t, "", `BEGIN { chill(1000); }`)
	if err != nil {
		t.Fatal(err)
	}
	m := p.Maps[chillMap]
	if m == nil || m.ValueSize != 16 || m.MaxEntries != 1 {
		t.Fatalf("chill map: %+v", m)
	}
	insns := p.Probes[0].Program.Instructions
	start := -1
	for i, ins := range insns {
		if ins.Symbol() == "chill_1" {
			start = i
		}
	}
	if start < 0 {
		t.Fatal("no chill_1 function")
	}
	loops, callbacks := 0, 0
	for _, ins := range insns[:start] {
		if ins.IsBuiltinCall() && ins.Constant == int64(asm.FnLoop) {
			loops++
		}
		if ins.IsLoadOfFunctionPointer() && ins.Reference() == "chill_1" {
			callbacks++
		}
	}
	if loops != chillCalls || callbacks != chillCalls {
		t.Errorf("%d bpf_loop() calls with %d spinner callbacks, want %d", loops, callbacks, chillCalls)
	}
	p, err = compileSrc(t, "", `BEGIN { raise(9); }`)
	if err != nil {
		t.Fatal(err)
	}
	if p.Maps[chillMap] != nil {
		t.Error("chill map in a program without chill()")
	}
}

// TestPanicRefused checks that panic() and breakpoint() fail to
// compile, in Oracle's DTrace's words.
func TestPanicRefused(t *testing.T) {
	for _, name := range []string{"panic", "breakpoint"} {
		_, err := compileSrc(t, "", "BEGIN { "+name+"(); }")
		if err == nil || !strings.Contains(err.Error(), name+"() is not implemented (yet)") {
			t.Errorf("%s(): %v", name, err)
		}
	}
}
