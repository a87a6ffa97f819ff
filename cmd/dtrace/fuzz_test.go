package main

import (
	"strings"
	"testing"
)

// FuzzParse splits its input on NUL into argv words. parse must never
// panic, must fail only with an *argError carrying a status, and on success
// must account for every source flag it was given.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"-qn\x00BEGIN{exit(0)}", "-xbufsize=8m\x00-n\x00BEGIN", "-s\x00x.d\x00--\x00-1\x00-q",
		"-32\x00-l", "-3\x002", "-p\x00 12", "-c\x00ls -l", "-V\x00-k", "-B\x00-o\x00x", "--", "-",
		"-D\x00A=1\x00-UA\x00-I/x\x00-H\x00-C", "-x\x00strsize=8g", "-lV", "-Xt\x00-Z\x00-w",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		argv := append([]string{"dtrace"}, strings.Split(in, "\x00")...)
		inv, err := parse(argv, allFlags)
		if err != nil {
			ae, ok := err.(*argError)
			if !ok || (ae.status != exitUsage && ae.status != exitError) || (ae.msg == "" && !ae.usage) {
				t.Fatalf("parse(%q) = %#v", argv, err)
			}
			return
		}
		if inv.Mode == ModeVersion {
			return
		}
		flags, _, _ := scan(argv[1:])
		n := 0
		for _, fl := range flags {
			if _, ok := sourceKind[fl.c]; ok {
				n++
			}
		}
		if n != len(inv.Sources) {
			t.Fatalf("parse(%q): %d sources for %d source flags", argv, len(inv.Sources), n)
		}
	})
}
