package dtrace

import (
	"strings"
	"testing"
	"testing/fstest"
)

// loadNames runs a libLoader over the given directories (in precedence
// order) and returns the chosen libraries' paths in compile order. Only
// the provider "dtrace" and the module "vmlinux" are present.
func loadNames(t *testing.T, dirs ...libDir) (string, error) {
	t.Helper()
	l := &libLoader{dirs: dirs, present: func(class, name string) bool {
		return class == "provider" && name == "dtrace" || class == "module" && name == "vmlinux"
	}}
	files, err := l.load()
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	return strings.Join(names, " "), err
}

func dir(path string, rank int, files map[string]string) libDir {
	fsys := fstest.MapFS{}
	for name, text := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return libDir{path: path, fsys: fsys, rank: rank}
}

func TestLibraryOrder(t *testing.T) {
	tests := []struct {
		name string
		dirs []libDir
		want string
	}{
		{"sorted by name", []libDir{dir("/sys", 1, map[string]string{"b.d": "", "a.d": "", "c.txt": ""})},
			"/sys/a.d /sys/b.d"},
		{"depends_on orders", []libDir{dir("/sys", 1, map[string]string{
			"a.d": "#pragma D depends_on library c.d\n",
			"b.d": "",
			"c.d": "#pragma D depends_on library b.d\n",
		})}, "/sys/b.d /sys/c.d /sys/a.d"},
		// Embedded (rank 0) first, then the system directory, then -L;
		// but a -L file replaces a system file of the same name.
		{"ranks and precedence", []libDir{
			dir("/L", 2, map[string]string{"errno.d": "", "mine.d": ""}),
			dir("/sys", 1, map[string]string{"errno.d": "", "io.d": ""}),
			dir("/sys", 0, map[string]string{"errno.d": "", "signal.d": ""}),
		}, "/sys/signal.d /sys/io.d /L/errno.d /L/mine.d"},
		{"dependency across ranks", []libDir{
			dir("/L", 2, map[string]string{"a.d": ""}),
			dir("/sys", 0, map[string]string{"z.d": "#pragma D depends_on library a.d\n"}),
		}, "/L/a.d /sys/z.d"},
		// Missing dependencies skip a library, and what depends on it.
		{"missing provider", []libDir{dir("/sys", 1, map[string]string{
			"a.d": "#pragma D depends_on provider nosuch\n",
			"b.d": "#pragma D depends_on library a.d\n",
			"c.d": "#pragma D depends_on provider dtrace\n#pragma D depends_on module vmlinux\n",
			"d.d": "#pragma D depends_on module nosuch\n",
			"e.d": "#pragma D depends_on library nosuch.d\n",
		})}, "/sys/c.d"},
		{"unreadable directory", []libDir{{path: "/nonexistent", fsys: fstest.MapFS(nil), rank: 2},
			dir("/sys", 1, map[string]string{"a.d": ""})}, "/sys/a.d"},
		{"directory named .d", []libDir{dir("/sys", 1, map[string]string{"sub.d/x.d": "", "a.d": ""})}, "/sys/a.d"},
	}
	for _, tt := range tests {
		got, err := loadNames(t, tt.dirs...)
		if err != nil || got != tt.want {
			t.Errorf("%s: got %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

func TestLibraryErrors(t *testing.T) {
	tests := []struct {
		files map[string]string
		want  CompileError
	}{
		{map[string]string{
			"a.d": "#pragma D depends_on library b.d\n",
			"b.d": "#pragma D depends_on library a.d\n",
		}, CompileError{Msg: "Cyclic dependency detected: /sys/a.d => /sys/b.d"}},
		{map[string]string{"a.d": "\n#pragma D depends_on library\n"},
			CompileError{File: "/sys/a.d", Line: 2, Tag: "D_PRAGMA_MALFORM", Msg: "malformed #pragma depends_on <class> <name>"}},
		{map[string]string{"a.d": "#pragma D depends_on library \"b.d\"\n", "b.d": ""},
			CompileError{File: "/sys/a.d", Line: 1, Tag: "D_PRAGMA_MALFORM", Msg: "malformed #pragma depends_on <class> <name>"}},
		{map[string]string{"a.d": "#pragma D depends_on file b.d\n"},
			CompileError{File: "/sys/a.d", Line: 1, Tag: "D_PRAGMA_INVAL", Msg: "invalid class file specified by #pragma depends_on"}},
		// The first pragma decides: a library skipped for a missing
		// provider is not compiled, so its later mistakes do not count.
		{map[string]string{"a.d": "#pragma D depends_on provider nosuch\n#pragma D depends_on x\n"}, CompileError{}},
	}
	for _, tt := range tests {
		_, err := loadNames(t, dir("/sys", 1, tt.files))
		var got CompileError
		if err != nil {
			ce, ok := err.(*CompileError)
			if !ok {
				t.Errorf("%v: error %T %v, want a *CompileError", tt.files, err, err)
				continue
			}
			got = *ce
		}
		if got != tt.want {
			t.Errorf("%v:\ngot  %+v\nwant %+v", tt.files, got, tt.want)
		}
	}
}

func TestNoLibs(t *testing.T) {
	h, _ := Open()
	h.Options.SetArg("nolibs")
	if _, err := h.parse([]Source{{Text: []byte("BEGIN { trace(EPERM); }")}}, nil); err != nil || h.nlibs != 0 {
		t.Errorf("with nolibs: %d libraries, %v", h.nlibs, err)
	}
	h, _ = Open()
	h.Options.SetArg("syslibdir=/nonexistent")
	files, err := h.libraries(h.libraryDirs())
	if err != nil || len(files) < 2 {
		t.Fatalf("without nolibs: %d libraries, %v; want the embedded errno.d and signal.d", len(files), err)
	}
	for _, f := range files {
		if !strings.HasPrefix(f.Name, "/nonexistent/") {
			t.Errorf("embedded library named %s, want it in the system directory", f.Name)
		}
	}
}
