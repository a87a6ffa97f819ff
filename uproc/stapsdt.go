package uproc

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
)

// Note is a statically defined probe of an object: a .note.stapsdt
// entry, as <sys/sdt.h> (SystemTap's, which DTrace's dtrace -h emits
// too) writes one for each probe site.
type Note struct {
	Provider, Name string
	// PC is the address of the probe's nop; Semaphore that of its
	// is-enabled counter (0 for none), both as the object's symbols
	// see them (adjusted if the object was prelinked).
	PC, Semaphore uint64
	// Args is the argument description, "-4@%eax 8@-8(%rbp)".
	Args string
}

// The note type and owner of a stapsdt note.
const (
	stapsdtType  = 3
	stapsdtOwner = "stapsdt"
)

// Notes reads the stapsdt notes of the object at path.
func Notes(path string) ([]Note, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return notesOf(f)
}

func notesOf(f *elf.File) ([]Note, error) {
	sec := f.Section(".note.stapsdt")
	if sec == nil {
		return nil, nil
	}
	data, err := sec.Data()
	if err != nil {
		return nil, err
	}
	// Prelink may have moved the object: a note's addresses are as
	// linked, and the .stapsdt.base section says by how much to move
	// them.
	var base uint64
	hasBase := false
	if b := f.Section(".stapsdt.base"); b != nil {
		base, hasBase = b.Addr, true
	}
	word := 4
	if f.Class == elf.ELFCLASS64 {
		word = 8
	}
	return parseNotes(data, f.ByteOrder, word, base, hasBase)
}

// parseNotes reads the stapsdt notes of a .note.stapsdt section's data,
// of words of word bytes, moving their addresses by .stapsdt.base's
// address (base) where the object has that section.
func parseNotes(data []byte, order binary.ByteOrder, word int, base uint64, hasBase bool) ([]Note, error) {
	var notes []Note
	for len(data) >= 12 {
		namesz, descsz, typ := order.Uint32(data), order.Uint32(data[4:]), order.Uint32(data[8:])
		data = data[12:]
		name, rest, ok := cut(data, namesz)
		if !ok {
			return notes, errors.New("truncated note")
		}
		desc, rest, ok := cut(rest, descsz)
		if !ok {
			return notes, errors.New("truncated note")
		}
		data = rest
		if typ != stapsdtType || string(bytes.TrimRight(name, "\x00")) != stapsdtOwner {
			continue
		}
		n, err := parseNote(desc, order, word)
		if err != nil {
			return notes, err
		}
		if hasBase && n.linkedBase != 0 {
			n.PC += base - n.linkedBase
			if n.Semaphore != 0 {
				n.Semaphore += base - n.linkedBase
			}
		}
		notes = append(notes, n.Note)
	}
	return notes, nil
}

// cut cuts a field of n bytes, padded to 4, off b.
func cut(b []byte, n uint32) (field, rest []byte, ok bool) {
	padded := (uint64(n) + 3) &^ 3
	if uint64(len(b)) < padded {
		return nil, nil, false
	}
	return b[:n], b[padded:], true
}

type parsedNote struct {
	Note
	linkedBase uint64
}

// parseNote reads a note's description: the pc, the base and the
// semaphore (words), then provider, name and arguments, each ended by
// a NUL.
func parseNote(desc []byte, order binary.ByteOrder, word int) (parsedNote, error) {
	if len(desc) < 3*word {
		return parsedNote{}, errors.New("short stapsdt note")
	}
	w := func(i int) uint64 {
		if word == 8 {
			return order.Uint64(desc[i*8:])
		}
		return uint64(order.Uint32(desc[i*4:]))
	}
	n := parsedNote{Note: Note{PC: w(0), Semaphore: w(2)}, linkedBase: w(1)}
	strs := bytes.SplitN(desc[3*word:], []byte{0}, 4)
	if len(strs) < 3 {
		return parsedNote{}, fmt.Errorf("stapsdt note at %#x: no provider and name", n.PC)
	}
	n.Provider, n.Name, n.Args = string(strs[0]), string(strs[1]), string(strs[2])
	return n, nil
}

// DataOffset converts an address of the object's data (a semaphore) to
// its offset in the file, where the kernel finds the counter to count
// tracers in (a uprobe's ref_ctr_offset).
func (o *Object) DataOffset(vaddr uint64) (uint64, bool) {
	for _, p := range o.progs {
		if vaddr >= p.Vaddr && vaddr < p.Vaddr+p.Filesz {
			return vaddr - p.Vaddr + p.Off, true
		}
	}
	return 0, false
}

// SymbolValue returns the value of the symbol name, of any type (a
// USDT argument may be a variable, sym(%rip)), in the object at path.
func SymbolValue(path, name string) (uint64, bool) {
	f, err := elf.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	static, _ := f.Symbols()
	dynamic, _ := f.DynamicSymbols()
	for _, s := range append(static, dynamic...) {
		if s.Name == name && s.Section != elf.SHN_UNDEF {
			return s.Value, true
		}
	}
	return 0, false
}
