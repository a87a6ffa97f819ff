package format

import "io"

// Symbolic writes the record of a symbol action (usym(), ufunc(),
// uaddr(), umod()) as dt_print_usym() and dt_print_umod() do: the name
// in "  %-50s", quiet or not.
func Symbolic(w io.Writer, name string) error {
	o := newOut(w)
	o.str("  ")
	o.str(name)
	if n := 50 - len(name); n > 0 {
		o.pad(n, ' ')
	}
	return o.flush()
}
