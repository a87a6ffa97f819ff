package compile

import (
	"errors"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/token"
)

// TestLinkMode checks which kernel symbols each link mode leaves to the
// loader, and that one left so is an error (D_ASRELO, at its line)
// unless knodefs allows it: "dynamic" leaves all, "primary" those of
// modules, "kernel" and "static" none.
func TestLinkMode(t *testing.T) {
	syms := map[string]check.KernelSymbol{
		"vfs_read":  {Module: "vmlinux", Name: "vfs_read", Addr: 0xffffffff81000000, Func: true},
		"ext4_sync": {Module: "ext4", Name: "ext4_sync", Addr: 0xffffffffc0000000, Func: true},
	}
	for _, tc := range []struct {
		mode    string
		knodefs bool
		sym     string
		want    string // "" for no error
	}{
		{"", false, "vfs_read", ""},
		{"kernel", false, "ext4_sync", ""},
		{"static", false, "ext4_sync", ""},
		{"dynamic", false, "vfs_read", "relocation remains against kernel symbol vmlinux`vfs_read"},
		{"dynamic", false, "ext4_sync", "relocation remains against kernel symbol ext4`ext4_sync"},
		{"dynamic", true, "vfs_read", ""},
		{"primary", false, "vfs_read", ""},
		{"primary", false, "ext4_sync", "relocation remains against kernel symbol ext4`ext4_sync"},
		{"primary", true, "ext4_sync", ""},
	} {
		cfg := config(t)
		cfg.LinkMode, cfg.KernelNoDefs = tc.mode, tc.knodefs
		cfg.KernelSymbol = func(module, name string) (check.KernelSymbol, error) {
			if s, ok := syms[name]; ok {
				return s, nil
			}
			return check.KernelSymbol{}, errors.New("Unknown symbol name")
		}
		src := "BEGIN\n{\n\ttrace((uint64_t)&`" + tc.sym + ");\n}\n"
		_, err := Compile([]*token.File{token.NewFile("t.d", []byte(src))}, cfg)
		var l ErrorList
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("linkmode %q, knodefs %v, %s: %v", tc.mode, tc.knodefs, tc.sym, err)
		case tc.want != "" && (!errors.As(err, &l) || l[0].Tag != "D_ASRELO" || l[0].Line != 3 || !strings.HasPrefix(l[0].Msg, tc.want+" (offset 0x")):
			t.Errorf("linkmode %q, knodefs %v, %s: %#v, want D_ASRELO at line 3: %s", tc.mode, tc.knodefs, tc.sym, err, tc.want)
		}
	}
}
