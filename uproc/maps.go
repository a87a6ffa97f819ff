// Package uproc reads what a user process maps, and the function
// symbols of the objects it maps (its executable and shared libraries),
// as libproc does for DTrace: for ustack() and usym() to name addresses,
// and for the pid provider to find the functions it creates probes for
// and where uprobes must be placed in each file.
package uproc

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Mapping is one file-backed line of /proc/PID/maps.
type Mapping struct {
	Start, End, Off uint64
	Exec            bool // mapped executable
	Path            string
}

// Maps reads the file-backed mappings of process pid, sorted by
// address.
func Maps(pid int) ([]Mapping, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/maps", pid))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Mapping
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, ok := parseMapping(sc.Text()); ok {
			out = append(out, m)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out, nil
}

// parseMapping cuts a maps line, "start-end perms offset dev inode
// path", of a mapped file.
func parseMapping(line string) (Mapping, bool) {
	fields := strings.Fields(line)
	if len(fields) < 6 || !strings.HasPrefix(fields[5], "/") {
		return Mapping{}, false
	}
	start, end, ok := strings.Cut(fields[0], "-")
	if !ok {
		return Mapping{}, false
	}
	var m Mapping
	var err1, err2, err3 error
	m.Start, err1 = strconv.ParseUint(start, 16, 64)
	m.End, err2 = strconv.ParseUint(end, 16, 64)
	m.Off, err3 = strconv.ParseUint(fields[2], 16, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return Mapping{}, false
	}
	m.Exec = strings.Contains(fields[1], "x")
	// A path may hold spaces; a deleted file's ends " (deleted)".
	m.Path = strings.Join(fields[5:], " ")
	return m, true
}

// Find returns the mapping of maps (sorted) that holds addr.
func Find(maps []Mapping, addr uint64) (Mapping, bool) {
	i := sort.Search(len(maps), func(i int) bool { return maps[i].End > addr })
	if i == len(maps) || addr < maps[i].Start {
		return Mapping{}, false
	}
	return maps[i], true
}

// FileIn returns a path that opens the file m maps in process pid as
// the process sees it: through the process's root, so that a process
// in another mount namespace (a container) is read right, or its
// map_files entry when the file was deleted or replaced.
func FileIn(pid int, m Mapping) string {
	if strings.HasSuffix(m.Path, " (deleted)") {
		return fmt.Sprintf("/proc/%d/map_files/%x-%x", pid, m.Start, m.End)
	}
	return fmt.Sprintf("/proc/%d/root%s", pid, m.Path)
}
