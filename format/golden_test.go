package format

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Golden files hold the bytes DTrace writes. Most are copied from the
// expected output (.out) of the illumos test suite for the D program that
// the test replays through this package; the test names the program. Set
// DTRACE_UPDATE=1 to rewrite them from this package's output, and review
// the diff against DTrace's files before committing.
var update = os.Getenv("DTRACE_UPDATE") == "1"

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: output differs from DTrace's\n%s", name, diffLines(string(want), string(got)))
	}
}

// diffLines shows the first differing line, quoted so that blanks show.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl || i >= len(w) || i >= len(g) {
			return "line " + itoa(i+1) + ":\n want " + quote(wl) + "\n  got " + quote(gl)
		}
	}
	return "(same lines, different bytes)"
}

func itoa(i int) string { return string(appendInt(nil, i)) }

func appendInt(b []byte, i int) []byte {
	if i >= 10 {
		b = appendInt(b, i/10)
	}
	return append(b, byte('0'+i%10))
}

func quote(s string) string { return "\"" + strings.ReplaceAll(s, "\n", "\\n") + "\"" }

// Datum shorthands, named after the D types the test programs use.
func i8(v int64) Datum  { return IntDatum(v, 1, true) }
func u8(v int64) Datum  { return IntDatum(v, 1, false) }
func i16(v int64) Datum { return IntDatum(v, 2, true) }
func u16(v int64) Datum { return IntDatum(v, 2, false) }
func i32(v int64) Datum { return IntDatum(v, 4, true) }
func u32(v int64) Datum { return IntDatum(v, 4, false) }
func i64(v int64) Datum { return IntDatum(v, 8, true) }
func u64(v int64) Datum { return IntDatum(v, 8, false) }
func str(s string) Datum {
	return StringDatum(s, 256)
}

// session replays a D program's output actions into one buffer.
type session struct {
	t   *testing.T
	buf bytes.Buffer
	env *Env
}

func newSession(t *testing.T) *session { return &session{t: t} }

func (s *session) printf(format string, args ...Datum) {
	s.t.Helper()
	f, err := ParseFormat(format)
	if err != nil {
		s.t.Fatalf("ParseFormat(%q): %v", format, err)
	}
	if err := f.FprintEnv(&s.buf, s.env, args); err != nil {
		s.t.Fatalf("printf(%q): %v", format, err)
	}
}

func (s *session) printa(format string, descs []*AggDesc, aggs [][]AggRecord, o SortOptions) {
	s.t.Helper()
	f, err := ParseFormat(format)
	if err != nil {
		s.t.Fatalf("ParseFormat(%q): %v", format, err)
	}
	if err := Printa(&s.buf, f, descs, Join(aggs), PrintOptions{Sort: o, Env: s.env}); err != nil {
		s.t.Fatalf("printa(%q): %v", format, err)
	}
}

func (s *session) trace(d Datum, quiet bool) {
	s.t.Helper()
	if err := Trace(&s.buf, d, quiet); err != nil {
		s.t.Fatal(err)
	}
}

// exit is what dtrace(1) writes when tracing stops: a newline, then the
// aggregations not yet printed.
func (s *session) exit(aggs ...Aggregation) {
	s.t.Helper()
	if err := PrintExit(&s.buf, aggs, PrintOptions{Env: s.env}); err != nil {
		s.t.Fatal(err)
	}
}

func (s *session) check(name string) {
	s.t.Helper()
	checkGolden(s.t, name, s.buf.Bytes())
}

// rec builds an aggregation record.
func rec(v AggValue, keys ...Datum) AggRecord { return AggRecord{Keys: keys, Value: v} }
