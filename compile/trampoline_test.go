package compile

import (
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// trampolineCode returns the instructions of the trampoline of the
// named dtrace probe: those before the first clause function.
func trampolineCode(t *testing.T, p *spec.Program, name string) asm.Instructions {
	t.Helper()
	for _, pp := range p.Probes {
		if pp.Probe.Name != name {
			continue
		}
		insns := pp.Program.Instructions
		for i, ins := range insns {
			if strings.HasPrefix(ins.Symbol(), "clause_") {
				return insns[:i]
			}
		}
		return insns
	}
	t.Fatalf("no program for %s", name)
	return nil
}

// scratchStores counts the stores to scratch offsets in [lo, hi) that
// the trampoline makes before it calls the first clause (fireError's
// come after), and its reads of the tracing state.
func scratchStores(insns asm.Instructions, lo, hi int16) (stores, stateReads int) {
	called := false
	for _, ins := range insns {
		called = called || ins.IsFunctionCall()
		if !called && ins.OpCode.Class().IsStore() && ins.Dst == regScratch && ins.Offset >= lo && ins.Offset < hi {
			stores++
		}
		if ins.Reference() == spec.MapGlobals && ins.Constant>>32 == spec.GlobalActivity {
			stateReads++
		}
	}
	return stores, stateReads
}

// TestTrampolinePrepares checks that a trampoline zeroes the argument
// and timestamp slots only for clauses that read them, and checks the
// tracing state again only after a clause that can call exit().
func TestTrampolinePrepares(t *testing.T) {
	for _, tc := range []struct {
		name, src          string
		args, time, checks int
	}{
		{"neither", `BEGIN { @[execname] = count(); }`, 0, 0, 1},
		{"args", `BEGIN { trace(arg3); }`, provider.NArgs, 0, 1},
		{"errno", `BEGIN { trace(errno); }`, 0, 0, 1},
		{"timestamp", `BEGIN { trace(timestamp); }`, 0, 1, 1},
		{"vtimestamp", `BEGIN { trace(vtimestamp); }`, 0, 1, 1},
		{"error reads time", `BEGIN { x = *(int *)64; } ERROR { trace(timestamp); }`, 0, 1, 1},
		{"no exit", `BEGIN { trace(1); } BEGIN { trace(2); } BEGIN { trace(3); }`, 0, 0, 1},
		{"exit", `BEGIN { trace(1); } BEGIN { exit(0); } BEGIN { trace(3); } BEGIN { trace(4); }`, 0, 0, 2},
		{"exit last", `BEGIN { trace(1); } BEGIN { exit(0); }`, 0, 0, 1},
		{"error exits", `BEGIN { x = *(int *)64; } BEGIN { trace(2); } ERROR { exit(1); }`, 0, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := compileSrc(t, "t.d", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			code := trampolineCode(t, p, "BEGIN")
			args, checks := scratchStores(code, scratchArgs, scratchArgs+8*provider.NArgs)
			time, _ := scratchStores(code, scratchTimestamp, scratchTimestamp+8)
			if args != tc.args || time != tc.time || checks != tc.checks {
				t.Errorf("trampoline zeroes %d argument and %d timestamp slots and reads the state %d times, want %d, %d, %d\n%v",
					args, time, checks, tc.args, tc.time, tc.checks, code)
			}
		})
	}
}

// TestTrampolineInline checks which clauses the trampoline runs inline
// (no call): a probe's only clause, unless it fires ERROR; and that a
// clause run inline returns 0 from the program even when it faults.
func TestTrampolineInline(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		calls     int
	}{
		{"one clause", `BEGIN { trace(1); }`, 0},
		{"one faulting clause", `BEGIN { trace(*(int *)64); }`, 0},
		{"two clauses", `BEGIN { trace(1); } BEGIN { trace(2); }`, 2},
		{"fires ERROR", `BEGIN { trace(*(int *)64); } ERROR { trace(1); }`, 2},
		{"cannot fault", `BEGIN { trace(1); } ERROR { trace(1); }`, 0},
		// Too long for the trampoline's jumps to reach its end (30,000
		// instructions), not for its own (32,767: see TestLimits).
		{"long clause", "BEGIN { x = 1;" + strings.Repeat(" x = x * 3 + x / 7;", 660) + " }", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := compileSrc(t, "t.d", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			var insns asm.Instructions
			for _, pp := range p.Probes {
				if pp.Probe.Name == "BEGIN" {
					insns = pp.Program.Instructions
				}
			}
			calls := 0
			for i, ins := range insns {
				if ins.IsFunctionCall() && strings.HasPrefix(ins.Reference(), "clause_") {
					calls++
				}
				// Inline, a fault returns from the program: with 0.
				if ins.OpCode.JumpOp() == asm.Exit && tc.calls == 0 {
					if prev := insns[i-1]; prev.OpCode.ALUOp() != asm.Mov || prev.Dst != asm.R0 || prev.Constant != 0 {
						t.Errorf("program returns after %v", prev)
					}
				}
			}
			if calls != tc.calls {
				t.Errorf("%d calls of clause functions, want %d\n%v", calls, tc.calls, insns)
			}
		})
	}
}

