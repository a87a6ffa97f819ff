// Package chunks hands out memory in large chunks, for consumers that
// make many small objects a second (the records read from the ring
// buffer, and their decoded form): one allocation serves many.
package chunks

// Pool gives out chunks of Size elements. Unless Reuse is set every
// chunk is new, and the garbage collector frees it once nothing in it
// is referenced; with Reuse, Reset makes the chunks given out so far
// available again, in order.
type Pool[T any] struct {
	Size  int
	Reuse bool
	all   [][]T // with Reuse: every chunk made, all[:used] given out
	used  int
}

// Next returns a chunk of Size elements.
func (p *Pool[T]) Next() []T {
	if !p.Reuse {
		return make([]T, p.Size)
	}
	if p.used == len(p.all) {
		p.all = append(p.all, make([]T, p.Size))
	}
	p.used++
	return p.all[p.used-1]
}

// Reset makes every chunk given out available to Next again, with
// Reuse set: only once nothing in them is referenced. The elements keep
// their values until overwritten.
func (p *Pool[T]) Reset() {
	if p.Reuse {
		p.used = 0
	}
}
