package dtrace

import (
	"errors"
	"strings"

	"github.com/godtrace/godtrace/option"
)

// errBufTooSmall is libdtrace's EDT_BUFTOOSMALL, which dtrace(1)
// reports as "could not enable tracing: Enabling exceeds size of buffer".
var errBufTooSmall = errors.New("Enabling exceeds size of buffer")

// ringHeader is what the ring buffer adds before each record.
const ringHeader = 8

// checkBufferSizes refuses, as DTrace does when tracing is enabled,
// buffers too small to hold one of what they exist for: bufsize (0
// included) one record, aggsize one aggregation entry, dynvarsize one
// associative array element. Without this a too small size would silently lose
// every record or entry.
func (h *Handle) checkBufferSizes() error {
	rec := 0
	for _, e := range h.prog.ECBs {
		if e.Record && e.Size > rec {
			rec = e.Size
		}
	}
	if size := h.Options.Size(option.BufSize); size < uint64(rec+ringHeader) {
		return errBufTooSmall
	}
	entry := 0
	for _, a := range h.prog.Aggs {
		// As its map holds it: an aggregation without keys has a
		// 4-byte index.
		m := h.prog.Maps[a.Map]
		entry = max(entry, int(m.KeySize+m.ValueSize))
	}
	if entry > 0 && h.Options.Size(option.AggSize) < uint64(entry) {
		return errBufTooSmall
	}
	// Associative arrays only: DTrace lets a dynvarsize too small for
	// one element still hold thread-locals (their map is never that
	// small here).
	entry = 0
	for name, m := range h.prog.Maps {
		if strings.HasPrefix(name, "assoc_") {
			entry = max(entry, int(m.KeySize+m.ValueSize))
		}
	}
	if entry > 0 && h.Options.Size(option.DynVarSize) < uint64(entry) {
		return errBufTooSmall
	}
	return nil
}
