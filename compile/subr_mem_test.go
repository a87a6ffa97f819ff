package compile

import (
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/spec"
)

// TestAllocaArea checks that alloca() memory is added to the scratch
// value only for programs that use it, and that every clause using it
// starts, before its predicate, by freeing all of it: once, however many
// allocations (in the predicate, under an if) the clause makes.
func TestAllocaArea(t *testing.T) {
	plain, err := compileSrc(t, "plain.d", `BEGIN { trace(1); }`)
	if err != nil {
		t.Fatal(err)
	}
	src := `
BEGIN /alloca(8) != 0/ { p = alloca(8); if (arg0 > 0) { q = alloca(16); printf("%d\n", 1); } trace(2); }
BEGIN { trace(3); }
BEGIN { bcopy("ab", alloca(2), 2); }
`
	p, err := compileSrc(t, "alloca.d", src)
	if err != nil {
		t.Fatal(err)
	}
	allocaAreaSize := allocaMem + 2*defaultScratchSize
	size := int(p.Maps[spec.MapScratch].ValueSize)
	if want := int(plain.Maps[spec.MapScratch].ValueSize) + allocaAreaSize; size != want {
		t.Fatalf("scratch value of %d bytes, want %d", size, want)
	}
	top := int16(size - allocaAreaSize + allocaTop)
	insns := p.Probes[0].Program.Instructions
	var clauses []int // index of each clause function's first instruction
	for i, ins := range insns {
		if len(ins.Symbol()) > 7 && ins.Symbol()[:7] == "clause_" {
			clauses = append(clauses, i)
		}
	}
	if len(clauses) != 3 {
		t.Fatalf("%d clause functions, want 3", len(clauses))
	}
	clauses = append(clauses, len(insns))
	for c, want := range []int{1, 0, 1} {
		fn := insns[clauses[c]:clauses[c+1]]
		var at []int
		for i, ins := range fn {
			if ins.OpCode == asm.StoreImmOp(asm.DWord) && ins.Dst == regScratch && ins.Offset == top && ins.Constant == 0 {
				at = append(at, i)
			}
		}
		if len(at) != want {
			t.Errorf("clause %d frees alloca() memory %d times, want %d", c+1, len(at), want)
			continue
		}
		if want == 1 && (at[0] != 2 || fn[1].Dst != regScratch) {
			t.Errorf("clause %d frees alloca() memory at instruction %d, want 2 (after the prologue)", c+1, at[0])
		}
	}
}
