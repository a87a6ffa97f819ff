package dtrace

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/option"
)

// Version is the D API version that dtrace -V reports: Oracle Linux
// DTrace's, whose D this compiler implements ("Oracle D 2.0").
const Version = "2.0"

// LatestVersion is the newest D language version defined, Oracle's
// DT_VERS_LATEST: -x version accepts it, and it is __SUNW_D_VERSION to
// the C preprocessor unless -x version names another.
const LatestVersion = "2.0.1"

// The messages for the libdtrace errors EDT_CPPENT, EDT_CPPEXEC and
// EDT_CPPERR (dt_error.c). The preprocessor's own diagnostics go to
// standard error before them.
const (
	errCPPNotFound = "Preprocessor not found"
	errCPPExec     = "Failed to exec preprocessor"
	errCPPFailed   = "Preprocessor failed to process input program"
)

// cppStdin is the name DTrace gives cpp for the script it feeds on
// standard input: cpp's messages and line markers say "/dev/stdin", and a
// marker naming it brings the lines back to the script itself (Oracle's
// dt_pragma_line()).
const cppStdin = "/dev/stdin"

// preprocess runs the C preprocessor over the script file name, whose
// text is text, as dtrace -C does, and returns its output. Like DTrace it
// runs the system cpp (-x cpppath) with the arguments of cppArgs and the
// input file /dev/stdin, where it feeds the text, leaving a "#!" first
// line out. The preprocessor's diagnostics, and the headers -H lists, go
// to h.Stderr.
func (h *Handle) preprocess(name string, text []byte) ([]byte, error) {
	path := h.Options.String(option.CPPPath)
	cmd := exec.Command(path, append(cppArgs(h.Options, runtime.GOARCH), cppStdin)...)
	cmd.Args[0] = filepath.Base(path) // as DTrace passes it
	cmd.Stdin = bytes.NewReader(cppInput(text))
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = h.stderr()
	h.debugf("preprocessing %s: %s %s", name, path, strings.Join(cmd.Args[1:], " "))
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return out.Bytes(), nil
	case errors.As(err, &exit):
		return nil, errors.New(errCPPFailed)
	case errors.Is(err, exec.ErrNotFound), errors.Is(err, fs.ErrNotExist):
		return nil, errors.New(errCPPNotFound)
	}
	return nil, errors.New(errCPPExec)
}

// cppInput is what cpp reads for a script: its text with any "#!"
// interpreter line emptied (cpp would choke on it), keeping the newline
// so that line numbers stay the user's.
func cppInput(text []byte) []byte {
	if bytes.HasPrefix(text, []byte("#!")) {
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			return text[i:]
		}
		return nil
	}
	return text
}

// cppArgs returns the preprocessor's arguments after argv[0], in the
// order Linux DTrace (Oracle's libdtrace, dt_open.c and dt_preproc())
// passes them:
//
//   - the macros DTrace defines on Linux: __linux, __unix, __SVR4,
//     __SUNW_D=1, __SUNW_D_64 (for a 64-bit dtrace), __Linux (from the
//     system name), and __amd64 on x86-64;
//   - -U__GNUC__, since a D program is not compiled by GCC;
//   - the -D, -U, -I and -H options, in the order given;
//   - __SUNW_D_VERSION, the D version as 0xMMmmmuuu (-x version lowers
//     it);
//   - -std=c99 for -X a (the default) or -traditional-cpp for -X s.
//
// GNU cpp adds its own target macros (__x86_64__, _LP64, __linux__ ...),
// as it does under DTrace. godtrace only compiles for the 64-bit data
// model, so neither __i386 nor _ILP32 ever applies.
func cppArgs(o *option.Options, goarch string) []string {
	args := []string{
		"-D__linux", "-D__unix", "-D__SVR4", "-D__SUNW_D=1", "-U__GNUC__",
		"-D__SUNW_D_" + strconv.Itoa(strconv.IntSize), "-D__Linux",
	}
	if goarch == "amd64" {
		args = append(args, "-D__amd64")
	}
	args = append(args, o.CPPArgs()...)
	v := o.String(option.Version)
	if v == "" {
		v = LatestVersion
	}
	args = append(args, fmt.Sprintf("-D__SUNW_D_VERSION=0x%08x", versionNumber(v)))
	switch o.String(option.StdC) {
	case "a":
		args = append(args, "-std=c99")
	case "s":
		args = append(args, "-traditional-cpp")
	}
	return args
}

// versionNumber encodes "major[.minor[.micro]]" as DTrace's
// DT_VERSION_NUMBER does: major<<24 | minor<<12 | micro. The option
// package has already checked the syntax and limits.
func versionNumber(v string) uint32 {
	var n [3]uint32
	for i, f := range strings.SplitN(v, ".", 3) {
		x, _ := strconv.ParseUint(f, 10, 32)
		n[i] = uint32(x)
	}
	return n[0]<<24 | n[1]<<12 | n[2]
}
