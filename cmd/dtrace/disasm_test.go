package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestShowBPF checks that -S prints each trampoline and clause with the
// D source lines interleaved. It needs no kernel: -e stops after
// compiling.
func TestShowBPF(t *testing.T) {
	script := "BEGIN\n{\n\tx = 1;\n\tprintf(\"%d\\n\", x + 2);\n}\n"
	cmd := exec.Command(dtraceBin, "-S", "-e", "-n", script)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	text := string(out)
	for _, want := range []string{
		"BPF program for probe 1 dtrace:::BEGIN (EPIDs [1]):",
		"probe_1:",
		"clause_1:",
		"; line 3: x = 1;",
		`; line 4: printf("%d\n", x + 2);`,
		"Call FnRingbufOutput",
		"Exit",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("-S output lacks %q:\n%s", want, text)
		}
	}
}
