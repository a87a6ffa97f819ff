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
	dtoken "github.com/godtrace/godtrace/lang/token"
)

// The tag corpus is testdata/tags_*.d: for each D_* tag the front end can
// raise, at least one line that raises it, annotated with DTrace's tag and
// wording. TestAnnotated checks that godtrace reports exactly what the
// annotations say; TestTagCorpus checks that every annotation in the
// corpus is DTrace's wording (one of the tag's formats in Messages) and
// that every tag raised in the front end's source has a corpus line or an
// entry below saying why not. Together they keep the corpus from falling
// behind the code.
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
	"D_PDESC_ZERO":  "compile.match: needs a provider registry (cmd/dtrace corpus_test.go)",
	"D_PDESC_INVAL": "compile.match: needs a provider registry",
	// compile.compile: the program's per-CPU scratch space exceeds the
	// kernel's limit; a property of the code layout, not of checking.
	"D_NOSPACE": "compile.compile: scratch space layout, after checking",
	// The dtrace library: dependencies and option values are resolved
	// against the system, not by the checker.
	"D_PRAGMA_DEPEND": "dtrace/pragma.go: depends_on needs the system's providers, modules and libraries (dtrace compile_test.go)",
	"D_PRAGMA_OPTSET": "dtrace/handle.go: option values are set by the library (wording bug: see the report)",
	// check.intLit: the scanner rejects constants wider than 64 bits, and
	// every narrower constant fits one of the candidate types (decimal
	// constants fall back to unsigned long), so this error is dead code.
	// DTrace does raise it, for an unsuffixed decimal above LONG_MAX.
	"D_INT_OFLOW": "check.intLit: unreachable (DTrace rejects 9223372036854775808; godtrace accepts it)",
	// format.ErrFmtEmpty is never called: godtrace accepts printf("").
	"D_PRINTF_FMT_EMPTY": "format.ErrFmtEmpty is never called (godtrace accepts printf(\"\"); DTrace rejects it)",
}

// wordingBugs lists the tags the checker raises only with wording that
// is not DTrace's (or only for constructs where DTrace reports something
// else), so that no corpus line can show them yet. When one is fixed,
// add a line to a tags_*.d file and delete the entry: the test fails
// while both exist.
var wordingBugs = map[string]string{
	"D_ARR_BADREF":         `"cannot access x as ..."; DTrace names the node ("scalar x") and raises it only for a comma-separated subscript`,
	"D_ASSOC_NONE":         "not a DTrace tag; DTrace reports D_IDENT_BADREF \"associative array 'a' may not be referenced as scalar\"",
	"D_DECL_VARCLASH":      "not a DTrace tag; DTrace reports D_DECL_IDRED with current/previous kinds and types, and accepts an identical redeclaration",
	"D_LLQUANT_FACTORTYPE": `"argument #1 must be ..."; DTrace says "argument #1 (factor) must be an integer constant"`,
	"D_LLQUANT_LOWTYPE":    `"argument #2 must be ..."; DTrace says "argument #2 (low magnitude) must be an integer constant"`,
	"D_LLQUANT_HIGHTYPE":   `"argument #3 must be ..."; DTrace says "argument #3 (high magnitude) must be an integer constant"`,
	"D_LLQUANT_NSTEPTYPE":  `"argument #4 must be ..."; DTrace says "argument #4 (linear steps per magnitude) must be an integer constant"`,
	"D_LLQUANT_FACTORVAL":  `"llquantize( ) parameters are out of range" for every range error; DTrace has one tag and message per check`,
	"D_LQUANT_STEPLARGE":   "raised for too many levels (DTrace's D_LQUANT_STEPSMALL) with invented wording; DTrace's is for zero levels",
	"D_LQUANT_STEPTYPE":    `"must be an integer constant"; DTrace says "must be a non-zero positive integer constant"`,
	"D_OP_INCOMPLETE":      `"no struct definition"; DTrace names the tag: "no struct foo definition"`,
	"D_PRINTA_AGGARG":      `argument shown as "expression", not its type; undefined aggregations get it too (DTrace: D_PRINTA_AGGBAD and the clear/trunc/normalize tags)`,
	"D_PRINTF_FMT":         "not a DTrace tag; DTrace reports D_PRINTF_ARG_FMT \"printf( ) argument #1 is incompatible with prototype: ... string constant\"",
	"D_UNKNOWN":            "raised for godtrace's unsupported constructs, and for unknown struct/union names, which DTrace declares as forward types instead",
	"D_XLATE_NONE":         `"translator does not exist: A -> B"; DTrace says "cannot translate from \"A\" to \"B\""`,
	"D_XLATE_REDECL":       "raised for a member defined twice; DTrace raises it for a translator declared twice, \"translator from A to B has already been declared\"",
}

