package dtrace

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testenv"
)

// A 32-bit process's system calls reach raw_syscalls with ia32 numbers,
// which the per-call tracepoints ignore. The shared program must ignore
// them too, not report them under the x86-64 call of the same number:
// the child's getppid (ia32 64) is not semget, its exit (1) not write,
// and the return from its execve (11, reported with the new image's
// number) not munmap.
func TestSharedSyscallCompat(t *testing.T) {
	testenv.RequireBPF(t)
	child := filepath.Join(t.TempDir(), "ia32probe")
	if err := os.WriteFile(child, i386Program(ia32GetppidExit), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := exec.Command(child).Run(); err != nil {
		if errors.Is(err, syscall.ENOEXEC) {
			t.Skip("the kernel runs no 32-bit x86 programs (no ia32 emulation)")
		}
		t.Fatal(err)
	}
	h, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	src := `syscall:::entry, syscall:::return /execname == "ia32probe" || pid == $1 && probefunc == "getppid"/ {
		trace(execname);
	}`
	startShared(t, h, src)
	if err := exec.Command(child).Run(); err != nil {
		t.Fatal(err)
	}
	// The program works: this process's own getppid is seen.
	syscall.Getppid()
	c := &allRecords{}
	if _, err := h.Consume(c, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := h.Stop(c); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range c.rs {
		p := r.ECB.Probe
		got = append(got, r.Values(&r.ECB.Actions[0])[0].Str+" "+p.Function+":"+p.Name)
	}
	self := filepath.Base(os.Args[0])
	if len(self) > 15 {
		self = self[:15]
	}
	want := []string{self + " getppid:entry", self + " getppid:return"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("records %q, want %q", got, want)
	}
}

// ia32GetppidExit is i386 code: getppid(), then exit(0), by int $0x80.
var ia32GetppidExit = []byte{
	0xb8, 64, 0, 0, 0, // mov $64, %eax (getppid)
	0xcd, 0x80, // int $0x80
	0xb8, 1, 0, 0, 0, // mov $1, %eax (exit)
	0x31, 0xdb, // xor %ebx, %ebx
	0xcd, 0x80, // int $0x80
}

// i386Program returns a static 32-bit x86 executable that runs code:
// an ELF header, one loadable segment holding the whole file, and the
// code after the headers.
func i386Program(code []byte) []byte {
	const base = 0x08048000
	hdrSize := binary.Size(elf.Header32{})
	phSize := binary.Size(elf.Prog32{})
	size := uint32(hdrSize + phSize + len(code))
	h := elf.Header32{
		Type: uint16(elf.ET_EXEC), Machine: uint16(elf.EM_386), Version: uint32(elf.EV_CURRENT),
		Entry: base + uint32(hdrSize+phSize), Phoff: uint32(hdrSize),
		Ehsize: uint16(hdrSize), Phentsize: uint16(phSize), Phnum: 1,
	}
	copy(h.Ident[:], elf.ELFMAG)
	h.Ident[elf.EI_CLASS] = byte(elf.ELFCLASS32)
	h.Ident[elf.EI_DATA] = byte(elf.ELFDATA2LSB)
	h.Ident[elf.EI_VERSION] = byte(elf.EV_CURRENT)
	ph := elf.Prog32{
		Type: uint32(elf.PT_LOAD), Vaddr: base, Paddr: base, Filesz: size, Memsz: size,
		Flags: uint32(elf.PF_R | elf.PF_X), Align: 0x1000,
	}
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, &h)
	binary.Write(&b, binary.LittleEndian, &ph)
	b.Write(code)
	return b.Bytes()
}
