package pid

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"
)

// decode walks code, a function's bytes, instruction by instruction,
// calling f with each one's offset. Data in a function's bytes (a
// compiler's jump table kept in .text) would derail the walk: it stops
// at the first byte sequence that is no instruction, an error.
func decode(code []byte, f func(off int, inst x86asm.Inst)) error {
	for off := 0; off < len(code); {
		inst, err := x86asm.Decode(code[off:], 64)
		if err != nil {
			// Padding after the last instruction (int3 or zeros up to
			// the symbol's size) ends the function.
			if allPadding(code[off:]) {
				return nil
			}
			return fmt.Errorf("cannot decode the instruction at offset %#x: %v", off, err)
		}
		f(off, inst)
		off += inst.Len
	}
	return nil
}

func allPadding(b []byte) bool {
	for _, c := range b {
		if c != 0xcc && c != 0 {
			return false
		}
	}
	return true
}

// instructions returns the offsets of code's instructions.
func instructions(code []byte) ([]uint64, error) {
	var starts []uint64
	err := decode(code, func(off int, _ x86asm.Inst) { starts = append(starts, uint64(off)) })
	return starts, err
}

// returnSites returns the offsets of the instructions by which a
// function of code's bytes returns, as DTrace's return probes fire at
// them: each ret, and each jump that leaves the function, a tail call
// (a direct jump beyond its bytes, or an indirect one through memory
// that is not a jump table's: through the GOT, RIP-relative).
func returnSites(code []byte) ([]uint64, error) {
	var sites []uint64
	err := decode(code, func(off int, inst x86asm.Inst) {
		switch inst.Op {
		case x86asm.RET:
			sites = append(sites, uint64(off))
		case x86asm.JMP:
			switch a := inst.Args[0].(type) {
			case x86asm.Rel:
				to := off + inst.Len + int(a)
				if to < 0 || to >= len(code) {
					sites = append(sites, uint64(off))
				}
			case x86asm.Mem:
				if a.Base == x86asm.RIP {
					sites = append(sites, uint64(off))
				}
			}
		}
	})
	return sites, err
}

// probeable reports whether the kernel puts a uprobe on the
// instruction at the start of code: it refuses one with a lock prefix
// or a segment override prefix of ES, CS, DS or SS (a notrack jump's
// 3e), which it could not run out of line, and what cannot be decoded.
func probeable(code []byte) bool {
	inst, err := x86asm.Decode(code, 64)
	if err != nil || inst.Op == x86asm.HLT {
		// Kernels since 6.x refuse a uprobe on hlt.
		return false
	}
	for _, p := range inst.Prefix {
		if p == 0 {
			break
		}
		switch byte(p) {
		case 0xf0, 0x26, 0x2e, 0x36, 0x3e:
			return false
		}
	}
	return true
}
