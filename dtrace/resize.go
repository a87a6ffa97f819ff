package dtrace

import (
	"bufio"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/option"
)

// errNoMem is libdtrace's EDT_NOMEM: under -x bufresize=manual, a
// buffer larger than can be had is refused with it.
var errNoMem = errors.New("Memory allocation failure")

// resizable are the buffers DTrace lowers under -x bufresize=auto, with
// the names dtrace(1) reports them by. The kernel allocates a buffer
// and its dynamic variables when the program is loaded (the ring
// buffer, and the preallocated hash of each associative array and of
// the thread-local variables), so each has a ceiling; aggregations and
// speculations are allocated as they fill, within fixed bounds, and
// need none.
var resizable = []struct {
	name   string
	option option.Name
	// ceiling is the most bytes the buffer may take: a fixed bound, so
	// that no value of the option can exhaust the kernel's memory or the
	// kernel's limits (a ring buffer's size is a 32-bit power of two),
	// and a share of the memory available, so that tracing leaves the
	// system room to run. The kernel's memory for the ring buffer is
	// also in dtrace's resident size, which grows by bufsize: the
	// consumer maps it once (internal/ring).
	ceiling uint64
	share   uint64 // divisor of MemAvailable
}{
	{"buffer size", option.BufSize, 256 << 20, 8},
	// Each associative array gets dynvarsize bytes of its own (DTrace
	// shares one pool among them), hence the smaller share of memory.
	{"dynamic variable size", option.DynVarSize, 256 << 20, 16},
}

// minResize is the least a buffer is lowered to, however little memory
// is available: a page.
const minResize = 4096

// resizeBuffers applies the bufresize policy to the buffer sizes the
// options ask for, before the program's maps are sized from them: under
// auto (the default) a size above its ceiling is lowered to the largest
// power of two within it, and a notice kept for Resized; under manual
// it is an error, which Exec reports as DTrace reports a failed
// allocation.
func (h *Handle) resizeBuffers() {
	avail := memAvailable()
	for _, b := range resizable {
		want := h.Options.Size(b.option)
		limit := b.ceiling
		if avail > 0 {
			limit = max(min(limit, avail/b.share), minResize)
		}
		if want <= limit {
			continue
		}
		if h.Options.String(option.BufResize) == "manual" {
			h.resizeErr = errNoMem
			continue
		}
		lowered := uint64(1) << (bits.Len64(limit) - 1)
		if err := h.Options.Set(b.option.String(), strconv.FormatUint(lowered, 10)); err != nil {
			h.resizeErr = err
			continue
		}
		h.resized = append(h.resized, b.name+" lowered to "+sizeWord(lowered))
	}
}

// Resized returns the notices of buffers lowered under -x
// bufresize=auto ("buffer size lowered to 1g"), which dtrace(1) prints
// once tracing has started unless -x quietresize is set.
func (h *Handle) Resized() []string { return h.resized }

// sizeWord writes n as dtrace(1) reports a lowered size: with the
// largest suffix (k, m, g, t, p, e) that divides it, else in bytes.
func sizeWord(n uint64) string {
	j := 0
	for j < 6 && n >= 1<<(10*(j+1)) {
		j++
	}
	if j > 0 && n%(1<<(10*j)) == 0 {
		return strconv.FormatUint(n>>(10*j), 10) + string(" kmgtpe"[j])
	}
	return fmt.Sprintf("%d bytes", n)
}

// memAvailable is the kernel's estimate of the memory available for new
// allocations, in bytes (MemAvailable in /proc/meminfo), or 0 when it
// cannot be read.
func memAvailable() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}
