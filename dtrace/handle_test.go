package dtrace_test

import (
	"errors"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/internal/testenv"
)

// collector is a Consumer that keeps what it is given, as a Go program
// embedding the library would.
type collector struct {
	printfs [][]int64
	faults  int
}

func (c *collector) Record(h *dtrace.Handle, r *consume.Record) error {
	for i := range r.ECB.Actions {
		a := &r.ECB.Actions[i]
		if !a.Ran(r.Data) {
			continue
		}
		var vals []int64
		for _, d := range r.Values(a) {
			vals = append(vals, int64(d.Int))
		}
		c.printfs = append(c.printfs, vals)
	}
	return nil
}

func (c *collector) Fault(*dtrace.Handle, *consume.Fault) error {
	c.faults++
	return nil
}

// TestEmbedded runs a whole session through the library: compile,
// enable, consume records, stop, and read an aggregation.
func TestEmbedded(t *testing.T) {
	testenv.RequireBPF(t)
	h, err := dtrace.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	src := `
		BEGIN { printf("%d %d", 40 + 2, pid); }
		syscall::getppid:entry /pid == $1/ { @calls = count(); @sum = sum(arg0 + 3); }
		END { printf("%d", 7); }`
	pid := syscall.Getpid()
	if err := h.Compile([]dtrace.Source{{Text: []byte(src)}}, []string{"test", strconv.Itoa(pid)}); err != nil {
		t.Fatal(err)
	}
	if m := h.Matches(); len(m) != 1 || m[0] != 3 {
		t.Errorf("matches %v, want [3]", m)
	}
	if err := h.Exec(); err != nil {
		t.Fatal(err)
	}
	if err := h.Go(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		syscall.Getppid()
	}
	c := &collector{}
	if _, err := h.Consume(c, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := h.Stop(c); err != nil {
		t.Fatal(err)
	}
	// BEGIN runs in this process: its pid is ours.
	want := [][]int64{{42, int64(pid)}, {7}}
	if len(c.printfs) != 2 || c.printfs[0][0] != 42 || c.printfs[0][1] != int64(pid) || c.printfs[1][0] != 7 {
		t.Errorf("records %v, want %v", c.printfs, want)
	}
	snap, err := h.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	calls, sum := snap[0], snap[1]
	if len(calls) != 1 || calls[0].N != 5 {
		t.Errorf("@calls = %+v, want one entry of 5", calls)
	}
	if len(sum) != 1 || sum[0].Sum != 15 {
		t.Errorf("@sum = %+v, want 15 (getppid has no arguments: 5 * (0 + 3))", sum)
	}
	if done, _ := h.Done(); done {
		t.Error("Done without exit()")
	}
}

// TestCompileError checks that compile errors name their source and line.
func TestCompileError(t *testing.T) {
	h, err := dtrace.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	err = h.Compile([]dtrace.Source{
		{Text: []byte("BEGIN { }")},
		{Name: "b.d", Text: []byte("BEGIN\n{\n\tx = nosuch;\n}\n")},
	}, nil)
	var ce *dtrace.CompileError
	if !errors.As(err, &ce) || ce.Source != 1 || ce.Line != 3 || ce.Tag != "D_IDENT_UNDEF" {
		t.Errorf("error %#v, want D_IDENT_UNDEF in source 1 at line 3", err)
	}
}
