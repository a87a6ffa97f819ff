package check

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	dparser "github.com/godtrace/godtrace/lang/parser"
	"github.com/godtrace/godtrace/lang/scanner"
	"github.com/godtrace/godtrace/lang/tag"
	dtoken "github.com/godtrace/godtrace/lang/token"
)

// The tag corpus is testdata/tags_*.d: for each D_* tag the front end can
// raise, at least one line that raises it, annotated with DTrace's tag and
// wording. TestAnnotated checks that godtrace reports exactly what the
// annotations say; TestTagCorpus checks that every annotation in the
// corpus is DTrace's wording (one of the tag's formats in package tag's
// table, not one of godtrace's own) and that every tag raised in the
// front end's source has a corpus line or an entry below saying why not.
// Together they keep the corpus from falling behind the code.
//
// Formats only constrain the shape of a message: "cannot access %s as an
// associative array" accepts "cannot access x as ..." although DTrace
// would say "cannot access scalar x as ...". A corpus line must be what
// DTrace reports for that construct, not just a message of the right
// shape.

// frontEnd lists the directories, relative to this package, whose Go
// sources raise the front end's D_* tags: the checker, the parser and
// scanner, the printf format checks, and the stages of compile and the
// dtrace library that report compile errors.
var frontEnd = []string{".", "../parser", "../scanner", "../../format", "../../compile", "../../dtrace"}

// notFromCheck lists the tags the front end raises that no check.Check
// run can produce, so that neither a testdata file nor unannotatable
// below can show them. Each says why, and where it is tested if it is.
var notFromCheck = map[string]string{
	// compile.match, after checking: a probe description that matches no
	// probe, or that the registry rejects. Needs a provider registry;
	// cmd/dtrace's corpus test shows D_PDESC_ZERO.
	"D_PDESC_ZERO": "compile.match: needs a provider registry (cmd/dtrace corpus_test.go)",
	// compile.compile: the program's per-CPU scratch space exceeds the
	// kernel's limit; a property of the code layout, not of checking.
	"D_NOSPACE": "compile.compile: scratch space layout, after checking",
	// compile.alloca: a constant size over the alloca() memory, known
	// when code is generated (cmd/dtrace e2e subr-gap-alloca-size.txt).
	"D_ALLOCA_SIZE": "compile.alloca: a constant size over the scratch space, at code generation",
	// compile.varAddr: a kernel symbol left to the loader by linkmode,
	// known when code is generated (compile linkmode_test.go).
	"D_ASRELO": "compile.varAddr: a relocation against a kernel symbol, at code generation",
	// The dtrace library: dependencies and option values are resolved
	// against the system, not by the checker.
	"D_PRAGMA_DEPEND": "dtrace/pragma.go: depends_on needs the system's providers, modules and libraries (dtrace compile_test.go)",
	"D_PRAGMA_OPTSET": "dtrace/compile.go: option values are set by the library (wording bug: see the report)",
	// The dtrace library, after parsing each program source, as
	// dt_compile() does: they concern the source as a whole and the
	// command's arguments (dtrace program_test.go; cmd/dtrace e2e
	// empty-program.txt and macro-unused.txt).
	"D_EMPTY":        "dtrace/program.go: a source without clauses, inlines or translators",
	"D_MACRO_UNUSED": "dtrace/program.go: the last macro argument unreferenced by a source",
	// check.macroInt: the corpus's configuration has no macro argument
	// wider than 64 bits (dtrace program_test.go TestMacroArguments).
	"D_MACRO_OFLOW": "check.macroInt: needs a macro argument wider than 64 bits",
}

// wordingBugs lists the tags the checker raises only with wording that
// is not DTrace's (or only for constructs where DTrace reports something
// else), so that no corpus line can show them yet. When one is fixed,
// add a line to a tags_*.d file and delete the entry: the test fails
// while both exist.
var wordingBugs = map[string]string{}

