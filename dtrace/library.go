package dtrace

import (
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/godtrace/godtrace/dlib"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/option"
)

// DTrace compiles every *.d file of its library directories before the
// first program, so that programs can use the inlines, types and
// translators they declare. These are the rules libdtrace follows
// (dt_load_libs() in dt_cc.c) and this file reproduces:
//
//   - The directories are the -L (libdir) directories in the order given,
//     then the system directory (/usr/lib/dtrace, or -x syslibdir). A
//     missing directory, or a file that cannot be read, is skipped.
//   - Only the first file of a given name is used, so a -L directory can
//     replace a system library.
//   - "#pragma D depends_on library x.d" makes x.d compile first. A
//     cycle is an error.
//   - A library that depends on a provider, kernel module or library that
//     is absent (or itself skipped) is skipped without a word, since a
//     library directory may hold libraries for other machines.
//   - -x nolibs compiles no library.
//
// godtrace's own libraries (package dlib) are embedded in the binary and
// stand for the contents of the system directory: they are named as if
// they were there, and a file of the same name on disk replaces one.
//
// DTrace compiles libraries that do not depend on each other in
// directory order, which is readdir order and so unspecified. Here the
// order is fixed: the embedded libraries, then the system directory, then
// the -L directories, each sorted by name. Libraries in -L directories
// can therefore use the embedded ones without a depends_on pragma.

// The ranks of the library directories: their libraries' place in the
// compile order.
const (
	rankEmbedded = iota
	rankSystem
	rankLibDir
)

// libDir is one library directory.
type libDir struct {
	path string // prefix of the library file names
	fsys fs.FS
	rank int // place of the directory's libraries in the compile order
}

// library is one library file to compile.
type library struct {
	path string // directory path + "/" + name, as DTrace names it
	name string
	text []byte
	rank int // from its libDir
	deps []dependency
}

// libLoader finds the libraries to compile, in order.
type libLoader struct {
	dirs    []libDir // in precedence order: the first file of a name wins
	present func(class, name string) bool
}

// libraryDirs returns the directories h compiles libraries from, in
// precedence order.
func (h *Handle) libraryDirs() []libDir {
	sys := h.Options.String(option.SysLibDir)
	var dirs []libDir
	for _, d := range h.Options.Strings(option.LibDir) {
		dirs = append(dirs, libDir{path: d, fsys: os.DirFS(d), rank: rankLibDir})
	}
	return append(dirs,
		libDir{path: sys, fsys: os.DirFS(sys), rank: rankSystem},
		libDir{path: sys, fsys: dlib.FS(), rank: rankEmbedded})
}

// libraries returns the library files of dirs to compile before the
// program, in compile order.
func (h *Handle) libraries(dirs []libDir) ([]*token.File, error) {
	l := &libLoader{dirs: dirs, present: h.present}
	return l.load()
}

// load finds, orders and filters the libraries.
func (l *libLoader) load() ([]*token.File, error) {
	libs := l.find()
	order, err := sortLibraries(libs)
	if err != nil {
		return nil, err
	}
	loaded := map[string]bool{}
	var files []*token.File
	for _, lib := range order {
		ok, err := l.satisfied(lib, loaded)
		if err != nil {
			err.File = lib.path
			return nil, err
		}
		if ok {
			loaded[lib.name] = true
			files = append(files, token.NewFile(lib.path, lib.text))
		}
	}
	return files, nil
}

// find lists the *.d files of every directory, keeping the first of each
// name, and reads their depends_on pragmas.
func (l *libLoader) find() []*library {
	seen := map[string]bool{}
	var libs []*library
	for _, d := range l.dirs {
		ents, err := fs.ReadDir(d.fsys, ".")
		if err != nil {
			continue // DTrace skips a directory it cannot open
		}
		for _, e := range ents {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".d") || seen[name] {
				continue
			}
			text, err := fs.ReadFile(d.fsys, name)
			if err != nil {
				continue
			}
			seen[name] = true
			lib := &library{path: d.path + "/" + name, name: name, text: text, rank: d.rank}
			lib.deps = dependencies(token.NewFile(lib.path, text))
			libs = append(libs, lib)
		}
	}
	return libs
}

// satisfied goes through lib's depends_on pragmas in order, as DTrace's
// compile of the library does: a missing dependency skips the library
// (ok false), a malformed pragma is an error.
func (l *libLoader) satisfied(lib *library, loaded map[string]bool) (bool, *CompileError) {
	for _, d := range lib.deps {
		switch {
		case d.err != nil:
			e := *d.err
			return false, &e
		case d.class == "library":
			if !loaded[d.name] {
				return false, nil
			}
		case !l.present(d.class, d.name):
			return false, nil
		}
	}
	return true, nil
}

// sortLibraries orders libs so that each comes after the libraries it
// depends on, and otherwise by rank, then in the order found. A
// dependency on a library that is not there adds no edge: satisfied
// skips the library.
func sortLibraries(libs []*library) ([]*library, error) {
	byName := map[string]*library{}
	for _, lib := range libs {
		byName[lib.name] = lib
	}
	start := append([]*library(nil), libs...)
	sort.SliceStable(start, func(i, j int) bool { return start[i].rank < start[j].rank })
	const (
		unvisited = iota
		visiting
		done
	)
	state := map[*library]int{}
	var order []*library
	var visit func(lib *library) error
	visit = func(lib *library) error {
		state[lib] = visiting
		for _, d := range lib.deps {
			dep := byName[d.name]
			if d.class != "library" || dep == nil {
				continue
			}
			switch state[dep] {
			case visiting:
				return &CompileError{Msg: fmt.Sprintf("Cyclic dependency detected: %s => %s", dep.path, lib.path)}
			case unvisited:
				if err := visit(dep); err != nil {
					return err
				}
			}
		}
		state[lib] = done
		order = append(order, lib)
		return nil
	}
	for _, lib := range start {
		if state[lib] == unvisited {
			if err := visit(lib); err != nil {
				return nil, err
			}
		}
	}
	return order, nil
}
