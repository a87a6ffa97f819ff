package main

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"
)

var updateMan = flag.Bool("update-man", false, "rewrite docs/dtrace.1")

// TestManPage checks that docs/dtrace.1 is what writeManPage makes of
// the command's own tables, so that the manual cannot drift from the
// flags and options dtrace parses: rerun with -update-man after changing
// them. It also checks that every flag and option is in it.
func TestManPage(t *testing.T) {
	var b bytes.Buffer
	writeManPage(&b)
	const path = "../../docs/dtrace.1"
	if *updateMan {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("%s is not what writeManPage writes: run go test ./cmd/dtrace -run TestManPage -update-man", path)
	}
	page := b.String()
	for _, f := range usageFlags {
		if !strings.Contains(page, `\fB`+roff(f.flag)+`\fR`) {
			t.Errorf("flag %s missing", f.flag)
		}
	}
	for _, name := range []string{"bufsize", "quietresize", "strsize", "zdefs"} {
		if !strings.Contains(page, `\fB`+name+`\fR (`) {
			t.Errorf("option %s missing", name)
		}
	}
}
