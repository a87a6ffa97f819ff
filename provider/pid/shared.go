package pid

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
)

// A shared program serves the probes of one object and kind: for
// pid$target:libc.so.6::entry, one program and one uprobe_multi link
// for its thousands of functions, instead of a program each. The
// probes are told apart by the cookie's low half (provider.Numbered).

// groupName names the group of a probe: "entry:/usr/lib/.../libc.so.6".
// Offset probes have their own groups: their stacks are walked as
// anywhere in a function, entry probes' as at its first instruction
// (UserEntrySP); and since a group's probes share their name, a group
// per offset ("offset:1a:/usr/lib/...").
func groupName(pr *probe) string {
	switch pr.kind {
	case atReturn:
		return returnName + ":" + pr.obj.path
	case atOffset:
		return "offset:" + strconv.FormatUint(pr.off, 16) + ":" + pr.obj.path
	}
	return entryName + ":" + pr.obj.path
}

func groupReturns(group string) bool { return strings.HasPrefix(group, returnName+":") }

// Share implements provider.Shared.
func (pv *Provider) Share(p *provider.Probe) (string, uint32, bool) {
	pr := probeOf(p)
	if pr == nil {
		return "", 0, false
	}
	return groupName(pr), 0, true
}

// MinShared implements provider.Numbered.
func (*Provider) MinShared(string) int { return provider.MinShared }

// SharedUsable implements provider.Shared.
func (*Provider) SharedUsable(string) bool { return true }

// SharedProgramType implements provider.Shared.
func (pv *Provider) SharedProgramType(string) (ebpf.ProgramType, ebpf.AttachType) {
	return pv.support.programType()
}

// LoadSelector implements provider.Shared: the cookie's low half.
func (*Provider) LoadSelector(string) asm.Instructions {
	return asm.Instructions{
		asm.Mov.Reg(asm.R1, asm.R6),
		asm.FnGetAttachCookie.Call(),
		asm.Mov.Reg32(asm.R0, asm.R0),
	}
}

// SharedGuard implements provider.Shared: none; the kernel filters by
// process.
func (*Provider) SharedGuard(string) asm.Instructions { return nil }

// LoadSharedArgs implements provider.Shared.
func (*Provider) LoadSharedArgs(group string) asm.Instructions {
	if groupReturns(group) {
		return returnArgs()
	}
	return entryArgs()
}

// SharedArgCount implements provider.Shared: every probe has the
// arguments its group loads.
func (*Provider) SharedArgCount(p *provider.Probe) int {
	if probeOf(p).kind == atReturn {
		return 2
	}
	return provider.NArgs
}

// AttachShared implements provider.Shared; pid's groups attach through
// AttachNumbered.
func (*Provider) AttachShared(group string, _ *ebpf.Program) (io.Closer, error) {
	return nil, fmt.Errorf("pid: group %s attaches by number", group)
}

// AttachNumbered implements provider.Numbered.
func (pv *Provider) AttachNumbered(group string, probes []*provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	prs := make([]*probe, len(probes))
	for i, p := range probes {
		prs[i] = probeOf(p)
	}
	return pv.attach(prs[0].obj, prog, prs)
}
