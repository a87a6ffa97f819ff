package format

import (
	"io"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/abi"
)

// print() follows Oracle DTrace (dt_print_type() and dt_print_visit() in
// libdtrace): the record holds the address print() was given and the
// object found there, and the object is printed as a C initializer, one
// item a line, every line indented by a fixed 44 columns plus one per
// level of nesting:
//
//	0xffff9b7aca7e0000 = *
//	                                            (struct foo) {
//	                                             .a = (int)1,
//	                                             .b = (char [5]) [
//	                                              (char)'t',
//	                                             ],
//	                                            }
//
// Every value is preceded by its type's name in parentheses; integers
// print in decimal, pointers in hex, an enum as its enumerator's name
// (else its number), a char (the type named "char") as the character.
// Inside the object an item whose bytes are all zero is left out, as is
// a bit-field of value 0, and a char array ends at its first NUL. Floats
// are not printed, as in Oracle. The printsize option bounds the bytes
// shown: an item starting past them is "..." and ends the printing, as
// does an item nested ten levels deep; the open braces are then closed.
//
// Where Oracle's walk goes astray, this one does not: the elements of an
// array of structs print with their members, a bit-field is read at its
// own bit offset, and a struct is closed even when none of its members
// printed.

const (
	printIndent = 44 // DT_PRINT_STARTINDENT
	printDepth  = 10 // DT_PRINT_DEPTH
)

// PrintTyped writes a print() record: addr is the address print() was
// given, b the object of type t read there. At most limit bytes of it
// are shown; limit <= 0 shows them all.
func PrintTyped(w io.Writer, addr uint64, t *abi.PrintType, b []byte, limit int) error {
	p := &typedPrinter{o: newOut(w), b: b, size: len(b)}
	if limit > 0 && limit < p.size {
		p.size = limit
	}
	p.o.str("0x" + strconv.FormatUint(addr, 16) + " = *\n")
	p.walk(t, "", 0, 0, 0)
	p.closeTo(0)
	return p.o.flush()
}

// typedPrinter walks a type as CTF's ctf_type_visit() does: the type,
// then each member of a struct or union, depth first. open holds the
// depths of the structs whose brace is open: nothing marks a struct's
// end in the walk, so its brace closes when an item comes at its depth
// or shallower, or at the end.
type typedPrinter struct {
	o    *out
	b    []byte
	size int // bytes shown
	open []int
}

// walk prints the item of type t at bit offset off (bits is a
// bit-field's width, else 0) and the members inside it. It reports
// false once the printing must stop.
func (p *typedPrinter) walk(t *abi.PrintType, name string, off, bits, depth int) bool {
	if !p.item(t, name, off, bits, depth) {
		return false
	}
	if structLike(t) {
		for _, m := range t.Members {
			if !p.walk(m.Type, m.Name, off+m.Off, m.Bits, depth+1) {
				return false
			}
		}
	}
	return true
}

func structLike(t *abi.PrintType) bool {
	return t.Kind == abi.PrintStruct || t.Kind == abi.PrintUnion
}

// closeTo closes the braces of the structs open at depth or deeper:
// "}," but for the outermost object's "}".
func (p *typedPrinter) closeTo(depth int) {
	for len(p.open) > 0 {
		d := p.open[len(p.open)-1]
		if d < depth {
			return
		}
		p.open = p.open[:len(p.open)-1]
		p.o.pad(printIndent+d, ' ')
		if d > 0 {
			p.o.str("},\n")
		} else {
			p.o.str("}\n")
		}
	}
}

// line writes one item: ".name = " for a named member, then the text.
func (p *typedPrinter) line(depth int, name, text string) {
	p.o.pad(printIndent+depth, ' ')
	if depth > 0 && name != "" {
		p.o.str("." + name + " = ")
	}
	p.o.str(text)
	p.o.byte('\n')
}

