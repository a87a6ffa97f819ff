package ring

import (
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/internal/testenv"
)

// writer is a program that writes one record of size bytes to a ring:
// 64-bit words seq, seq+1, ..., seq being a counter it keeps in a map,
// so that a record tells its place in the sequence and a misplaced part
// shows.
type writer struct {
	size int
	prog *ebpf.Program
}

func newWriters(t *testing.T, ring *ebpf.Map, sizes ...int) []*writer {
	t.Helper()
	seq, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Array, KeySize: 4, ValueSize: 8, MaxEntries: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { seq.Close() })
	var ws []*writer
	for _, size := range sizes {
		insns := asm.Instructions{
			asm.StoreImm(asm.RFP, -8, 0, asm.Word),
			asm.LoadMapPtr(asm.R1, seq.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -8),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, "out"),
			asm.LoadMem(asm.R7, asm.R0, 0, asm.DWord),
			asm.Mov.Reg(asm.R1, asm.R7),
			asm.Add.Imm(asm.R1, int32(size/8)),
			asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
		}
		for i := range size / 8 {
			insns = append(insns,
				asm.Mov.Reg(asm.R1, asm.R7),
				asm.Add.Imm(asm.R1, int32(i)),
				asm.StoreMem(asm.RFP, int16(-8-size+8*i), asm.R1, asm.DWord))
		}
		insns = append(insns,
			asm.LoadMapPtr(asm.R1, ring.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, int32(-8-size)),
			asm.Mov.Imm(asm.R3, int32(size)),
			asm.Mov.Imm(asm.R4, 0),
			asm.FnRingbufOutput.Call(),
			asm.Mov.Imm(asm.R0, 0).WithSymbol("out"),
			asm.Return())
		prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{Type: ebpf.SocketFilter, License: "GPL", Instructions: insns})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { prog.Close() })
		ws = append(ws, &writer{size, prog})
	}
	return ws
}

func (w *writer) write(t *testing.T) {
	t.Helper()
	if _, err := w.prog.Run(&ebpf.RunOptions{Data: make([]byte, 14)}); err != nil {
		t.Fatal(err)
	}
}

func newRing(t *testing.T, size uint32) (*ebpf.Map, *Reader) {
	t.Helper()
	testenv.RequireBPF(t)
	m, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.RingBuf, MaxEntries: size})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	r, err := NewReader(m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return m, r
}

// TestWrap writes records of sizes that do not divide the ring, so that
// many wrap past its end, and reads them back whole and in order.
func TestWrap(t *testing.T) {
	m, r := newRing(t, 4096)
	ws := newWriters(t, m, 8, 24, 200, 488)
	rnd := rand.New(rand.NewPCG(1, 2))
	var want, wraps uint64
	var buf []byte
	for range 2000 {
		// Fill, without overflowing, then read all.
		for room := r.Size(); ; {
			w := ws[rnd.IntN(len(ws))]
			if room -= headerSize + w.size; room <= 0 { // a full ring takes no more
				break
			}
			w.write(t)
		}
		r.SetDeadline(time.Now())
		for {
			start := atomicCons(r) & r.mask
			rec, err := r.Read(buf)
			if errors.Is(err, os.ErrDeadlineExceeded) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if int(start)+headerSize+len(rec) > r.Size() {
				wraps++
			}
			for i := 0; i+8 <= len(rec); i += 8 {
				if got := binary.NativeEndian.Uint64(rec[i:]); got != want {
					t.Fatalf("word %d of a %d-byte record is %d, want %d", i/8, len(rec), got, want)
				}
				want++
			}
			buf = rec
		}
	}
	if wraps < 100 {
		t.Errorf("only %d records wrapped", wraps)
	}
}

func atomicCons(r *Reader) uintptr { return *r.consPos }

// TestWake: Read waits for a record until its deadline, a Flush or
// Close.
func TestWake(t *testing.T) {
	m, r := newRing(t, 4096)
	w := newWriters(t, m, 16)[0]
	r.SetDeadline(time.Now().Add(20 * time.Millisecond))
	if _, err := r.Read(nil); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("empty ring, deadline passed: %v", err)
	}
	r.SetDeadline(time.Time{})
	w.write(t)
	if rec, err := r.Read(nil); err != nil || len(rec) != 16 {
		t.Errorf("Read = %d bytes, %v; want 16", len(rec), err)
	}
	go func() {
		time.Sleep(10 * time.Millisecond)
		r.Flush()
	}()
	if _, err := r.Read(nil); !errors.Is(err, ErrFlushed) {
		t.Errorf("Read after Flush: %v", err)
	}
	// A flush with records waiting returns after them.
	w.write(t)
	r.Flush()
	if rec, err := r.Read(nil); err != nil || len(rec) != 16 {
		t.Errorf("Read = %d bytes, %v; want 16", len(rec), err)
	}
	if _, err := r.Read(nil); !errors.Is(err, ErrFlushed) {
		t.Errorf("Read after the flushed record: %v", err)
	}
	done := make(chan error)
	go func() {
		_, err := r.Read(nil)
		done <- err
	}()
	time.Sleep(10 * time.Millisecond)
	r.Close()
	if err := <-done; !errors.Is(err, os.ErrClosed) {
		t.Errorf("Read during Close: %v", err)
	}
	if _, err := r.Read(nil); !errors.Is(err, os.ErrClosed) {
		t.Errorf("Read after Close: %v", err)
	}
}

// TestMappedOnce: the data area is mapped once, so that the ring's
// pages count once in the resident set, which the kernel fills when the
// ring is mapped.
func TestMappedOnce(t *testing.T) {
	testenv.RequireBPF(t)
	const size = 8 << 20
	m, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.RingBuf, MaxEntries: size})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	before := resident(t)
	r, err := NewReader(m)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	grew := resident(t) - before
	if grew < size || grew > size*3/2 {
		t.Errorf("mapping an %d-byte ring grew the resident set by %d bytes", size, grew)
	}
}

// resident is the process's resident set size in bytes.
func resident(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b))
	pages, err := strconv.Atoi(f[1])
	if err != nil {
		t.Fatal(err)
	}
	return pages * os.Getpagesize()
}
