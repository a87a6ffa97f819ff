package check

import (
	"testing"

	"github.com/godtrace/godtrace/lang/ast"
)

// fakeArgs are the probes the tests' descriptions match, by the
// description's text, with their arguments; a description not listed
// matches one probe without typed arguments (BEGIN).
var fakeArgs = map[string]DescArgs{
	"syscall::read:entry": {Probes: [][]ProbeArg{
		{{Native: "unsigned int"}, {Native: "char *", Mapping: 1}, {Native: "size_t", Mapping: 2}},
	}},
	"syscall::pread64:entry": {Probes: [][]ProbeArg{
		{{Native: "unsigned int"}, {Native: "char *", Mapping: 1}, {Native: "size_t", Mapping: 2}, {Native: "loff_t", Mapping: 3}},
	}},
	"syscall::openat:entry": {Probes: [][]ProbeArg{
		{{Native: "int"}, {Native: "const char *", Mapping: 1}, {Native: "int", Mapping: 2}, {Native: "umode_t", Mapping: 3}},
	}},
	// read and readv: the buffers differ, the descriptors do not.
	"syscall::read*:entry": {Probes: [][]ProbeArg{
		{{Native: "unsigned int"}, {Native: "char *", Mapping: 1}, {Native: "size_t", Mapping: 2}},
		{{Native: "unsigned int"}, {Native: "const struct iovec *", Mapping: 1}},
	}},
	"syscall::read:":    {Unstable: true},
	"fake:::task":       {Probes: [][]ProbeArg{{{Native: "struct task_struct *", Xlate: "argsinfo_t *"}}}},
	"fake:::pidx":       {Probes: [][]ProbeArg{{{Native: "int"}, {Native: "struct task_struct *", Xlate: "argsinfo_t *"}}}},
	"fake:::noxlator":   {Probes: [][]ProbeArg{{{Native: "char *", Xlate: "argsinfo_t *"}}}},
	"fake:::badnative":  {Probes: [][]ProbeArg{{{Native: "nosuch_t"}}}},
	"fake:::badxlate":   {Probes: [][]ProbeArg{{{Native: "int", Xlate: "nosuch_t *"}}}},
	"fake:::array":      {Probes: [][]ProbeArg{{{Native: "char[16]"}, {Native: "const char *const *", Mapping: 1}}}},
	"fake:::remapped":   {Probes: [][]ProbeArg{{{Native: "long", Mapping: 3}}}},
	"fake:::unreadable": {Err: errFake},
}

type fakeError struct{}

func (fakeError) Error() string { return "no format file" }

var errFake error = fakeError{}

// fakeProbeArgs is Config.ProbeArgs for the tests' programs.
func fakeProbeArgs(cl *ast.Clause) []DescArgs {
	var out []DescArgs
	for _, pd := range cl.Probes {
		d, ok := fakeArgs[pd.Text]
		if !ok {
			d = DescArgs{Probes: [][]ProbeArg{nil}}
		}
		d.Desc = pd.Text
		out = append(out, d)
	}
	return out
}

// TestArgsTypes checks the types args[] takes from the probes: native
// types as the provider names them, the mapping to arg0..arg9, and a
// translated argument's members through its translator.
func TestArgsTypes(t *testing.T) {
	src := `
typedef struct argsinfo { int pid; } argsinfo_t;
translator argsinfo_t < struct task_struct *T > { pid = T->tgid; };
syscall::openat:entry { a = args[0]; b = args[1]; c = args[3]; }
syscall::read:entry, syscall::pread64:entry { d = args[2]; }
syscall::read*:entry { e = args[0]; }
fake:::array { f = args[0]; g = args[1]; }  /* a char array becomes a string */
fake:::remapped { h = args[0]; }
fake:::pidx { i = args[1]->pid; j = args[2 - 1]->pid; }
`
	f, prog := parse(t, "args.d", []byte(src))
	info, err := Check(prog, config(t, f))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"a": "int", "b": "char *", "c": "umode_t", "d": "size_t", "e": "unsigned int",
		"f": "string", "g": "char **", "h": "long", "i": "int", "j": "int",
	}
	uses := map[string]string{}
	for _, v := range info.Globals {
		uses[v.Name] = v.Type.String()
	}
	for name, w := range want {
		if uses[name] != w {
			t.Errorf("%s: type %q, want %q", name, uses[name], w)
		}
	}
	// h = args[0] at fake:::remapped is arg3.
	arg3 := false
	for id, b := range info.Builtins {
		arg3 = arg3 || id.Name == "arg3" && b == BArg3
	}
	if !arg3 {
		t.Error("no use of arg3 for a remapped args[0]")
	}
	translated := 0
	for _, tr := range info.Translated {
		if tr.Translator.In.String() == "struct task_struct *" {
			translated++
		}
	}
	if translated != 2 {
		t.Errorf("%d translated args[1]->pid, want 2", translated)
	}
}
