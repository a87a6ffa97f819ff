package scanner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// identLines scans src and renders each identifier with the file and
// line its position resolves to: "x@t.d:1".
func identLines(src string) (string, []string) {
	f := token.NewFile("t.d", []byte(src))
	var s Scanner
	var errs []string
	s.Init(f, func(pos token.Pos, tag, msg string) {
		p := f.Position(pos)
		errs = append(errs, fmt.Sprintf("%d:%d: %s %s", p.Line, p.Column, tag, msg))
	}, nil)
	var out []string
	for t := s.Scan(); t.Kind != token.EOF; t = s.Scan() {
		if t.Kind == token.IDENT {
			p := f.Position(t.Pos)
			out = append(out, fmt.Sprintf("%s@%s:%d", t.Text, p.Filename, p.Line))
		}
	}
	return strings.Join(out, " "), errs
}

var lineTests = []struct{ src, want string }{
	// No directive: the lines of the text.
	{"A{ a;\nb; }", "a@t.d:1 b@t.d:2"},
	// cpp's form: the next line is line N of file.
	{"A{ a;\n# 10 \"x.d\"\nb;\nc; }", "a@t.d:1 b@x.d:10 c@x.d:11"},
	// Without a name, the file name in force stays.
	{"# 5 \"x.d\"\nA{ a;\n# 20\nb; }", "a@x.d:5 b@x.d:20"},
	{"A{\n# 20\nb; }", "b@t.d:20"},
	// Flags after the name (entering and leaving an #include).
	{"# 1 \"m.d\"\nA{ a;\n# 1 \"inc/h.h\" 1\nb;\n# 3 \"m.d\" 2\nc; }",
		"a@m.d:1 b@inc/h.h:1 c@m.d:3"},
	{"# 1 \"/usr/include/stdc-predef.h\" 1 3 4\nA{ a; }", "a@/usr/include/stdc-predef.h:1"},
	// Names with blanks and escapes.
	{"# 7 \"my file.d\"\nA{ a; }", "a@my file.d:7"},
	{"# 7 \"a\\\"b\\\\c.d\"\nA{ a; }", `a@a"b\c.d:7`},
	// DTrace numbers the line after "#line N" as N+1 (see lineDirective).
	{"A{\n#line 10 \"x.d\"\nb; }", "b@x.d:11"},
	{"A{\n#line 10\nb; }", "b@t.d:11"},
	// Directives may jump back; positions still resolve.
	{"A{\n# 100\na;\n# 2\nb; }", "a@t.d:100 b@t.d:2"},
	// gcc writes line 0 for its built-in pseudo files.
	{"# 0 \"<stdin>\"\n# 1 \"m.d\"\nA{ a; }", "a@m.d:1"},
	// Hex line numbers, as strtoull() reads them; words after the
	// flags are ignored.
	{"A{\n# 0x10 \"x.d\" 1 3 4 x\nb; }", "b@x.d:16"},
	// "#pragma line" and "#pragma D line" are "#line".
	{"A{\n#pragma line 10\nb;\n#pragma D line 20 \"y.d\"\nc; }", "b@t.d:11 c@y.d:21"},
}

func TestLineDirectives(t *testing.T) {
	for _, tt := range lineTests {
		got, errs := identLines(tt.src)
		if got != tt.want || len(errs) > 0 {
			t.Errorf("scan %q:\ngot  %s %q\nwant %s", tt.src, got, errs, tt.want)
		}
	}
}

// TestMalformedLineDirectives checks DTrace's D_PRAGMA_MALFORM. As in
// dt_pragma(), an error in cpp's unnamed form "# N" is reported on the
// line after the directive, and one in "#line" on its own line.
func TestMalformedLineDirectives(t *testing.T) {
	for _, tt := range []struct{ src, pos string }{
		{"#line\nA{ }", "1:1"},
		{"#line x\nA{ }", "1:1"},
		{"#line -3\nA{ }", "1:1"},
		{"#pragma D line x\nA{ }", "1:1"},
		{"# 12 foo\nA{ }", "2:1"},
		{"# 12 \"foo\" bar\nA{ }", "2:1"},
	} {
		_, errs := identLines(tt.src)
		want := tt.pos + ": D_PRAGMA_MALFORM " + tag.PragmaMalformLine.Text()
		if len(errs) != 1 || errs[0] != want {
			t.Errorf("scan %q: errors %q, want %q", tt.src, errs, want)
		}
	}
}

// TestLineDirectivesRescan checks that scanning a file twice, as the
// compiler does (once for pragmas, once to compile), keeps one set of
// directives.
func TestLineDirectivesRescan(t *testing.T) {
	src := "A{\n# 10 \"x.d\"\nb; }"
	f := token.NewFile("t.d", []byte(src))
	for range 2 {
		var s Scanner
		s.Init(f, nil, nil)
		for s.Scan().Kind != token.EOF {
		}
	}
	p := f.Position(f.Pos(strings.Index(src, "b;")))
	if p.Filename != "x.d" || p.Line != 10 {
		t.Errorf("after two scans, b is at %s:%d, want x.d:10", p.Filename, p.Line)
	}
	raw := f.PositionFor(f.Pos(strings.Index(src, "b;")), false)
	if raw.Filename != "t.d" || raw.Line != 3 {
		t.Errorf("unadjusted, b is at %s:%d, want t.d:3", raw.Filename, raw.Line)
	}
}

// TestErrorOrderAfterDirectives checks that errors sort in source order
// when a directive moves later text to lower line numbers.
func TestErrorOrderAfterDirectives(t *testing.T) {
	src := "A{\n# 50\n$;\n# 2\n$; }"
	f := token.NewFile("t.d", []byte(src))
	var l ErrorList
	var s Scanner
	s.Init(f, func(pos token.Pos, tag, msg string) { l.Add(f.Position(pos), tag, msg) }, nil)
	for s.Scan().Kind != token.EOF {
	}
	l.Sort()
	if len(l) != 2 || l[0].Pos.Line != 50 || l[1].Pos.Line != 2 {
		t.Errorf("errors %v, want line 50 then line 2", l)
	}
}
