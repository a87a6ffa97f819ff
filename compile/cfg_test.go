package compile

import (
	"fmt"
	"os"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/token"
)

// TestLoopEntries checks every corpus program against the control-flow
// rule of verifiers before Linux 6.4 (Debian 12's 6.1 among them): a
// depth-first walk from the first instruction may reach an instruction
// already on its path only through a jump. Reaching it by falling
// through from a plain instruction or a call is refused as a "back-edge"
// even where bounded loops are allowed, so a loop entered in its middle
// ("ja loop; next: step; loop: ...; jxx next") needs a jump at the end of
// "step". load.TestVerifierDebian runs the real 6.1 verifier; this finds
// the same fault without booting it, and names the function.
func TestLoopEntries(t *testing.T) {
	for _, file := range corpus() {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Compile([]*token.File{token.NewFile(file, src)}, config(t))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, pp := range p.Probes {
			if err := fallThroughBackEdge(pp.Program.Instructions); err != nil {
				t.Errorf("%s: %s: %v", file, pp.Program.Name, err)
			}
		}
	}
}

// fallThroughBackEdge walks insns as check_cfg() did before 6.4 and
// reports the first back-edge it would refuse.
func fallThroughBackEdge(insns asm.Instructions) error {
	// Raw offsets (a 64-bit immediate load takes two slots), symbols.
	at := map[asm.RawInstructionOffset]int{}
	syms := map[string]asm.RawInstructionOffset{}
	var offs []asm.RawInstructionOffset
	iter := insns.Iterate()
	for iter.Next() {
		at[iter.Offset] = iter.Index
		offs = append(offs, iter.Offset)
		if s := iter.Ins.Symbol(); s != "" {
			syms[s] = iter.Offset
		}
	}
	const (
		unseen = iota
		onPath
		done
	)
	state := make([]int, len(insns))
	target := func(i int) (int, bool) {
		ins := insns[i]
		if ref := ins.Reference(); ref != "" {
			o, ok := syms[ref]
			return at[o], ok
		}
		j, ok := at[offs[i]+asm.RawInstructionOffset(ins.Offset)+1]
		return j, ok
	}
	var walk func(i int) error
	edge := func(from, to int, jump bool) error {
		if to < 0 || to >= len(insns) {
			return fmt.Errorf("instruction %d leaves the program", from)
		}
		switch state[to] {
		case unseen:
			return walk(to)
		case onPath:
			if !jump {
				return fmt.Errorf("back-edge by falling through from instruction %d (%v) to %d (%s)",
					from, insns[from], to, nearestSymbol(insns, to))
			}
		}
		return nil
	}
	// follow takes the edges out of instruction i: falling through to the
	// next (unless it only jumps), then to its target (a jump's label, a
	// function called or passed as a callback). Only a jump may come back
	// to an instruction on the path.
	follow := func(i int, fallThrough, toTarget, jump bool) error {
		if fallThrough {
			if err := edge(i, i+1, jump); err != nil {
				return err
			}
		}
		if !toTarget {
			return nil
		}
		to, ok := target(i)
		if !ok {
			return fmt.Errorf("instruction %d refers to an unknown symbol", i)
		}
		return edge(i, to, jump)
	}
	walk = func(i int) error {
		state[i] = onPath
		defer func() { state[i] = done }()
		ins := insns[i]
		switch op := ins.OpCode; {
		case ins.IsLoadOfFunctionPointer():
			return follow(i, true, true, false)
		case !op.Class().IsJump():
			return follow(i, true, false, false)
		case op.JumpOp() == asm.Exit:
			return nil
		case op.JumpOp() == asm.Call:
			return follow(i, true, ins.IsFunctionCall(), false)
		case op.JumpOp() == asm.Ja:
			return follow(i, false, true, true)
		default:
			return follow(i, true, true, true)
		}
	}
	return walk(0)
}

// nearestSymbol names the function or label at or before instruction i.
func nearestSymbol(insns asm.Instructions, i int) string {
	for ; i >= 0; i-- {
		if s := insns[i].Symbol(); s != "" {
			return fmt.Sprintf("after %s", s)
		}
	}
	return "?"
}
