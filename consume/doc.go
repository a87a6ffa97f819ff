// Package consume decodes what loaded D programs produce: the records in
// the ring buffer, and the per-CPU aggregation maps, merged as DTrace's
// consumer merges its per-CPU buffers.
//
// It interprets bytes with the descriptions in spec and knows nothing of
// how values are printed.
//
// # Records
//
// Decode reads the header. EPID 0 (spec.EPIDError) means a fault record,
// which becomes a *Fault; any other EPID becomes a *Record tied to its
// ECB. Record.Datum reads one item: an integer of 1, 2, 4 or 8 bytes with
// its signedness, or a NUL-terminated string, cut at strsize bytes: DTrace
// records exactly strsize bytes with no room kept for a NUL, while the
// buffers here have room for the NUL and are rounded up to 8 bytes.
//
// Records of a clause after speculate(id) carry the speculation's id and
// generation after the header; speculation.go holds them per speculation,
// up to specsize bytes per CPU, and passes them on in buffer order at the
// commit record, or drops them at the discard.
//
// # Aggregations
//
// Snapshot iterates over an aggregation's per-CPU map and merges the CPUs.
// Slot 0 of each value counts the updates made on that CPU. A CPU whose
// slot 0 is zero never touched the key: the kernel zero-fills per-CPU
// values, and without this count those zeros would corrupt min and max.
// Every key of a keyed aggregation is kept, so that keys survive clear()
// with zero values as in DTrace; a keyless aggregation is printed once it
// has held a value. Clear writes zeros to every CPU's value of every key;
// Remove deletes keys for trunc(). SnapshotPerCPU also keeps each CPU's
// value apart (AggEntry.PerCPU), as libdtrace keeps dtada_percpu under
// aggpercpu.
//
// The snapshot reads the map in batches (BPF_MAP_LOOKUP_BATCH, batch.go):
// one system call per few thousand entries, at most 4 MiB of keys and
// values at a time, where iterating costs two calls per entry. For 100,000
// keys on 2 CPUs that is 75 ms rather than 310 ms, and the whole exit-time
// print (snapshot, merge, sort, print) about 130 ms
// (BenchmarkPrintAtExit100k; TestManyKeys prints 100,000 keys end to end).
// The slices it hands out are the batch's own memory and stay valid. A
// kernel without batch operations gets the entry-by-entry iterator.
//
// The tests decode and merge bytes built in the test.
package consume