// item prints the item itself; it reports false if it ends the
// printing.
func (p *typedPrinter) item(t *abi.PrintType, name string, off, bits, depth int) bool {
	if off/8 >= p.size || depth >= printDepth {
		p.line(depth, "", "...")
		return false
	}
	p.closeTo(depth)
	if depth > 0 && p.zero(off/8, t.Size) {
		return true
	}
	typ := "(" + strings.TrimSuffix(t.Name, " ") + ")"
	switch t.Kind {
	case abi.PrintStruct, abi.PrintUnion:
		p.line(depth, name, typ+" {")
		p.open = append(p.open, depth)
	case abi.PrintArray:
		return p.array(typ, t.Elem, t.Len, name, off, depth)
	case abi.PrintString:
		char := &abi.PrintType{Kind: abi.PrintInt, Name: "char", Size: 1, Signed: true, Char: true}
		return p.array(typ, char, t.Size, name, off, depth)
	case abi.PrintInt:
		v, ok := p.integer(t, off, bits)
		if ok && bits > 0 && v == "0" {
			return true
		}
		p.line(depth, name, typ+v+",")
	case abi.PrintEnum:
		p.line(depth, name, typ+p.enum(t, off)+",")
	case abi.PrintPointer:
		p.line(depth, name, typ+"0x"+strconv.FormatUint(p.uint(off/8, t.Size), 16)+",")
	}
	// Floats print nothing, as in Oracle.
	return true
}

// array prints an array's elements, one a line, up to a char array's
// first NUL.
func (p *typedPrinter) array(typ string, elem *abi.PrintType, n int, name string, off, depth int) bool {
	if n == 0 {
		p.line(depth, name, typ+" [],")
		return true
	}
	p.line(depth, name, typ+" [")
	char := elem.Kind == abi.PrintInt && elem.Char
	for i := 0; i < n; i++ {
		eoff := off + 8*i*elem.Size
		if char && p.at(eoff/8) == 0 {
			break
		}
		if !p.walk(elem, "", eoff, 0, depth+1) {
			return false
		}
	}
	p.closeTo(depth + 1)
	p.line(depth, "", "],")
	return true
}

// zero reports whether the n bytes at byte offset i are all zero.
func (p *typedPrinter) zero(i, n int) bool {
	for j := i; j < i+n; j++ {
		if p.at(j) != 0 {
			return false
		}
	}
	return true
}

// at returns byte i of the object, 0 past what was recorded.
func (p *typedPrinter) at(i int) byte {
	if i < 0 || i >= len(p.b) {
		return 0
	}
	return p.b[i]
}

// uint reads the size-byte little-endian integer at byte offset i.
func (p *typedPrinter) uint(i, size int) uint64 {
	var v uint64
	for j := size - 1; j >= 0; j-- {
		v = v<<8 | uint64(p.at(i+j))
	}
	return v
}

// integer formats an integer's value: a bit-field's bits unsigned, a
// char as the character, else the number in decimal by its signedness.
// ok is false for a width Oracle does not print (over 64 bits).
func (p *typedPrinter) integer(t *abi.PrintType, off, bits int) (s string, ok bool) {
	if bits > 0 {
		if bits > 64 {
			return "?(" + strconv.Itoa(bits) + " bit value)", false
		}
		var v uint64
		for i := 0; i < bits; i++ {
			bit := off + i
			v |= uint64(p.at(bit/8)>>(bit%8)&1) << i
		}
		return strconv.FormatUint(v, 10), true
	}
	switch t.Size {
	case 1, 2, 4, 8:
	default:
		return "?(" + strconv.Itoa(8*t.Size) + " bit value)", false
	}
	v := p.uint(off/8, t.Size)
	if t.Char && t.Size == 1 {
		return "'" + string([]byte{byte(v)}) + "'", true
	}
	if !t.Signed {
		return strconv.FormatUint(v, 10), true
	}
	shift := uint(64 - 8*t.Size)
	return strconv.FormatInt(int64(v<<shift)>>shift, 10), true
}

// enum formats an enum's value, read at the enum's size: the name of
// the first enumerator of that value, else the number.
func (p *typedPrinter) enum(t *abi.PrintType, off int) string {
	size := t.Size
	if size != 1 && size != 2 && size != 8 {
		size = 4
	}
	shift := uint(64 - 8*size)
	v := int64(p.uint(off/8, size)<<shift) >> shift
	for _, e := range t.Enums {
		// Enumerators are compared at the enum's size too.
		if int64(uint64(e.Value)<<shift)>>shift == v {
			return e.Name
		}
	}
	return strconv.FormatInt(v, 10)
}
