package fbt

import (
	"os"
	"slices"
	"testing"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/provider"
)

// savedTypes is a Linux 6.18 kernel's BTF, saved for the front end's
// tests.
func savedTypes(t testing.TB) func() (*btf.Spec, error) {
	return func() (*btf.Spec, error) {
		return testenv.SavedBTF(t, "../../lang/check/testdata/vmlinux.btf.gz"), nil
	}
}

// testProvider lists the saved tracefs and debugfs trees and types from
// the saved BTF; support says what the "kernel" attaches with.
func testProvider(t testing.TB, support Support) *Provider {
	return NewConfig(Config{
		Root:        os.DirFS("testdata/tracefs"),
		Blacklist:   os.DirFS("testdata/debugfs"),
		Proc:        os.DirFS("testdata/proc"),
		Types:       savedTypes(t),
		ModuleTypes: func(string) (*btf.Spec, error) { return nil, errNoBTF },
		Support:     &support,
	})
}

var allSupport = Support{Fentry: true, Kprobe: true, Multi: true}

// The listing keeps each function ftrace can patch, once per module and
// name, and leaves out what the rule in traceable says: compiler copies,
// ftrace's placeholders, tracepoint stubs, the tracing machinery, the
// verifier's deny list and the kprobe blacklist. do_sys_openat2 is
// listed once by ftrace but three times by kallsyms: ambiguous, it attaches by
// address. local_func, listed twice in vmlinux and once in ext4, has no
// address kallsyms gives and the blacklist allows in vmlinux, one in
// ext4.
func TestList(t *testing.T) {
	pv := testProvider(t, allSupport)
	specs, err := pv.Provide(provider.Desc{Provider: "fbt"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range specs {
		got = append(got, s.Module+":"+s.Function+":"+s.Name)
	}
	var want []string
	for _, f := range []string{"vmlinux:vfs_read", "vmlinux:vfs_write", "vmlinux:vfs_readv",
		"vmlinux:do_sys_openat2", "vmlinux:kfree", "vmlinux:ksys_read", "vmlinux:ksys_write_nobtf",
		"ext4:ext4_file_read_iter", "ext4:ext4_file_write_iter", "ext4:local_func"} {
		want = append(want, f+":entry", f+":return")
	}
	if !slices.Equal(got, want) {
		t.Errorf("probes\n%q\nwant\n%q", got, want)
	}
}

// A description selects by module, function and name; a literal
// function is looked up, not matched against every function.
func TestProvide(t *testing.T) {
	pv := testProvider(t, allSupport)
	for _, c := range []struct {
		d    provider.Desc
		want int
	}{
		{provider.Desc{Provider: "fbt", Function: "vfs_read", Name: "entry"}, 1},
		{provider.Desc{Provider: "fbt", Function: "vfs_read"}, 2},
		{provider.Desc{Provider: "fbt", Function: "vfs_*", Name: "return"}, 3},
		{provider.Desc{Provider: "fbt", Module: "ext4"}, 6},
		{provider.Desc{Provider: "fbt", Function: "local_func", Name: "entry"}, 1}, // ext4's (see TestList)
		{provider.Desc{Provider: "fbt", Name: "exit"}, 0},
		{provider.Desc{Provider: "fbt", Function: "do_int3"}, 0},
	} {
		specs, err := pv.Provide(c.d)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, s := range specs {
			if provider.Glob(orAll(c.d.Module), s.Module) && provider.Glob(orAll(c.d.Function), s.Function) && provider.Glob(orAll(c.d.Name), s.Name) {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%s: %d probes, want %d", c.d, n, c.want)
		}
	}
}

func orAll(s string) string {
	if s == "" {
		return "*"
	}
	return s
}

// Without a readable function list, fbt offers nothing: a description
// naming the provider says why, a glob over providers is not broken.
func TestUnlisted(t *testing.T) {
	pv := NewConfig(Config{Root: os.DirFS(t.TempDir()), Types: savedTypes(t), Support: &allSupport})
	if _, err := pv.Provide(provider.Desc{Provider: "fbt", Function: "vfs_read"}); err == nil {
		t.Error("fbt::vfs_read: no error without a function list")
	}
	if specs, err := pv.Provide(provider.Desc{Provider: "*"}); err != nil || len(specs) != 0 {
		t.Errorf("*::: gave %d probes, %v", len(specs), err)
	}
}

// args[] are the BTF prototype's, as `dtrace -l -v` lists them; a return
// probe has the offset and the return value, a void function's only the
// offset; a function BTF does not describe has none.
func TestArgs(t *testing.T) {
	pv := testProvider(t, allSupport)
	reg := provider.NewRegistry(pv)
	for _, c := range []struct {
		fn, name string
		want     []provider.Arg
	}{
		{"vfs_read", "entry", []provider.Arg{{Native: "struct file *"}, {Native: "char *", Mapping: 1}, {Native: "size_t", Mapping: 2}, {Native: "loff_t *", Mapping: 3}}},
		{"vfs_read", "return", []provider.Arg{{Native: "int"}, {Native: "ssize_t", Mapping: 1}}},
		{"kfree", "entry", []provider.Arg{{Native: "const void *"}}},
		{"kfree", "return", []provider.Arg{{Native: "int"}}},
		{"ksys_write_nobtf", "entry", nil},
	} {
		ps, err := reg.Match(provider.Desc{Provider: "fbt", Module: "vmlinux", Function: c.fn, Name: c.name})
		if err != nil || len(ps) != 1 {
			t.Fatalf("%s:%s: %d probes, %v", c.fn, c.name, len(ps), err)
		}
		got, err := pv.Args(ps[0])
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s:%s: args %+v, %v; want %+v", c.fn, c.name, got, err, c.want)
		}
	}
}

// Parameters map to argument registers as the calling convention
// passes them: a struct of up to 16 bytes by value takes two, and is no
// value for args[]; a larger one goes in memory, and nothing after it
// can be mapped. fentry takes six register arguments of integer or
// pointer type, and no variadic function.
func TestProtoSlots(t *testing.T) {
	long := &btf.Int{Name: "long", Size: 8, Encoding: btf.Signed}
	pair := &btf.Struct{Name: "pair", Size: 12}
	big := &btf.Struct{Name: "big", Size: 24}
	params := func(ts ...btf.Type) []btf.FuncParam {
		var ps []btf.FuncParam
		for _, t := range ts {
			ps = append(ps, btf.FuncParam{Type: t})
		}
		return ps
	}
	for _, c := range []struct {
		name   string
		fp     *btf.FuncProto
		slots  int
		args   []provider.Arg
		fentry bool
	}{
		{"six longs", &btf.FuncProto{Return: long, Params: params(long, long, long, long, long, long)}, 6, nil, true},
		{"seven longs", &btf.FuncProto{Return: long, Params: params(long, long, long, long, long, long, long)}, 7, nil, false},
		{"pair by value", &btf.FuncProto{Return: &btf.Void{}, Params: params(long, pair, long)}, 4,
			[]provider.Arg{{Native: "long"}, {Native: "uint64_t", Mapping: 1}, {Native: "long", Mapping: 3}}, false},
		{"big by value", &btf.FuncProto{Return: long, Params: params(long, big, long)}, 1,
			[]provider.Arg{{Native: "long"}}, false},
		{"variadic", &btf.FuncProto{Return: long, Params: params(long, &btf.Void{})}, 1,
			[]provider.Arg{{Native: "long"}}, false},
		{"struct return", &btf.FuncProto{Return: pair, Params: params(long)}, 1,
			[]provider.Arg{{Native: "long"}}, false},
		{"function pointer", &btf.FuncProto{Return: long, Params: params(&btf.Pointer{Target: &btf.FuncProto{Return: long}})}, 1,
			[]provider.Arg{{Native: "long (*)(void)"}}, false},
	} {
		p := protoOfFunc(c.fp)
		if p.slots != c.slots || p.fentry != c.fentry || c.args != nil && !slices.Equal(p.args, c.args) {
			t.Errorf("%s: %d slots, fentry %v, args %+v; want %d, %v, %+v", c.name, p.slots, p.fentry, p.args, c.slots, c.fentry, c.args)
		}
	}
}
