// Package docs holds the project's documents; its test keeps
// ARCHITECTURE.md's package table true to the tree.
package docs

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestPackageTable checks that ARCHITECTURE.md's package table names
// every package of the module, and names no package that does not
// exist.
func TestPackageTable(t *testing.T) {
	doc, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(doc), "\n## Packages\n")
	section, _, _ = strings.Cut(section, "\n## ")
	var table []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z][a-z0-9/]*)` \\|").FindAllStringSubmatch(section, -1) {
		table = append(table, m[1])
	}
	var pkgs []string
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != ".." && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		if dir := filepath.ToSlash(filepath.Dir(path)); dir != ".." {
			pkgs = append(pkgs, strings.TrimPrefix(dir, "../"))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(pkgs)
	pkgs = slices.Compact(pkgs)
	for _, p := range pkgs {
		if !slices.Contains(table, p) {
			t.Errorf("package %s is not in ARCHITECTURE.md's package table", p)
		}
	}
	for _, p := range table {
		if !slices.Contains(pkgs, p) {
			t.Errorf("ARCHITECTURE.md's package table names %s, which is not a package", p)
		}
	}
}

// maxLines is the most lines a non-test Go file may have: past it, a
// file holds more than one topic and is split by topic.
const maxLines = 800

// TestFileSizes checks that no non-test Go file passes maxLines.
func TestFileSizes(t *testing.T) {
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != ".." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if n := bytes.Count(b, []byte("\n")); n > maxLines {
			t.Errorf("%s has %d lines, more than %d: split it by topic", path, n, maxLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
