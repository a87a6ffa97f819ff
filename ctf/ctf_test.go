package ctf

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sample builds a container of one type of each kind this package
// writes.
func sample() *Dict {
	d := NewDict()
	void := d.Integer("void", 0, IntSigned)
	char := d.Integer("char", 1, IntSigned|IntChar)
	long := d.Integer("long", 8, IntSigned)
	d.Float("double", 8, FloatDouble)
	d.Pointer(void)
	d.Typedef("string", d.Array(char, long, 256))
	d.Pointer(d.Function(long, char, long))
	return d
}

// TestHeader checks the header's fixed fields: the magic number, the
// version, and the string table's place after the types.
func TestHeader(t *testing.T) {
	b := sample().Bytes()
	if len(b) < headerSize || b[0] != 0xf2 || b[1] != 0xdf || b[2] != version {
		t.Fatalf("header % x", b[:min(len(b), headerSize)])
	}
	le := func(i int) int { return int(b[i]) | int(b[i+1])<<8 | int(b[i+2])<<16 | int(b[i+3])<<24 }
	stroff, strlen := le(4+10*4), le(4+11*4)
	if headerSize+stroff+strlen != len(b) || b[headerSize+stroff] != 0 {
		t.Errorf("string table at %d, %d bytes, in %d bytes", stroff, strlen, len(b))
	}
	if !strings.Contains(string(b[headerSize+stroff:]), "\x00string\x00") {
		t.Errorf("no name string in the string table %q", b[headerSize+stroff:])
	}
}

// TestObjdump has binutils' libctf read the container, when objdump
// knows CTF.
func TestObjdump(t *testing.T) {
	help, err := exec.Command("objdump", "--help").Output()
	if err != nil || !strings.Contains(string(help), "--ctf") {
		t.Skip("no objdump that reads CTF")
	}
	dir := t.TempDir()
	ctfFile, obj := filepath.Join(dir, "t.ctf"), filepath.Join(dir, "t.o")
	if err := os.WriteFile(ctfFile, sample().Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("objcopy", "--add-section=.ctf="+ctfFile, "/bin/true", obj).CombinedOutput(); err != nil {
		t.Fatalf("objcopy: %v\n%s", err, out)
	}
	out, err := exec.Command("objdump", "--ctf=.ctf", obj).CombinedOutput()
	if err != nil {
		t.Fatalf("objdump: %v\n%s", err, out)
	}
	for _, want := range []string{"CTF_VERSION_3", "void", "char", "long", "double", "string", "[256]", "void *", "(*) (char, long)"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("objdump shows no %q:\n%s", want, out)
		}
	}
}
