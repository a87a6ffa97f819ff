package dtrace

import (
	"io/fs"
	"slices"
	"strings"

	"github.com/godtrace/godtrace/dlib"
	"github.com/godtrace/godtrace/lang/ast"
)

// Compiling the embedded libraries is most of what a small program
// costs to compile (parsing 40 KiB of D, then checking it), and a
// program that names nothing they declare compiles, and runs, the same
// without them: they add declarations and translators, no clauses and
// no options. So when they are the only libraries, they are compiled
// only for a program that names one of their declarations
// (dlib.Names), or uses args[], which a stable provider's probes
// translate with their translators. Anything on disk (a -L directory's
// library, /usr/lib/dtrace's) is compiled as DTrace compiles it, and so
// are the embedded libraries beside it, whose names it may use.

// translatedArgs is the word that reads a probe's translated arguments.
const translatedArgs = "args"

// diskLibraries reports whether any of dirs but the embedded libraries
// has a library file.
func diskLibraries(dirs []libDir) bool {
	for _, d := range dirs {
		if d.rank == rankEmbedded {
			continue
		}
		ents, err := fs.ReadDir(d.fsys, ".")
		if err != nil {
			continue
		}
		for _, e := range ents {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".d") {
				return true
			}
		}
	}
	return false
}

// namesLibrary reports whether texts (the sources, preprocessed) or the
// macro arguments hold a word that the embedded libraries declare, or
// args. It reads words as identifiers, wherever they are (comments and
// strings too): a word too many only compiles the libraries.
func namesLibrary(texts [][]byte, args []string) bool {
	for _, a := range args {
		if wordsName(a) {
			return true
		}
	}
	for _, t := range texts {
		if wordsName(string(t)) {
			return true
		}
	}
	return false
}

// wordsName reports whether s holds a word that the embedded libraries
// declare, or args.
func wordsName(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if !isWordByte(c) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		if w := s[i:j]; !isDigit(c) && (w == translatedArgs || declaredByLibrary(w)) {
			return true
		}
		i = j
	}
	return false
}

func declaredByLibrary(w string) bool {
	_, found := slices.BinarySearch(dlib.Names, w)
	return found
}

func isWordByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// declaredNames returns the names a library's declarations make known:
// variables, inlines, typedefs, the tags, members and enumerators of the
// types it defines, the types it translates to, and providers. A type it
// only refers to (int, struct task_struct) is not among them.
func declaredNames(prog *ast.Program) []string {
	var names []string
	var declarator func(d *ast.Declarator)
	declarator = func(d *ast.Declarator) {
		for ; d != nil; d = d.Inner {
			if d.Name != "" {
				names = append(names, d.Name)
			}
		}
	}
	var typ func(t *ast.TypeExpr)
	typ = func(t *ast.TypeExpr) {
		if t == nil || t.Members == nil && t.Enums == nil {
			return
		}
		names = append(names, typeWord(t.Name))
		for _, m := range t.Members {
			declarator(m.Decl)
			typ(m.Type)
		}
		for _, e := range t.Enums {
			names = append(names, e.Name)
		}
	}
	for _, d := range prog.Decls {
		switch d := d.(type) {
		case *ast.VarDecl:
			typ(d.Type)
			for _, n := range d.Names {
				declarator(n)
			}
		case *ast.TypeDecl:
			typ(d.Type)
			for _, n := range d.Names {
				declarator(n)
			}
		case *ast.InlineDecl:
			typ(d.Type)
			declarator(d.Decl)
		case *ast.TranslatorDecl:
			typ(d.Out)
			names = append(names, typeWord(d.Out.Name))
		case *ast.ProviderDecl:
			names = append(names, d.Name)
		}
	}
	return names
}

// typeWord is the identifier of a type's name: "psinfo" of
// "struct psinfo", "psinfo_t" of "psinfo_t".
func typeWord(name string) string {
	if i := strings.LastIndexByte(name, ' '); i >= 0 {
		return name[i+1:]
	}
	return name
}