// unannotatable are programs whose error cannot carry an annotation: a
// control line's words run to the end of its line, comments included, as
// in DTrace's lexer, so the annotation would change the pragma.
var unannotatable = []struct {
	src      string
	line     int
	tag, msg string
}{
	{"#pragma D option\nBEGIN { }", 1, "D_PRAGMA_MALFORM", "malformed #pragma option <option>=<val>"},
	{"#pragma D attributes Stable/Stable/Common\nBEGIN { }", 1, "D_PRAGMA_MALFORM", "malformed #pragma attributes <attributes> <ident>"},
	{"#pragma D binding \"1.0\"\nBEGIN { }", 1, "D_PRAGMA_MALFORM", `malformed #pragma binding "version" <ident>`},
}

var tagLit = regexp.MustCompile(`^"D_[A-Z0-9_]+"$`)

// tagPath is the import path of package tag.
const tagPath = "github.com/godtrace/godtrace/lang/tag"

// msgNames maps the name of each tag.Msg constant to its value, read
// from the constant block in ../tag/tag.go, where they run from iota.
func msgNames(t *testing.T) map[string]tag.Msg {
	f, err := parser.ParseFile(token.NewFileSet(), "../tag/tag.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]tag.Msg{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST || len(gd.Specs) < 2 {
			continue
		}
		first := gd.Specs[0].(*ast.ValueSpec)
		if len(first.Values) != 1 || !isIdent(first.Values[0], "iota") {
			continue
		}
		for i, s := range gd.Specs {
			names[s.(*ast.ValueSpec).Names[0].Name] = tag.Msg(i)
		}
	}
	if len(names) < tag.Count {
		t.Fatalf("../tag/tag.go: found %d Msg constants, want %d", len(names), tag.Count)
	}
	return names
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// reporters are the functions and methods of the front end that take a
// tag.Msg followed by the values its format substitutes.
var reporters = map[string]bool{"error": true, "cgError": true, "newError": true, "failTag": true, "errorOf": true}

// raisedTags returns the D_* tags that the non-test Go files of the front
// end raise, with where: the tags of the tag.Msg constants they name, and
// the tags that appear as string literals. Comments are not literals, so
// "Tag string // \"D_X\"" does not count. It also checks that each call
// of a reporter passes as many values as the Msg's format wants, as go
// vet does for a printf format.
func raisedTags(t *testing.T) map[string][]string {
	names := msgNames(t)
	raised := map[string][]string{}
	fset := token.NewFileSet()
	for _, dir := range frontEnd {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			pkg := ""
			for _, imp := range f.Imports {
				if imp.Path.Value == strconv.Quote(tagPath) {
					pkg = "tag"
					if imp.Name != nil {
						pkg = imp.Name.Name
					}
				}
			}
			msgOf := func(e ast.Expr) (tag.Msg, bool) {
				sel, ok := e.(*ast.SelectorExpr)
				if !ok || pkg == "" || !isIdent(sel.X, pkg) {
					return 0, false
				}
				m, ok := names[sel.Sel.Name]
				return m, ok
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BasicLit:
					if n.Kind == token.STRING && tagLit.MatchString(n.Value) {
						tag, _ := strconv.Unquote(n.Value)
						raised[tag] = append(raised[tag], fset.Position(n.Pos()).String())
					}
				case *ast.SelectorExpr:
					if m, ok := msgOf(n); ok {
						raised[m.Tag()] = append(raised[m.Tag()], fset.Position(n.Pos()).String())
					}
				case *ast.CallExpr:
					checkArity(t, fset, n, msgOf)
				}
				return true
			})
		}
	}
	return raised
}

// checkArity checks a call of a reporter that names a Msg: the values
// after it must be as many as its format's verbs.
func checkArity(t *testing.T, fset *token.FileSet, call *ast.CallExpr, msgOf func(ast.Expr) (tag.Msg, bool)) {
	name := ""
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		name = fn.Name
	case *ast.SelectorExpr:
		name = fn.Sel.Name
	}
	if !reporters[name] || call.Ellipsis.IsValid() {
		return
	}
	for i, a := range call.Args {
		m, ok := msgOf(a)
		if !ok {
			continue
		}
		if got, want := len(call.Args)-i-1, len(formatRE(m.Format()).SubexpNames())-1; got != want {
			t.Errorf("%s: %s( ) gives %s %d values, its format %q wants %d", fset.Position(call.Pos()), name, m.Tag(), got, m.Format(), want)
		}
		return
	}
}

