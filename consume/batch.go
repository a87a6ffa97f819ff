package consume

import (
	"errors"
	"reflect"
	"unsafe"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"
)

// batchBytes bounds the memory one batch of an aggregation's entries
// takes: keys plus every CPU's value.
const batchBytes = 4 << 20

// aggIterator walks a per-CPU aggregation map as ebpf.MapIterator does,
// but reads it in batches (BPF_MAP_LOOKUP_BATCH): one system call for
// thousands of entries rather than two per entry, which made printing
// 100,000 keys take 300 ms. Kernels without batch operations get the
// entry-by-entry iterator.
type aggIterator struct {
	m          *ebpf.Map
	ks, vs     int // key and value sizes
	stride     int // a value rounded up to 8 bytes, as the kernel lays out CPUs
	ncpu       int
	batch      int
	cursor     ebpf.MapBatchCursor
	keys, vals []byte   // this batch, as the kernel wrote them
	per        [][]byte // each entry's CPU values, slices of vals
	n, i       int      // entries in this batch, and the next one
	end        bool     // the kernel has no more entries
	read       bool     // a batch has been read: no falling back now
	err        error
	slow       *ebpf.MapIterator
}

func iterate(m *ebpf.Map) *aggIterator {
	ncpu, err := ebpf.PossibleCPU()
	it := &aggIterator{m: m, ks: int(m.KeySize()), vs: int(m.ValueSize()), ncpu: ncpu, err: err}
	it.stride = (it.vs + 7) &^ 7
	it.batch = min(max(batchBytes/(it.ks+ncpu*it.stride), 64), int(m.MaxEntries()))
	return it
}

// Next hands out the next entry's key and per-CPU values. Unlike
// ebpf.MapIterator's, the slices stay valid after the next call.
func (it *aggIterator) Next(key *[]byte, per *[][]byte) bool {
	for it.slow == nil && it.i == it.n {
		if it.end || it.err != nil || !it.fill() {
			return false
		}
	}
	if it.slow != nil {
		return it.slow.Next(key, per)
	}
	*key = it.keys[it.i*it.ks : (it.i+1)*it.ks : (it.i+1)*it.ks]
	*per = it.per[it.i*it.ncpu : (it.i+1)*it.ncpu : (it.i+1)*it.ncpu]
	it.i++
	return true
}

// fill reads the next batch into fresh buffers (entries already handed
// out may be kept). It reports false, with Err set, on failure.
func (it *aggIterator) fill() bool {
	// Slices of byte arrays the size of a key and of a value: the
	// library hands their memory to the kernel as they are, where a
	// []byte would be taken as a batch of one-byte keys.
	keys := reflect.MakeSlice(reflect.SliceOf(reflect.ArrayOf(it.ks, reflect.TypeFor[byte]())), it.batch, it.batch)
	vals := reflect.MakeSlice(reflect.SliceOf(reflect.ArrayOf(it.stride, reflect.TypeFor[byte]())), it.batch*it.ncpu, it.batch*it.ncpu)
	n, err := it.m.BatchLookup(&it.cursor, keys.Interface(), vals.Interface(), nil)
	switch {
	case errors.Is(err, ebpf.ErrKeyNotExist):
		it.end = true
	case errors.Is(err, unix.ENOSPC):
		// A hash bucket holds more entries than the batch: retry
		// from the same bucket with room for them.
		it.batch *= 2
		return true
	case errors.Is(err, ebpf.ErrNotSupported) && !it.read:
		it.slow = it.m.Iterate()
		return true
	case err != nil:
		it.err = err
		return false
	}
	it.read = true
	it.keys = unsafe.Slice((*byte)(keys.UnsafePointer()), it.batch*it.ks)
	it.vals = unsafe.Slice((*byte)(vals.UnsafePointer()), it.batch*it.ncpu*it.stride)
	it.per = make([][]byte, n*it.ncpu)
	for j := range it.per {
		it.per[j] = it.vals[j*it.stride : j*it.stride+it.vs : j*it.stride+it.vs]
	}
	it.n, it.i = n, 0
	return true
}

// Err is the error that ended the walk, if any.
func (it *aggIterator) Err() error {
	if it.slow != nil {
		return it.slow.Err()
	}
	return it.err
}
