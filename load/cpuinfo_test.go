package load

import (
	"encoding/binary"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/spec"
)

// TestFillCPUInfo checks that a declared cpuinfo map gets each CPU's
// cpuinfo_t, in a copy, and that nothing is added when none is declared.
func TestFillCPUInfo(t *testing.T) {
	prog := func(ref string) *ebpf.ProgramSpec {
		return &ebpf.ProgramSpec{Instructions: asm.Instructions{
			asm.LoadMapPtr(asm.R1, 0).WithReference(ref),
			asm.Return(),
		}}
	}
	compiled := map[string]*ebpf.MapSpec{"buf": {Name: "buf"}}

	cs := &ebpf.CollectionSpec{Maps: compiled, Programs: map[string]*ebpf.ProgramSpec{"p": prog("buf")}}
	if err := fillCPUInfo(cs); err != nil {
		t.Fatal(err)
	}
	if _, ok := cs.Maps[spec.MapCPUInfo]; ok {
		t.Error("cpuinfo map added for a program that does not declare it")
	}

	compiled[spec.MapCPUInfo] = spec.CPUInfoMap()
	cs = &ebpf.CollectionSpec{Maps: compiled, Programs: map[string]*ebpf.ProgramSpec{"p": prog("buf"), "q": prog(spec.MapCPUInfo)}}
	if err := fillCPUInfo(cs); err != nil {
		t.Fatal(err)
	}
	if len(compiled[spec.MapCPUInfo].Contents) != 0 {
		t.Error("the compiled program's map was changed")
	}
	m := cs.Maps[spec.MapCPUInfo]
	if m == nil || m.Type != ebpf.PerCPUArray || m.ValueSize != abi.CPUInfoSize || len(m.Contents) != 1 {
		t.Fatalf("cpuinfo map spec = %+v", m)
	}
	values := m.Contents[0].Value.([][]byte)
	n, err := ebpf.PossibleCPU()
	if err != nil {
		t.Fatal(err)
	}
	if len(values) != n {
		t.Fatalf("%d values, want one per possible CPU (%d)", len(values), n)
	}
	for cpu, v := range values {
		if id := binary.LittleEndian.Uint32(v[abi.CPUInfoID:]); id != uint32(cpu) {
			t.Errorf("CPU %d: cpu_id %d", cpu, id)
		}
		if pset := binary.LittleEndian.Uint32(v[abi.CPUInfoPset:]); pset != 0 {
			t.Errorf("CPU %d: cpu_pset %d, want 0", cpu, pset)
		}
		if chip := binary.LittleEndian.Uint32(v[abi.CPUInfoChip:]); chip != uint32(cpuChip(cpu)) {
			t.Errorf("CPU %d: cpu_chip %d, want %d", cpu, chip, cpuChip(cpu))
		}
	}
}