// formatRE turns a tag.Msg format into a regular expression matching the
// messages it can produce, with a group for each verb.
func formatRE(format string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`(?s)^`)
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteString(regexp.QuoteMeta(format[i : i+1]))
			continue
		}
		i++
		if format[i] == '%' {
			b.WriteString(`%`)
			continue
		}
		for strings.IndexByte("-+# 0123456789", format[i]) >= 0 {
			i++
		}
		switch format[i] {
		case 'd':
			b.WriteString(`(-?[0-9]+)`)
		case 'x':
			b.WriteString(`([0-9a-f]+)`)
		case 'c':
			b.WriteString(`(.)`)
		default:
			b.WriteString(`(.*)`)
		}
	}
	b.WriteString(`$`)
	return regexp.MustCompile(b.String())
}

// dtraceWording reports whether msg is one of DTrace's messages for
// tagName: a wording of the tag in the table that is not godtrace's own.
func dtraceWording(tagName, msg string) bool {
	for m := tag.Msg(0); m < tag.Msg(tag.Count); m++ {
		if m.Tag() == tagName && !strings.HasPrefix(m.Where(), "godtrace:") && formatRE(m.Format()).MatchString(msg) {
			return true
		}
	}
	return false
}

// parserAnnotation is lang/parser's annotation with a tag, which its
// tags*.d corpus files carry: /* ERROR D_TAG "text" */.
var parserAnnotation = regexp.MustCompile(`/\* ERROR (D_[A-Z0-9_]+) ("(?:[^"\\]|\\.)*") \*/`)

// parserUnannotatable are sources whose scanner or parser error cannot
// carry an annotation: the words of a control line run to its end, and
// an error at the end of input has no line to annotate.
var parserUnannotatable = []struct {
	src      string
	line     int
	tag, msg string
}{
	{"BEGIN { }\n#pragma D error \"stop here\"\n", 2, "D_PRAGERR", "#error: stop here "},
	{"#error stop 42 here\nBEGIN { }\n", 1, "D_PRAGERR", "#error: stop here "},
	{"#\"x\"\nBEGIN { }\n", 2, "D_PRAGCTL_INVAL", "invalid control directive"},
	{"BEGIN { }\n#pragma D option quiet", 2, "D_SYNTAX", "end-of-file encountered before end of control line"},
	{"BEGIN { }\n/* no end\n", 3, "D_SYNTAX", "end-of-file encountered before matching */"},
	{"BEGIN { x = 1;\n", 2, "D_SYNTAX", "syntax error near end of input"},
}

// dtraceTag reports whether the table has a wording of DTrace's for
// tagName.
func dtraceTag(tagName string) bool {
	for m := tag.Msg(0); m < tag.Msg(tag.Count); m++ {
		if m.Tag() == tagName && !strings.HasPrefix(m.Where(), "godtrace:") {
			return true
		}
	}
	return false
}

