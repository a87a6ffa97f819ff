package load

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/spec"
)

// sysCPU is where Linux describes the CPUs.
const sysCPU = "/sys/devices/system/cpu"

// addCPUInfo adds the cpuinfo map (spec.MapCPUInfo) to cs if one of its
// programs reads curcpu: a per-CPU array whose one value on each
// possible CPU is that CPU's cpuinfo_t, as Oracle DTrace's consumer
// writes it at start. The chip is the CPU's physical package and the
// locality group its NUMA node, both from sysfs; Linux has no processor
// sets. A CPU sysfs does not describe (one not present) keeps chip and
// group 0.
func addCPUInfo(cs *ebpf.CollectionSpec) error {
	if !refersTo(cs, spec.MapCPUInfo) {
		return nil
	}
	n, err := ebpf.PossibleCPU()
	if err != nil {
		return fmt.Errorf("counting CPUs: %w", err)
	}
	values := make([][]byte, n)
	for cpu := range values {
		v := make([]byte, spec.CPUInfoSize)
		binary.LittleEndian.PutUint32(v[spec.CPUInfoID:], uint32(cpu))
		binary.LittleEndian.PutUint32(v[spec.CPUInfoChip:], uint32(cpuChip(cpu)))
		binary.LittleEndian.PutUint32(v[spec.CPUInfoLgrp:], uint32(cpuNode(cpu)))
		values[cpu] = v
	}
	addMap(cs, &ebpf.MapSpec{Name: spec.MapCPUInfo, Type: ebpf.PerCPUArray, KeySize: 4,
		ValueSize: spec.CPUInfoSize, MaxEntries: 1, Contents: []ebpf.MapKV{{Key: uint32(0), Value: values}}})
	return nil
}

// refersTo reports whether a program of cs uses the map named name.
func refersTo(cs *ebpf.CollectionSpec, name string) bool {
	for _, p := range cs.Programs {
		for _, ins := range p.Instructions {
			if ins.Reference() == name {
				return true
			}
		}
	}
	return false
}

// cpuChip is the physical package the CPU is in.
func cpuChip(cpu int) int {
	b, err := os.ReadFile(fmt.Sprintf("%s/cpu%d/topology/physical_package_id", sysCPU, cpu))
	if err != nil {
		return 0
	}
	id, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return id
}

// cpuNode is the NUMA node of the CPU: sysfs links cpuN/nodeM to it.
func cpuNode(cpu int) int {
	links, _ := filepath.Glob(fmt.Sprintf("%s/cpu%d/node[0-9]*", sysCPU, cpu))
	if len(links) == 0 {
		return 0
	}
	id, _ := strconv.Atoi(strings.TrimPrefix(filepath.Base(links[0]), "node"))
	return id
}
