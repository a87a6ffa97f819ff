package consume

import (
	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/spec"
)

// Tag names one speculation: its ID and the generation of its slot, which
// tells it from earlier and later speculations given the same ID.
type Tag struct {
	ID, Gen uint32
}

func tagAt(b []byte, off int) (Tag, bool) {
	t := Tag{ID: le.Uint32(b[off:]), Gen: le.Uint32(b[off+4:])}
	return t, t.ID != 0
}

// SpeculationTag returns the speculation a record was made in, if any.
func (r *Record) SpeculationTag() (Tag, bool) {
	if r.ECB.SpeculationTag == 0 {
		return Tag{}, false
	}
	return tagAt(r.Data, r.ECB.SpeculationTag)
}

// Ended returns the speculation a commit() or discard() action ended, if
// it ran and ended one.
func (r *Record) Ended(a *spec.Action) (Tag, bool) {
	if (a.Kind != abi.ActCommit && a.Kind != abi.ActDiscard) || !a.Ran(r.Data) {
		return Tag{}, false
	}
	return tagAt(r.Data, a.Items[0].Off)
}

// Speculations holds the records made in speculations until a commit()
// or discard() ends them, as DTrace's speculative buffers do. It is the
// consumer's half of speculative tracing; compile/speculation.go has the
// probes' half.
type Speculations struct {
	// Size is the specsize option: the bytes of records a speculation
	// holds from one CPU. Records beyond it are dropped.
	Size int
	// Drops counts the records dropped from speculations since
	// committed: DTrace's speculative drops, which a discard forgets.
	Drops uint64

	live  map[Tag]*held
	ended map[Tag]bool // speculations ended lately: whether committed
	order []Tag        // ended, oldest first
}

// held is what a speculation holds.
type held struct {
	recs  []*Record
	bytes map[int]int // by CPU
	drops uint64
}

// maxEnded is how many ended speculations are remembered, for records
// that reach the buffer after the commit() or discard() that ended
// their speculation (made on another CPU just before it).
const maxEnded = 4096

// Route takes a record in buffer order and returns the records to pass
// on now, in order: the record itself unless it is speculative, then
// what a commit() in it commits. A commit() clause's own record comes
// first, as DTrace reserves its place in the principal buffer before
// copying the speculation after it.
func (s *Speculations) Route(r *Record) []*Record {
	var out []*Record
	if t, ok := r.SpeculationTag(); ok {
		out = s.hold(t, r)
	} else {
		out = []*Record{r}
	}
	for i := range r.ECB.Actions {
		a := &r.ECB.Actions[i]
		if t, ok := r.Ended(a); ok {
			out = append(out, s.end(t, a.Kind == abi.ActCommit)...)
		}
	}
	return out
}

// hold keeps a speculative record. One of a speculation already ended is
// passed on if it was committed.
func (s *Speculations) hold(t Tag, r *Record) []*Record {
	if committed, ok := s.ended[t]; ok {
		if committed {
			return []*Record{r}
		}
		return nil
	}
	if s.live == nil {
		s.live = map[Tag]*held{}
	}
	h := s.live[t]
	if h == nil {
		h = &held{bytes: map[int]int{}}
		s.live[t] = h
	}
	if h.bytes[r.CPU]+len(r.Data) > s.Size {
		h.drops++
		return nil
	}
	h.bytes[r.CPU] += len(r.Data)
	// The buffer's memory is reused by the next read.
	keep := *r
	keep.Data = append([]byte(nil), r.Data...)
	h.recs = append(h.recs, &keep)
	return nil
}

// end ends a speculation, returning its records if it is committed.
func (s *Speculations) end(t Tag, commit bool) []*Record {
	h := s.live[t]
	delete(s.live, t)
	s.remember(t, commit)
	if h == nil || !commit {
		return nil
	}
	s.Drops += h.drops
	return h.recs
}

func (s *Speculations) remember(t Tag, commit bool) {
	if s.ended == nil {
		s.ended = map[Tag]bool{}
	}
	if _, ok := s.ended[t]; !ok {
		s.order = append(s.order, t)
	}
	s.ended[t] = commit
	if len(s.order) > maxEnded {
		delete(s.ended, s.order[0])
		s.order = s.order[1:]
	}
}
