package dtrace

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/option"
)

func TestCPPArgs(t *testing.T) {
	const fixed = "-D__linux -D__unix -D__SVR4 -D__SUNW_D=1 -U__GNUC__ -D__SUNW_D_64 -D__Linux"
	tests := []struct {
		opts   []string // -x arguments, in order
		goarch string
		want   string
	}{
		{nil, "amd64", fixed + " -D__amd64 -D__SUNW_D_VERSION=0x02000001 -std=c99"},
		{nil, "arm64", fixed + " -D__SUNW_D_VERSION=0x02000001 -std=c99"},
		// -D, -U, -I and -H come after DTrace's own macros, in order, so
		// that -U__linux undoes -D__linux.
		{[]string{"define=X=5", "undef=__linux", "incdir=/inc", "cpphdrs", "define=Y"}, "amd64",
			fixed + " -D__amd64 -DX=5 -U__linux -I/inc -H -DY -D__SUNW_D_VERSION=0x02000001 -std=c99"},
		{[]string{"version=1.2.2"}, "amd64", fixed + " -D__amd64 -D__SUNW_D_VERSION=0x01002002 -std=c99"},
		{[]string{"stdc=s"}, "amd64", fixed + " -D__amd64 -D__SUNW_D_VERSION=0x02000001 -traditional-cpp"},
		{[]string{"stdc=c"}, "amd64", fixed + " -D__amd64 -D__SUNW_D_VERSION=0x02000001"},
		{[]string{"stdc=t"}, "amd64", fixed + " -D__amd64 -D__SUNW_D_VERSION=0x02000001"},
	}
	for _, tt := range tests {
		o := option.New()
		for _, x := range tt.opts {
			if err := o.SetArg(x); err != nil {
				t.Fatal(err)
			}
		}
		if got := strings.Join(cppArgs(o, tt.goarch), " "); got != tt.want {
			t.Errorf("cppArgs(%q, %s):\ngot  %s\nwant %s", tt.opts, tt.goarch, got, tt.want)
		}
	}
}

func TestVersionNumber(t *testing.T) {
	for v, want := range map[string]uint32{
		"1.13": 0x0100d000, "1.0": 0x01000000, "2": 0x02000000, "1.6.3": 0x01006003, "255.4095.4095": 0xffffffff,
	} {
		if got := versionNumber(v); got != want {
			t.Errorf("versionNumber(%q) = %#x, want %#x", v, got, want)
		}
	}
}

func TestCPPInput(t *testing.T) {
	tests := []struct{ text, want string }{
		{"BEGIN {}\n", "BEGIN {}\n"},
		// The interpreter line goes, its newline stays.
		{"#!/usr/sbin/dtrace -s\nBEGIN {}\n", "\nBEGIN {}\n"},
		{"#!/usr/sbin/dtrace -s", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := string(cppInput([]byte(tt.text))); got != tt.want {
			t.Errorf("cppInput(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// needCPP skips a test when the system has no C preprocessor.
func needCPP(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("cpp"); err != nil {
		t.Skip("no cpp on PATH (Debian package cpp)")
	}
}

func TestPreprocess(t *testing.T) {
	needCPP(t)
	h, _ := Open()
	h.Options.SetArg("define=X=5")
	var stderr bytes.Buffer
	h.Stderr = &stderr
	src := "#!/usr/sbin/dtrace -Cs\n" +
		"#if defined(__linux) && defined(__SUNW_D) && __SUNW_D_VERSION >= 0x01000000 && !defined(__GNUC__)\n" +
		"BEGIN { x = X; }\n" +
		"#endif\n"
	out, err := h.preprocess("dir/x.d", []byte(src))
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	if !bytes.Contains(out, []byte("BEGIN { x = 5; }")) {
		t.Errorf("output lacks the expanded clause:\n%s", out)
	}
	if !bytes.Contains(out, []byte(`# 1 "/dev/stdin"`)) {
		t.Errorf("output does not name /dev/stdin in a line marker:\n%s", out)
	}

	_, err = h.preprocess("dir/x.d", []byte("#include \"nonexistent.h\"\n"))
	if err == nil || err.Error() != errCPPFailed {
		t.Errorf("missing header: error %v, want %q", err, errCPPFailed)
	}
	if !strings.Contains(stderr.String(), "/dev/stdin:1:") {
		t.Errorf("cpp's message does not name /dev/stdin: %q", stderr.String())
	}

	for path, want := range map[string]string{
		"/nonexistent/cpp":    errCPPNotFound,
		"no-such-cpp-on-path": errCPPNotFound,
		"/dev/null":           errCPPExec,
	} {
		h.Options.SetArg("cpppath=" + path)
		if _, err := h.preprocess("x.d", nil); err == nil || err.Error() != want {
			t.Errorf("cpppath=%s: error %v, want %q", path, err, want)
		}
	}
}
