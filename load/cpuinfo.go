package load

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/spec"
)

// sysCPU is where Linux describes the CPUs.
const sysCPU = "/sys/devices/system/cpu"

// fillCPUInfo gives the cpuinfo map (spec.MapCPUInfo), if the program
// declares it, its contents: on each possible CPU, that CPU's
// cpuinfo_t, as Oracle DTrace's consumer writes it at start. The chip is
// the CPU's physical package and the locality group its NUMA node, both
// from sysfs; Linux has no processor sets. A CPU sysfs does not
// describe (one not present) keeps chip and group 0.
func fillCPUInfo(cs *ebpf.CollectionSpec) error {
	declared := cs.Maps[spec.MapCPUInfo]
	if declared == nil {
		return nil
	}
	n, err := ebpf.PossibleCPU()
	if err != nil {
		return fmt.Errorf("counting CPUs: %w", err)
	}
	values := make([][]byte, n)
	for cpu := range values {
		v := make([]byte, abi.CPUInfoSize)
		binary.LittleEndian.PutUint32(v[abi.CPUInfoID:], uint32(cpu))
		binary.LittleEndian.PutUint32(v[abi.CPUInfoChip:], uint32(cpuChip(cpu)))
		binary.LittleEndian.PutUint32(v[abi.CPUInfoLgrp:], uint32(cpuNode(cpu)))
		values[cpu] = v
	}
	filled := declared.Copy()
	filled.Contents = []ebpf.MapKV{{Key: uint32(0), Value: values}}
	addMap(cs, filled)
	return nil
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