// TestTrampolineScratch checks that a trampoline looks up the scratch
// area only when its clauses use it: `@ = count();` and a predicate on
// pid need none; a keyed aggregation, a record, arguments, a timestamp
// and a clause that may fire ERROR do.
func TestTrampolineScratch(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		scratch   bool
	}{
		{"count", `BEGIN { @ = count(); }`, false},
		{"sum of pid", `BEGIN /pid != 0/ { @ = sum(pid); @m = max(pid); }`, false},
		{"quantize", `BEGIN { @ = quantize(pid, 2); }`, false},
		{"keyed", `BEGIN { @[pid] = count(); }`, true},
		{"record", `BEGIN { trace(1); }`, true},
		{"args", `BEGIN { @ = sum(arg0); }`, true},
		{"timestamp", `BEGIN { @ = max(timestamp); }`, true},
		{"fires ERROR", `BEGIN { @ = sum(*(int *)64); } ERROR { @e = count(); }`, true},
		{"two clauses", `BEGIN { @a = count(); } BEGIN { @b = count(); }`, false},
		{"one of two", `BEGIN { @a = count(); } BEGIN { trace(2); }`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := compileSrc(t, "t.d", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			code := trampolineCode(t, p, "BEGIN")
			scratch := false
			for _, ins := range code {
				scratch = scratch || ins.Reference() == spec.MapScratch
			}
			if scratch != tc.scratch {
				t.Errorf("trampoline looks up scratch: %v, want %v\n%v", scratch, tc.scratch, code)
			}
		})
	}
}

// TestTrampolineCPU checks that under the cpu option every trampoline,
// shared ones included, leaves at once when it fires on another CPU, and
// that without it none asks which CPU it runs on before its first test.
func TestTrampolineCPU(t *testing.T) {
	src := `BEGIN { trace(1); } syscall:::entry { trace(2); } profile-97 { trace(3); }`
	for _, one := range []bool{false, true} {
		cfg := config(t)
		cfg.OneCPU, cfg.CPU = one, 3
		p, err := Compile([]*token.File{token.NewFile("t.d", []byte(src))}, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Probes) < 3 {
			t.Fatalf("%d programs, want at least 3", len(p.Probes))
		}
		for _, pp := range p.Probes {
			insns := pp.Program.Instructions
			checks := false
			for i := 0; i+1 < len(insns); i++ {
				if insns[i].IsBuiltinCall() && insns[i].Constant == int64(asm.FnGetSmpProcessorId) &&
					insns[i+1].OpCode.JumpOp() == asm.JNE && insns[i+1].Dst == asm.R0 && insns[i+1].Constant == 3 {
					checks = true
					break
				}
			}
			if checks != one {
				t.Errorf("OneCPU %v: %s checks the CPU: %v\n%v", one, pp.Program.Name, checks, insns)
			}
		}
	}
}
