package compile

import (
	"strings"
	"testing"
)

// cleanpathDTrace is illumos's cleanpath() loop, written out in Go: the
// reference the state machine must agree with. dest starts zeroed, as
// the generated code's work buffer does.
func cleanpathDTrace(src string, size int) string {
	dest := make([]byte, size+8)
	i, j := 0, 0
	load := func() byte {
		if i >= len(src) || i >= size {
			i++
			return 0
		}
		c := src[i]
		i++
		return c
	}
	var c byte
	for {
		c = load()
	next:
		if j+5 >= size {
			break
		}
		if c != '/' {
			dest[j] = c
			j++
			if c == 0 {
				break
			}
			continue
		}
		c = load()
		if c == '/' {
			goto next
		}
		if c != '.' {
			dest[j], dest[j+1] = '/', c
			j += 2
			if c == 0 {
				break
			}
			continue
		}
		c = load()
		if c == '/' {
			goto next
		}
		if c != '.' {
			dest[j], dest[j+1], dest[j+2] = '/', '.', c
			j += 3
			if c == 0 {
				break
			}
			continue
		}
		c = load()
		if c != '/' && c != 0 {
			dest[j], dest[j+1], dest[j+2], dest[j+3] = '/', '.', '.', c
			j += 4
			continue
		}
		i--
		for j != 0 {
			j--
			if dest[j] == '/' {
				break
			}
		}
		if c == 0 {
			j++
			dest[j] = '/'
			break
		}
	}
	dest[j] = 0
	s := string(dest)
	return s[:strings.IndexByte(s, 0)]
}

// cleanpathMachine runs cleanpath()'s tables as the generated code does.
func cleanpathMachine(src string, size int) string {
	work := make([]byte, size+8)
	last := make([]uint16, size+8)
	st, j := 0, 0
	step := func(st, cl int) uint64 {
		off := 8 * (st*classes + cl)
		var w uint64
		for k := range 8 {
			w |= uint64(cleanpathSteps[off+k]) << (8 * k)
		}
		return w
	}
	m := min(roundUp(len(src)+1, 8), size)
	for i := 0; i <= m; i++ {
		var c byte
		if i < len(src) && i < m {
			c = src[i]
		}
		s := step(st, int(cleanpathClasses[c]))
		back := int(s>>stepBack) & 3
		if back != 0 {
			j = int(last[j]) + back - 1
		}
		if s>>stepCheck&1 != 0 && j+5 >= size {
			break
		}
		w := uint64(c) << (8 * st)
		for k := range len(cleanpathPrefix[st]) {
			w |= uint64(cleanpathPrefix[st][k]) << (8 * k)
		}
		adv := int(s & 0xff)
		for t := range 4 {
			p := j + t
			if t < adv {
				work[p] = byte(w >> (8 * t))
			}
			b := work[p]
			last[p+1] = last[p]
			if b == '/' {
				last[p+1] = uint16(p)
			}
		}
		j += adv
		st = int(s>>stepNext) & 3
		if s>>stepEnd&1 != 0 {
			break
		}
	}
	out := work[:j]
	if k := strings.IndexByte(string(out), 0); k >= 0 {
		out = out[:k]
	}
	return string(out)
}

// TestCleanpathMachine checks the tables against DTrace's loop on every
// path of up to 9 bytes made of "/", "." and "a", at several strsizes.
func TestCleanpathMachine(t *testing.T) {
	var paths []string
	var gen func(string)
	gen = func(p string) {
		paths = append(paths, p)
		if len(p) < 9 {
			for _, c := range "/.a" {
				gen(p + string(c))
			}
		}
	}
	gen("")
	paths = append(paths, "/foo/bar/../baz/./qux//", "../../a/b/../..", "/a/..b/...", strings.Repeat("/abc", 70))
	for _, size := range []int{256, 6, 8, 10, 13} {
		for _, p := range paths {
			if want, got := cleanpathDTrace(p, size), cleanpathMachine(p, size); got != want {
				t.Fatalf("strsize %d: cleanpath(%q) = %q, DTrace gives %q", size, p, got, want)
			}
		}
	}
	for p, want := range map[string]string{
		"/a/b/..": "/a/", "x/../..": "x", "/..": "", "a/../../b": "/b", "/a/.": "/a/.",
		"/a//b/./c/../d/": "/a/b/d/", "../a": "../a",
	} {
		if got := cleanpathDTrace(p, 256); got != want {
			t.Errorf("cleanpath(%q) = %q, want %q", p, got, want)
		}
	}
}
