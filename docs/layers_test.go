package docs

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/godtrace/godtrace/"

// TestLayers checks the promise of ARCHITECTURE.md's pipeline that the
// front end stands on its own: the D packages (lang/...) and the printf
// formatter they validate with (format) depend, directly or not, on no
// back-end package: not on the program the compiler builds (spec), nor on
// the compiler, the loader, the providers or the library.
func TestLayers(t *testing.T) {
	backEnd := []string{"spec", "compile", "load", "provider", "consume", "dtrace", "output", "ksym", "uproc"}
	for _, front := range []string{"lang/ast", "lang/scanner", "lang/parser", "lang/check", "lang/tag", "lang/token", "format", "abi"} {
		for _, dep := range moduleDeps(t, front) {
			for _, b := range backEnd {
				if dep == b || strings.HasPrefix(dep, b+"/") {
					t.Errorf("%s depends on %s", front, dep)
				}
			}
		}
	}
}

// TestCompilerProviders checks that the compiler knows providers only
// through package provider's interfaces and the registry it is given,
// not any provider's own package.
func TestCompilerProviders(t *testing.T) {
	for _, dep := range moduleDeps(t, "compile") {
		if strings.HasPrefix(dep, "provider/") {
			t.Errorf("compile depends on %s", dep)
		}
	}
}

// moduleDeps returns the module's packages that pkg imports, directly
// or not, from their non-test files.
func moduleDeps(t *testing.T, pkg string) []string {
	seen := map[string]bool{}
	var deps []string
	var walk func(string)
	walk = func(p string) {
		files, err := filepath.Glob(filepath.Join("..", p, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("package %s: no Go files", p)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range ast.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				dep, ok := strings.CutPrefix(path, module)
				if !ok || seen[dep] {
					continue
				}
				seen[dep] = true
				deps = append(deps, dep)
				walk(dep)
			}
		}
	}
	walk(pkg)
	return deps
}
