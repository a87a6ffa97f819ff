package dtrace_test

import (
	"testing"

	"github.com/godtrace/godtrace/dtrace"
)

// TestSourceChecks checks the checks dt_compile() makes of each source
// after parsing it: D_MACRO_UNUSED for an unreferenced last argument,
// then D_EMPTY, both at the source's last line.
func TestSourceChecks(t *testing.T) {
	tests := []struct {
		name, text string
		args       []string
		opts       []string
		line       int
		tag, msg   string // tag "" for no error
	}{
		// An empty source, or one that only declares.
		{name: "e.d", text: "", line: 1, tag: "D_EMPTY", msg: "empty D program translation unit"},
		{name: "e.d", text: "int x;\n#pragma D option quiet\n", line: 3, tag: "D_EMPTY", msg: "empty D program translation unit"},
		{name: "e.d", text: "int x;\n", opts: []string{"empty"}},
		{name: "e.d", text: "inline int x = 1;\n"},
		{text: "", tag: "D_EMPTY", msg: "empty D program translation unit"},
		// The last argument must be referenced, in code or in a probe
		// description, by each source.
		{name: "m.d", text: "BEGIN { exit(0); }\n", args: []string{"a"}, line: 2,
			tag: "D_MACRO_UNUSED", msg: "extraneous argument 'a' ($1 is not referenced)"},
		{name: "m.d", text: "BEGIN { trace($1); }\n", args: []string{"a", "b"}, line: 2,
			tag: "D_MACRO_UNUSED", msg: "extraneous argument 'b' ($2 is not referenced)"},
		{name: "m.d", text: "BEGIN { trace($$2); }\n", args: []string{"a", "b"}},
		{name: "m.d", text: "BEGIN { trace($02); }\n", args: []string{"1", "2"}},
		{name: "m.d", text: "syscall::$1:entry { }\n", args: []string{"read"}},
		{name: "m.d", text: "BEGIN { exit(0); }\n", args: []string{"a"}, opts: []string{"argref"}},
		// A source's own pragma comes too late for it, as in DTrace.
		{name: "m.d", text: "#pragma D option argref\nBEGIN { exit(0); }\n", args: []string{"a"}, line: 3,
			tag: "D_MACRO_UNUSED", msg: "extraneous argument 'a' ($1 is not referenced)"},
		// An argument that is not there is the compiler's error first.
		{name: "m.d", text: "BEGIN { trace($2); }\n", args: []string{"a"},
			line: 1, tag: "D_MACRO_UNDEF", msg: "macro argument $2 is not defined"},
		{name: "m.d", text: "", args: []string{"a"}, line: 1,
			tag: "D_MACRO_UNUSED", msg: "extraneous argument 'a' ($1 is not referenced)"},
		// A declaration's error comes first: DTrace meets it while it
		// parses the source, before these checks.
		{name: "d.d", text: "enum e {\n\tbig = 2147483648\n};\n", line: 3,
			tag: "D_DECL_ENOFLOW", msg: "enumerator 'big' value overflows INT_MAX (2147483647)"},
		{name: "d.d", text: "struct s { int a; char a; };\n", args: []string{"a"}, line: 1,
			tag: "D_UNKNOWN", msg: "failed to define member 'a': Duplicate member or variable name"},
		{name: "d.d", text: "struct s { int a; };\nstruct t { int a; };\n", line: 3, tag: "D_EMPTY", msg: "empty D program translation unit"},
	}
	for _, tt := range tests {
		h, err := dtrace.Open()
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range tt.opts {
			if err := h.Options.SetArg(o); err != nil {
				t.Fatal(err)
			}
		}
		err = h.Compile([]dtrace.Source{{Name: tt.name, Text: []byte(tt.text)}}, append([]string{"test"}, tt.args...))
		h.Close()
		if tt.tag == "" {
			if err != nil {
				t.Errorf("%q %v %v: %v", tt.text, tt.args, tt.opts, err)
			}
			continue
		}
		ce, ok := err.(*dtrace.CompileError)
		if !ok || ce.Line != tt.line || ce.Tag != tt.tag || ce.Msg != tt.msg {
			t.Errorf("%q %v %v: error %#v, want line %d %s %q", tt.text, tt.args, tt.opts, err, tt.line, tt.tag, tt.msg)
		}
	}
}

// TestMacroArguments checks how macro arguments read, as DTrace's lexer
// reads them: an integer wider than 64 bits is D_MACRO_OFLOW, and one
// that no signed type holds, without u, is D_INT_OFLOW.
func TestMacroArguments(t *testing.T) {
	tests := []struct {
		src, arg string
		tag, msg string // tag "" for no error
	}{
		{"BEGIN { x = $1; exit(0); }", "0x12345678123456781",
			"D_MACRO_OFLOW", "macro argument $1 constant 0x12345678123456781 results in integer overflow"},
		{"BEGIN { x = $1; exit(0); }", "9223372036854775808",
			"D_INT_OFLOW", "integer constant 0x8000000000000000 cannot be represented in any built-in integral type"},
		{"BEGIN { x = $1; exit(0); }", "9223372036854775808u", "", ""},
		{"BEGIN { x = $1 + 1; exit(0); }", "0x8000000000000000", "", ""},
		{"BEGIN { x = $1 + 1; exit(0); }", "-5", "", ""},
		{"BEGIN { x = $$1; y = $$2; exit(0); }", "a", "D_MACRO_UNDEF", "macro argument $$2 is not defined"},
	}
	for _, tt := range tests {
		h, err := dtrace.Open()
		if err != nil {
			t.Fatal(err)
		}
		err = h.Compile([]dtrace.Source{{Text: []byte(tt.src)}}, []string{"test", tt.arg})
		h.Close()
		ce, _ := err.(*dtrace.CompileError)
		switch {
		case tt.tag == "" && err != nil:
			t.Errorf("%s with %s: %v", tt.src, tt.arg, err)
		case tt.tag != "" && (ce == nil || ce.Tag != tt.tag || ce.Msg != tt.msg):
			t.Errorf("%s with %s: error %#v, want %s %q", tt.src, tt.arg, err, tt.tag, tt.msg)
		}
	}
}
