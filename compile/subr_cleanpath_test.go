package compile

import (
	"path"
	"strings"
	"testing"
)

// cleanpathOracle is Oracle DTrace's cleanpath(): Go's path.Clean,
// except that "" stays "", of the path as read (at most strsize bytes),
// cut to strsize-1 bytes.
func cleanpathOracle(src string, size int) string {
	src = src[:min(len(src), size)]
	if src == "" {
		return ""
	}
	s := path.Clean(src)
	return s[:min(len(s), size-1)]
}

// cleanpathMachine runs cleanpath()'s tables as the generated code does.
func cleanpathMachine(src string, size int) string {
	work := make([]byte, size+8)
	last := make([]uint16, size+8)
	st, j, bar := cleanSlash, 0, 0
	rooted := len(src) > 0 && src[0] == '/'
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
		if s>>stepBack&3 != 0 && j <= bar {
			s &^= 3<<stepBack | 0xff
			if !rooted {
				s |= 3
				bar = j + 3
			}
		}
		if s>>stepBack&3 != 0 {
			j = int(last[j])
		}
		if j > size+1 {
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
	start := 1
	if rooted {
		start = 0
	}
	if j == 0 {
		work[start] = "./"[1-start]
		j = start + 1
		if src == "" {
			j = 0
		}
	}
	if j < start {
		return ""
	}
	out := work[start:j]
	return string(out[:min(len(out), size-1)])
}

// TestCleanpathMachine checks the tables against the rules on every path
// of up to 9 bytes made of "/", "." and "a", at several strsizes.
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
	paths = append(paths, "/foo/bar/../baz/./qux//", "../../a/b/../..", "/a/..b/...",
		strings.Repeat("/abc", 70), strings.Repeat("../", 90), strings.Repeat("a/", 130))
	for _, size := range []int{256, 6, 8, 10, 13} {
		for _, p := range paths {
			if want, got := cleanpathOracle(p, size), cleanpathMachine(p, size); got != want {
				t.Fatalf("strsize %d: cleanpath(%q) = %q, want %q", size, p, got, want)
			}
		}
	}
	for p, want := range map[string]string{
		"": "", "/": "/", ".": ".", "./": ".", "/..": "/", "a/../..": "..",
		"../x/../..": "../..", "/a/b/..": "/a", "x/..": ".", "/a/.": "/a",
		"/a//b/./c/../d/": "/a/b/d", ".../..": ".", "a/...": "a/...", "/..a/.b": "/..a/.b",
	} {
		if got := cleanpathOracle(p, 256); got != want {
			t.Errorf("cleanpath(%q) = %q, want %q", p, got, want)
		}
	}
}
