package syscall

import (
	"strings"

	"github.com/godtrace/godtrace/provider"
)

// retType is the type of a return probe's args[0] and args[1]: the
// tracepoint's ret field, a long, which is what Oracle's DTrace gives
// syscall:::return's args[0].
const retType = "long"

// Args implements provider.Typed: an entry probe's arguments have the C
// types of the format's fields, as the kernel's SYSCALL_DEFINE declares
// them ("const char *", "size_t"); a return probe's two are the return
// value.
func (pv *Provider) Args(p *provider.Probe) ([]provider.Arg, error) {
	ev, ok := p.Data.(*event)
	if !ok {
		return nil, nil
	}
	if pv.parse(ev); ev.err != nil {
		return nil, ev.err
	}
	args := make([]provider.Arg, len(ev.args))
	for i, f := range ev.args {
		t := strings.Join(strings.Fields(f.Type), " ")
		if p.Name == ret {
			t = retType
		}
		args[i] = provider.Arg{Native: t, Mapping: i}
	}
	return args, nil
}

// Attributes implements provider.Attributed with the syscall provider's
// stability in DTrace: Evolving provider and probe names, the function
// names (system calls) and their arguments Private to the ISA.
func (*Provider) Attributes() provider.Attributes { return provider.EvolvingISA }
