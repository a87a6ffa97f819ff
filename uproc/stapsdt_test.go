package uproc

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// note builds a 64-bit stapsdt note as an assembler lays it out.
func note(pc, base, sem uint64, provider, name, args string) []byte {
	var desc bytes.Buffer
	for _, w := range []uint64{pc, base, sem} {
		binary.Write(&desc, binary.LittleEndian, w)
	}
	desc.WriteString(provider + "\x00" + name + "\x00" + args + "\x00")
	var b bytes.Buffer
	owner := "stapsdt\x00"
	binary.Write(&b, binary.LittleEndian, [3]uint32{uint32(len(owner)), uint32(desc.Len()), stapsdtType})
	b.WriteString(owner)
	b.Write(desc.Bytes())
	for b.Len()%4 != 0 {
		b.WriteByte(0)
	}
	return b.Bytes()
}

// Notes are read in order, their addresses moved by as much as the
// object's .stapsdt.base has moved since they were written (prelink);
// notes of other owners are skipped, and a truncated one is an error.
func TestParseNotes(t *testing.T) {
	data := append(note(0x1000, 0x2000, 0x4000, "shop", "order", "-4@%eax 8@%rdi"),
		note(0x1100, 0x2000, 0, "shop", "tick", "")...)
	notes, err := parseNotes(data, binary.LittleEndian, 8, 0x2000, true)
	if err != nil || len(notes) != 2 {
		t.Fatalf("%+v, %v", notes, err)
	}
	if notes[0] != (Note{Provider: "shop", Name: "order", PC: 0x1000, Semaphore: 0x4000, Args: "-4@%eax 8@%rdi"}) ||
		notes[1] != (Note{Provider: "shop", Name: "tick", PC: 0x1100}) {
		t.Errorf("notes %+v", notes)
	}
	moved, err := parseNotes(data, binary.LittleEndian, 8, 0x3000, true)
	if err != nil || moved[0].PC != 0x2000 || moved[0].Semaphore != 0x5000 || moved[1].Semaphore != 0 {
		t.Errorf("prelinked by 0x1000: %+v, %v", moved, err)
	}
	other := note(0x1000, 0x2000, 0, "x", "y", "")
	copy(other[12:], "stapsdx")
	if n, err := parseNotes(other, binary.LittleEndian, 8, 0, false); err != nil || len(n) != 0 {
		t.Errorf("another owner's note: %+v, %v", n, err)
	}
	if _, err := parseNotes(data[:len(data)-20], binary.LittleEndian, 8, 0, false); err == nil {
		t.Error("truncated: no error")
	}
}