// unannotatable are programs whose error cannot carry an annotation: a
// control line's words run to the end of its line, comments included, as
// in DTrace's lexer, so the annotation would change the pragma.
var unannotatable = []struct {
	src      string
	line     int
	tag, msg string
}{
	{"#pragma D option\nBEGIN { }", 1, "D_PRAGMA_MALFORM", "malformed #pragma option <option>=<val>"},
}

var tagLit = regexp.MustCompile(`^"D_[A-Z0-9_]+"$`)

// raisedTags returns the D_* tags that appear as string literals in the
// non-test Go files of the front end, with where, excluding the catalogue
// itself. Comments are not literals, so "Tag string // \"D_X\"" does not
// count.
func raisedTags(t *testing.T) map[string][]string {
	raised := map[string][]string{}
	fset := token.NewFileSet()
	for _, dir := range frontEnd {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") || filepath.Base(file) == "messages.go" && dir == "." {
				continue
			}
			f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if ok && lit.Kind == token.STRING && tagLit.MatchString(lit.Value) {
					tag, _ := strconv.Unquote(lit.Value)
					raised[tag] = append(raised[tag], fset.Position(lit.Pos()).String())
				}
				return true
			})
		}
	}
	return raised
}

// formatRE turns a Messages format into a regular expression matching
// the messages it can produce.
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
			b.WriteString(`-?[0-9]+`)
		case 'x':
			b.WriteString(`[0-9a-f]+`)
		case 'c':
			b.WriteString(`.`)
		default:
			b.WriteString(`.*`)
		}
	}
	b.WriteString(`$`)
	return regexp.MustCompile(b.String())
}

// dtraceWording reports whether msg is one of DTrace's messages for tag.
func dtraceWording(tag, msg string) bool {
	for _, m := range Messages[tag] {
		if formatRE(m.Format).MatchString(msg) {
			return true
		}
	}
	return false
}

// parserAnnotation is lang/parser's annotation: /* ERROR "text" */.
var parserAnnotation = regexp.MustCompile(`/\* ERROR ("(?:[^"\\]|\\.)*") \*/`)

func TestTagCorpus(t *testing.T) {
	covered := map[string][]string{}
	cover := func(tag, where, msg string) {
		if !dtraceWording(tag, msg) {
			t.Errorf("%s: %s %q is not DTrace's wording for %s (messages.go)", where, tag, msg, tag)
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

	// The parser's corpus: compile reports every parse error as D_SYNTAX,
	// so each message there must be one of D_SYNTAX's, in full.
	const parserCorpus = "../parser/testdata/tags.d"
	src, err := os.ReadFile(parserCorpus)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{}
	for i, line := range strings.Split(string(src), "\n") {
		if m := parserAnnotation.FindStringSubmatch(line); m != nil {
			s, err := strconv.Unquote(m[1])
			if err != nil {
				t.Fatalf("%s:%d: %v", parserCorpus, i+1, err)
			}
			want[i+1] = s
		}
	}
	_, err = dparser.ParseFile(dtoken.NewFile(parserCorpus, src))
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("%s: %v", parserCorpus, err)
	}
	for _, e := range list {
		where := fmt.Sprintf("%s:%d", parserCorpus, e.Pos.Line)
		if w, ok := want[e.Pos.Line]; !ok || w != e.Msg {
			t.Errorf("%s: error %q, annotated %q (annotations there must be whole messages)", where, e.Msg, w)
			continue
		}
		cover("D_SYNTAX", where, e.Msg)
	}

	raised := raisedTags(t)
	var tags []string
	for tag := range raised {
		tags = append(tags, tag)
	}
	sort.Strings(tags)
	for _, tag := range tags {
		if _, ok := Messages[tag]; !ok {
			t.Logf("%s is raised but is not a DTrace tag (messages.go): %s", tag, strings.Join(raised[tag], ", "))
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
