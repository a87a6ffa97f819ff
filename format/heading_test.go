package format

import (
	"bytes"
	"fmt"
	"testing"
)

// The dtrace(1) lines are C printf formats over strings and ints; Go's
// fmt agrees with C for these, so it serves as the oracle.
func TestHeading(t *testing.T) {
	var b bytes.Buffer
	Heading(&b, false)
	if want := fmt.Sprintf("%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME"); b.String() != want {
		t.Errorf("Heading = %q, want %q", b.String(), want)
	}
	b.Reset()
	Heading(&b, true)
	if want := fmt.Sprintf("%32s\n", "FUNCTION:NAME"); b.String() != want {
		t.Errorf("testing Heading = %q, want %q", b.String(), want)
	}
	b.Reset()
	FlowHeading(&b, false)
	if want := fmt.Sprintf("%3s %-41s\n", "CPU", "FUNCTION"); b.String() != want {
		t.Errorf("FlowHeading = %q, want %q", b.String(), want)
	}
	b.Reset()
	FlowHeading(&b, true)
	if want := fmt.Sprintf("%-41s\n", "FUNCTION"); b.String() != want {
		t.Errorf("testing FlowHeading = %q, want %q", b.String(), want)
	}
	b.Reset()
	ListHeading(&b)
	if want := fmt.Sprintf("%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME"); b.String() != want {
		t.Errorf("ListHeading = %q, want %q", b.String(), want)
	}
}

func TestProbePrefix(t *testing.T) {
	for _, c := range []struct {
		cpu      int
		id       uint32
		fn, name string
	}{
		{0, 1, "", "BEGIN"},
		{3, 81234, "do_sys_open", "entry"},
		{127, 4294967295, "a_function_name_longer_than_thirty_two", "return"},
	} {
		var b bytes.Buffer
		ProbePrefix(&b, false, c.cpu, c.id, c.fn, c.name)
		want := fmt.Sprintf("%3d %6d %32s ", c.cpu, int32(c.id), c.fn+":"+c.name)
		if b.String() != want {
			t.Errorf("ProbePrefix(%v) = %q, want %q", c, b.String(), want)
		}
		b.Reset()
		ProbePrefix(&b, true, c.cpu, c.id, c.fn, c.name)
		if want := fmt.Sprintf("%32s ", c.fn+":"+c.name); b.String() != want {
			t.Errorf("testing ProbePrefix(%v) = %q, want %q", c, b.String(), want)
		}
		b.Reset()
		FlowPrefix(&b, false, c.cpu, c.fn)
		if want := fmt.Sprintf("%3d %-41s ", c.cpu, c.fn); b.String() != want {
			t.Errorf("FlowPrefix(%v) = %q, want %q", c, b.String(), want)
		}
		b.Reset()
		FlowPrefix(&b, true, c.cpu, c.fn)
		if want := fmt.Sprintf("%-41s ", c.fn); b.String() != want {
			t.Errorf("testing FlowPrefix(%v) = %q, want %q", c, b.String(), want)
		}
	}
	var b bytes.Buffer
	ProbePrefix(&b, false, 0, 1, "", "BEGIN")
	if want := "  0      1                           :BEGIN "; b.String() != want {
		t.Errorf("BEGIN prefix = %q, want %q", b.String(), want)
	}
}

func TestListProbe(t *testing.T) {
	for _, c := range []struct {
		id                  uint32
		prov, mod, fn, name string
	}{
		{1, "dtrace", "", "", "BEGIN"},
		{81234, "fbt", "vmlinux", "do_sys_open", "entry"},
		{7, "syscall", "vmlinux", "a_very_long_function_name_beyond_33_cols", "return"},
	} {
		var b bytes.Buffer
		ListProbe(&b, c.id, c.prov, c.mod, c.fn, c.name)
		want := fmt.Sprintf("%5d %10s %17s %33s %s\n", c.id, c.prov, c.mod, c.fn, c.name)
		if b.String() != want {
			t.Errorf("ListProbe(%v) = %q, want %q", c, b.String(), want)
		}
	}
}

// A dtrace -l listing as dtrace(1) prints it.
func TestListingGolden(t *testing.T) {
	var b bytes.Buffer
	ListHeading(&b)
	ListProbe(&b, 1, "dtrace", "", "", "BEGIN")
	ListProbe(&b, 2, "dtrace", "", "", "END")
	ListProbe(&b, 3, "dtrace", "", "", "ERROR")
	ListProbe(&b, 1408, "syscall", "vmlinux", "read", "entry")
	ListProbe(&b, 1409, "syscall", "vmlinux", "read", "return")
	ListProbe(&b, 52107, "fbt", "ext4", "ext4_file_read_iter", "entry")
	checkGolden(t, "list", b.Bytes())
}

// The start of a non-quiet run: the notice on stderr, then the heading and
// one record of BEGIN { trace(1) } on stdout.
func TestDefaultOutputGolden(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(Matched("BEGIN { trace(1); exit(0); }", 1) + "\n")
	Heading(&b, false)
	ProbePrefix(&b, false, 0, 1, "", "BEGIN")
	Trace(&b, i32(1), false)
	b.WriteString("\n")
	checkGolden(t, "default_begin", b.Bytes())
}

func TestMatched(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Matched("BEGIN { trace(1); }", 1), "dtrace: description 'BEGIN ' matched 1 probe"},
		{Matched("BEGIN", 1), "dtrace: description 'BEGIN' matched 1 probe"},
		{Matched("syscall::read:entry /pid == 1/ { }", 2), "dtrace: description 'syscall::read:entry ' matched 2 probes"},
		{Matched("fbt::foo:entry;", 0), "dtrace: description 'fbt::foo:entry' matched 0 probes"},
		{MatchedScript("foo.d", 3), "dtrace: script 'foo.d' matched 3 probes"},
		{MatchedScript("test/unittest/aggs/tst.count_notquiet.d", 2), "dtrace: script 'test/unittest/aggs/tst.count_notquiet.d' matched 2 probes"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
