package spec

import (
	"reflect"
	"strings"
	"testing"
)

// TestPlainData: a Program holds no live objects of the process that
// compiled it (providers, probes with their providers' state, functions,
// channels), only values, so that it can be kept, compared and loaded
// by another: the loader finds the probes again by ID. cilium/ebpf's
// map and program specs are taken as they are.
func TestPlainData(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type, path string) []string
	walk = func(ty reflect.Type, path string) []string {
		if seen[ty] {
			return nil
		}
		seen[ty] = true
		if strings.HasPrefix(ty.PkgPath(), "github.com/cilium/ebpf") {
			return nil
		}
		switch ty.Kind() {
		case reflect.Interface, reflect.Func, reflect.Chan, reflect.UnsafePointer, reflect.Uintptr:
			return []string{path + " is a " + ty.Kind().String()}
		case reflect.Pointer, reflect.Slice, reflect.Array:
			return walk(ty.Elem(), path+"[]")
		case reflect.Map:
			return append(walk(ty.Key(), path+"{key}"), walk(ty.Elem(), path+"{}")...)
		case reflect.Struct:
			var bad []string
			for i := range ty.NumField() {
				f := ty.Field(i)
				if !f.IsExported() {
					bad = append(bad, path+"."+f.Name+" is unexported")
					continue
				}
				bad = append(bad, walk(f.Type, path+"."+f.Name)...)
			}
			return bad
		}
		return nil
	}
	for _, b := range walk(reflect.TypeFor[Program](), "Program") {
		t.Error(b)
	}
}
