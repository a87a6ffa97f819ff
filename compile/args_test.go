package compile

import (
	"io"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
)

// typedProvider offers fake:::task, whose args[0] is a task translated
// to argsinfo_t, as the stable providers translate their arguments.
type typedProvider struct{}

func (typedProvider) Name() string { return "fake" }
func (typedProvider) Provide(provider.Desc) ([]provider.Offer, error) {
	return []provider.Offer{{Name: "task"}, {Name: "other"}}, nil
}
func (typedProvider) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return ebpf.RawTracepoint, ebpf.AttachNone
}
func (typedProvider) LoadArgs(*provider.Probe) asm.Instructions { return nil }
func (typedProvider) Attach(*provider.Probe, *ebpf.Program) (io.Closer, error) {
	return nil, nil
}
func (typedProvider) Args(p *provider.Probe) ([]provider.Arg, error) {
	if p.Name == "other" {
		return []provider.Arg{{Native: "int"}}, nil
	}
	return []provider.Arg{{Native: "struct task_struct *", Xlate: "argsinfo_t *"}}, nil
}

const argsinfo = `typedef struct argsinfo { int pid; char comm[16]; } argsinfo_t;
translator argsinfo_t < struct task_struct *T > { pid = T->tgid; comm = T->comm; };
`

// TestTranslatedArgs compiles member accesses through a translated
// argument, and refuses the translated value itself, and a clause whose
// probes disagree on args[0].
func TestTranslatedArgs(t *testing.T) {
	cfg := config(t)
	cfg.Registry = provider.NewRegistry(dtraceprov.New(), typedProvider{})
	for _, c := range []struct {
		src, err string
	}{
		{`fake:::task { trace(args[0]->pid); printf("%s\n", args[0]->comm); }`, ""},
		{`fake:::task { trace(args[0]); }`, "a translated struct may only be used to access its members"},
		{`fake::: { trace(args[0]); }`, "args[ ] may not be referenced because probe description fake::: matches an unstable set of probes"},
	} {
		_, err := Compile([]*token.File{token.NewFile("args.d", []byte(argsinfo+c.src))}, cfg)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.src, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want %q", c.src, err, c.err)
		}
	}
}
