package tracefs

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// dump prints a format compactly, one field per line.
func dump(fm *Format) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s id=%d\n", fm.Name, fm.ID)
	for _, f := range fm.Fields {
		fmt.Fprintf(&b, "%d+%d signed=%v %q %s\n", f.Offset, f.Size, f.Signed, f.Type, f.Name)
	}
	return b.String()
}

func TestParseFormat(t *testing.T) {
	for file, want := range map[string]string{
		"sys_enter_openat.format": `sys_enter_openat id=782
0+2 signed=false "unsigned short" common_type
2+1 signed=false "unsigned char" common_flags
3+1 signed=false "unsigned char" common_preempt_count
4+4 signed=true "int" common_pid
8+4 signed=true "int" __syscall_nr
16+8 signed=false "int" dfd
24+8 signed=false "const char *" filename
32+8 signed=false "int" flags
40+8 signed=false "umode_t" mode
`,
		"sys_exit_openat.format": `sys_exit_openat id=781
0+2 signed=false "unsigned short" common_type
2+1 signed=false "unsigned char" common_flags
3+1 signed=false "unsigned char" common_preempt_count
4+4 signed=true "int" common_pid
8+4 signed=true "int" __syscall_nr
16+8 signed=true "long" ret
`,
		"sys_enter_getpid.format": `sys_enter_getpid id=309
0+2 signed=false "unsigned short" common_type
2+1 signed=false "unsigned char" common_flags
3+1 signed=false "unsigned char" common_preempt_count
4+4 signed=true "int" common_pid
8+4 signed=true "int" __syscall_nr
`,
		"sched_switch.format": `sched_switch id=372
0+2 signed=false "unsigned short" common_type
2+1 signed=false "unsigned char" common_flags
3+1 signed=false "unsigned char" common_preempt_count
4+4 signed=true "int" common_pid
8+16 signed=false "char[16]" prev_comm
24+4 signed=true "pid_t" prev_pid
28+4 signed=true "int" prev_prio
32+8 signed=true "long" prev_state
40+16 signed=false "char[16]" next_comm
56+4 signed=true "pid_t" next_pid
60+4 signed=true "int" next_prio
`,
		"sched_process_exec.format": `sched_process_exec id=365
0+2 signed=false "unsigned short" common_type
2+1 signed=false "unsigned char" common_flags
3+1 signed=false "unsigned char" common_preempt_count
4+4 signed=true "int" common_pid
8+4 signed=false "__data_loc char[]" filename
12+4 signed=true "pid_t" pid
16+4 signed=true "pid_t" old_pid
`,
		// Hand-written: an older layout (nr, no signed:), an unknown key
		// and an unknown line.
		"old_nr.format": `sys_enter_close id=12
0+2 signed=false "unsigned short" common_type
4+4 signed=false "int" common_pid
8+4 signed=false "int" nr
16+8 signed=false "unsigned int" fd
24+8 signed=false "char[8]" name
`,
	} {
		t.Run(file, func(t *testing.T) {
			f, err := os.Open("testdata/" + file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			fm, err := ParseFormat(f)
			if err != nil {
				t.Fatal(err)
			}
			if got := dump(fm); got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestParseFormatMmap(t *testing.T) {
	f, err := os.Open("testdata/sys_enter_mmap.format")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fm, err := ParseFormat(f)
	if err != nil {
		t.Fatal(err)
	}
	off, ok := fm.Field("off")
	if !ok || off.Offset != 56 || off.Size != 8 {
		t.Errorf("Field(off) = %+v, %v; want offset 56 size 8", off, ok)
	}
	if _, ok := fm.Field("nosuch"); ok {
		t.Error("Field(nosuch) found")
	}
}

func TestParseFormatErrors(t *testing.T) {
	for _, tt := range []struct{ in, err string }{
		{"", "no event name"},
		{"ID: 3\n", "no event name"},
		{"name: x\nID: x\n", "line 2: bad ID"},
		{"name: x\n\tfield:int a;\toffset:z;\tsize:4;\n", "line 2: field a: bad offset"},
		{"name: x\n\tfield:int a;\toffset:0;\n", "line 2: field a: missing offset or size"},
		{"name: x\n\tfield:;\toffset:0;\tsize:4;\n", `line 2: field "" has no name`},
	} {
		_, err := ParseFormat(strings.NewReader(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseFormat(%q) error = %v, want %q", tt.in, err, tt.err)
		}
	}
}

func TestReadFormat(t *testing.T) {
	fm, err := ReadFormat(os.DirFS("../syscall/testdata/tracefs"), "syscalls", "sys_exit_openat")
	if err != nil {
		t.Fatal(err)
	}
	if ret, ok := fm.Field("ret"); fm.Name != "sys_exit_openat" || !ok || ret.Offset != 16 {
		t.Errorf("got %s", dump(fm))
	}
	if _, err := ReadFormat(os.DirFS("testdata"), "syscalls", "nosuch"); err == nil {
		t.Error("no error for a missing event")
	}
}

func FuzzParseFormat(f *testing.F) {
	for _, name := range []string{"sys_enter_openat.format", "sched_switch.format", "old_nr.format"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, in string) {
		fm, err := ParseFormat(strings.NewReader(in))
		if err == nil && fm.Name == "" {
			t.Error("no error and no name")
		}
	})
}
