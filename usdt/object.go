package usdt

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"io"
)

// Object writes a relocatable ELF object (what dtrace -G makes) that
// defines each probe's semaphore, a zeroed 16-bit counter in a .probes
// section, for machine (elf.EM_X86_64 for objects built for x86-64).
// Linked with the program's objects, whose notes refer to the
// semaphores, its definitions are the ones kept over the header's weak
// ones. The object is little-endian ELF64, as the machines Linux's
// USDT tracers support are.
func Object(w io.Writer, machine elf.Machine, probes []Probe) error {
	// The sections: null, .probes, .note.GNU-stack (an empty one says
	// the object needs no executable stack), .symtab, .strtab,
	// .shstrtab.
	const (
		secProbes = 1 + iota
		secStack
		secSymtab
		secStrtab
		secShstrtab
		nsec
	)
	shstr := newStrtab()
	names := [nsec]uint32{}
	for i, n := range [nsec]string{"", ".probes", ".note.GNU-stack", ".symtab", ".strtab", ".shstrtab"} {
		if n != "" {
			names[i] = shstr.add(n)
		}
	}
	str := newStrtab()
	var symtab bytes.Buffer
	le := binary.LittleEndian
	binary.Write(&symtab, le, elf.Sym64{}) // symbol 0
	seen := map[string]bool{}
	var nsem uint64
	for _, p := range probes {
		name := p.Semaphore()
		if seen[name] {
			continue
		}
		seen[name] = true
		binary.Write(&symtab, le, elf.Sym64{
			Name:  str.add(name),
			Info:  elf.ST_INFO(elf.STB_GLOBAL, elf.STT_OBJECT),
			Shndx: secProbes,
			Value: 2 * nsem,
			Size:  2,
		})
		nsem++
	}
	probesData := make([]byte, 2*nsem)

	// Layout: the header, the sections' contents (8-aligned), then
	// the section headers.
	var body bytes.Buffer
	off := uint64(64)
	place := func(b []byte) (uint64, uint64) {
		for (off+uint64(body.Len()))%8 != 0 {
			body.WriteByte(0)
		}
		at := off + uint64(body.Len())
		body.Write(b)
		return at, uint64(len(b))
	}
	probesOff, probesSize := place(probesData)
	stackOff, _ := place(nil)
	symOff, symSize := place(symtab.Bytes())
	strOff, strSize := place(str.bytes())
	shstrOff, shstrSize := place(shstr.bytes())
	for (off+uint64(body.Len()))%8 != 0 {
		body.WriteByte(0)
	}
	shoff := off + uint64(body.Len())

	sections := [nsec]elf.Section64{
		secProbes:   {Name: names[secProbes], Type: uint32(elf.SHT_PROGBITS), Flags: uint64(elf.SHF_ALLOC | elf.SHF_WRITE), Off: probesOff, Size: probesSize, Addralign: 2},
		secStack:    {Name: names[secStack], Type: uint32(elf.SHT_PROGBITS), Off: stackOff, Addralign: 1},
		secSymtab:   {Name: names[secSymtab], Type: uint32(elf.SHT_SYMTAB), Off: symOff, Size: symSize, Link: secStrtab, Info: 1, Addralign: 8, Entsize: 24},
		secStrtab:   {Name: names[secStrtab], Type: uint32(elf.SHT_STRTAB), Off: strOff, Size: strSize, Addralign: 1},
		secShstrtab: {Name: names[secShstrtab], Type: uint32(elf.SHT_STRTAB), Off: shstrOff, Size: shstrSize, Addralign: 1},
	}
	hdr := elf.Header64{
		Type: uint16(elf.ET_REL), Machine: uint16(machine), Version: uint32(elf.EV_CURRENT),
		Shoff: shoff, Ehsize: 64, Shentsize: 64, Shnum: nsec, Shstrndx: secShstrtab,
	}
	copy(hdr.Ident[:], elf.ELFMAG)
	hdr.Ident[elf.EI_CLASS] = byte(elf.ELFCLASS64)
	hdr.Ident[elf.EI_DATA] = byte(elf.ELFDATA2LSB)
	hdr.Ident[elf.EI_VERSION] = byte(elf.EV_CURRENT)
	var out bytes.Buffer
	binary.Write(&out, le, hdr)
	out.Write(body.Bytes())
	binary.Write(&out, le, sections)
	if _, err := w.Write(out.Bytes()); err != nil {
		return fmt.Errorf("write object: %w", err)
	}
	return nil
}

// strtab is an ELF string table being built.
type strtab struct{ b bytes.Buffer }

func newStrtab() *strtab {
	t := &strtab{}
	t.b.WriteByte(0)
	return t
}

func (t *strtab) add(s string) uint32 {
	at := uint32(t.b.Len())
	t.b.WriteString(s)
	t.b.WriteByte(0)
	return at
}

func (t *strtab) bytes() []byte { return t.b.Bytes() }
