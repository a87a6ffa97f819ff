package main

import "testing"

// -v is accepted with -l, which it makes verbose, and refused elsewhere,
// where it would ask for the program's stability report.
func TestVerboseFlag(t *testing.T) {
	inv, err := parseArgs([]string{"dtrace", "-l", "-v", "-n", "BEGIN"})
	if err != nil || !inv.Verbose {
		t.Errorf("-l -v: %v, verbose %v", err, inv != nil && inv.Verbose)
	}
	if _, err := parseArgs([]string{"dtrace", "-v", "-n", "BEGIN"}); err == nil || err.Error() != "-v is not supported yet" {
		t.Errorf("-v without -l: %v, want -v is not supported yet", err)
	}
}
