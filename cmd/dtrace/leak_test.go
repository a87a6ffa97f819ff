package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/internal/testenv"
)

// TestNoLeak checks that however dtrace ends (SIGINT, SIGTERM, SIGKILL)
// the kernel objects it made go with it: the programs and maps whose
// descriptors it held no longer exist a few seconds after it exits, so
// that nothing keeps firing or holding memory. Nothing is pinned.
func TestNoLeak(t *testing.T) {
	testenv.RequireBPF(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(dtraceBin, "-q", "-n", `syscall::getppid:entry { @[pid] = count(); self->x = 1; } tick-1s { printf("up\n"); }`)
			ready := filepath.Join(t.TempDir(), "ready")
			cmd.Env = append(os.Environ(), readyEnv+"="+ready)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(30 * time.Second)
			for {
				if _, err := os.Stat(ready); err == nil {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					cmd.Wait()
					t.Fatal("dtrace never became ready")
				}
				time.Sleep(5 * time.Millisecond)
			}
			progs, maps := bpfObjects(t, cmd.Process.Pid)
			if len(progs) == 0 || len(maps) == 0 {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("dtrace holds %d programs and %d maps, want some of each", len(progs), len(maps))
			}
			cmd.Process.Signal(sig)
			cmd.Wait()
			// The kernel may release what a killed process held after
			// it has exited, from a worker.
			deadline = time.Now().Add(10 * time.Second)
			for {
				left := 0
				for _, id := range progs {
					if p, err := ebpf.NewProgramFromID(ebpf.ProgramID(id)); err == nil {
						p.Close()
						left++
					}
				}
				for _, id := range maps {
					if m, err := ebpf.NewMapFromID(ebpf.MapID(id)); err == nil {
						m.Close()
						left++
					}
				}
				if left == 0 {
					return
				}
				if time.Now().After(deadline) {
					t.Fatalf("%d of dtrace's %d programs and %d maps outlived it by 10 s", left, len(progs), len(maps))
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
}

// bpfObjects returns the IDs of the BPF programs and maps that process
// pid holds descriptors of, from their fdinfo.
func bpfObjects(t *testing.T, pid int) (progs, maps []int) {
	t.Helper()
	dir := "/proc/" + strconv.Itoa(pid) + "/fdinfo"
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		f, err := os.Open(filepath.Join(dir, e.Name()))
		if err != nil {
			continue // closed since
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			k, v, _ := strings.Cut(sc.Text(), ":")
			id, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				continue
			}
			switch k {
			case "prog_id":
				progs = append(progs, id)
			case "map_id":
				maps = append(maps, id)
			}
		}
		f.Close()
	}
	return progs, maps
}