func TestTagCorpus(t *testing.T) {
	covered := map[string][]string{}
	cover := func(tag, where, msg string) {
		if !dtraceWording(tag, msg) {
			t.Errorf("%s: %s %q is not DTrace's wording for %s (lang/tag's table)", where, tag, msg, tag)
			return
		}
		covered[tag] = append(covered[tag], where)
	}

	// The corpus files; TestAnnotated checks that godtrace reports each
	// annotation.
	files, _ := filepath.Glob("testdata/tags_*.d")
	if len(files) == 0 {
		t.Fatal("no testdata/tags_*.d files")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if m := errorRE.FindStringSubmatch(line); m != nil {
				cover(m[1], fmt.Sprintf("%s:%d", file, i+1), unescape.Replace(m[2]))
			}
		}
	}

	// Errors that cannot be annotated.
	for _, u := range unannotatable {
		f, prog := parse(t, "u.d", []byte(u.src))
		_, err := Check(prog, config(t, f))
		var list ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			t.Errorf("%q: no error, want %s %q", u.src, u.tag, u.msg)
			continue
		}
		e := list[0]
		if line := f.Position(e.Pos).Line; line != u.line || e.Tag != u.tag || e.Msg != u.msg {
			t.Errorf("%q: got line %d %s %q, want line %d %s %q", u.src, line, e.Tag, e.Msg, u.line, u.tag, u.msg)
			continue
		}
		cover(u.tag, fmt.Sprintf("unannotatable %q", u.src), u.msg)
	}

	// The parser's corpus, checked like the checker's: each error must be
	// its line's annotation, tag and whole message, and each annotation
	// must be met (ParseFile stops after ten errors: files hold fewer).
	parserFiles, _ := filepath.Glob("../parser/testdata/tags*.d")
	if len(parserFiles) == 0 {
		t.Fatal("no ../parser/testdata/tags*.d files")
	}
	for _, file := range parserFiles {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int][2]string{}
		for i, line := range strings.Split(string(src), "\n") {
			if m := parserAnnotation.FindStringSubmatch(line); m != nil {
				s, err := strconv.Unquote(m[2])
				if err != nil {
					t.Fatalf("%s:%d: %v", file, i+1, err)
				}
				want[i+1] = [2]string{m[1], s}
			}
		}
		_, err = dparser.ParseFile(dtoken.NewFile(file, src))
		var list scanner.ErrorList
		if !errors.As(err, &list) {
			t.Fatalf("%s: %v", file, err)
		}
		for _, e := range list {
			where := fmt.Sprintf("%s:%d", file, e.Pos.Line)
			w, ok := want[e.Pos.Line]
			delete(want, e.Pos.Line)
			if !ok || w != [2]string{e.Tag, e.Msg} {
				t.Errorf("%s: error %s %q, annotated %s %q (annotations there must be whole messages)", where, e.Tag, e.Msg, w[0], w[1])
				continue
			}
			cover(e.Tag, where, e.Msg)
		}
		for line, w := range want {
			t.Errorf("%s:%d: no error, annotated %s %q", file, line, w[0], w[1])
		}
	}
	for _, u := range parserUnannotatable {
		_, err := dparser.ParseFile(dtoken.NewFile("u.d", []byte(u.src)))
		var list scanner.ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			t.Errorf("%q: no error, want %s %q", u.src, u.tag, u.msg)
			continue
		}
		if e := list[0]; e.Pos.Line != u.line || e.Tag != u.tag || e.Msg != u.msg {
			t.Errorf("%q: got line %d %s %q, want line %d %s %q", u.src, e.Pos.Line, e.Tag, e.Msg, u.line, u.tag, u.msg)
			continue
		}
		cover(u.tag, fmt.Sprintf("parserUnannotatable %q", u.src), u.msg)
	}

	raised := raisedTags(t)
	var tags []string
	for tag := range raised {
		tags = append(tags, tag)
	}
	sort.Strings(tags)
	for _, tag := range tags {
		if !dtraceTag(tag) {
			t.Logf("%s is raised but is not a DTrace tag (lang/tag's table): %s", tag, strings.Join(raised[tag], ", "))
		}
		_, why1 := notFromCheck[tag]
		_, why2 := wordingBugs[tag]
		switch {
		case len(covered[tag]) > 0 && (why1 || why2):
			t.Errorf("%s is covered by %s: remove it from the allowlist", tag, covered[tag][0])
		case len(covered[tag]) == 0 && !why1 && !why2:
			t.Errorf("%s is raised (%s) but no tags_*.d line shows it in DTrace's words; add one, or an allowlist entry saying why not", tag, raised[tag][0])
		}
	}
	for _, list := range []map[string]string{notFromCheck, wordingBugs} {
		for tag := range list {
			if raised[tag] == nil {
				t.Errorf("%s is allowlisted but no longer raised: remove the entry", tag)
			}
		}
	}
}
