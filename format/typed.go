package format

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"

	dspec "github.com/godtrace/godtrace/spec"
)

// PrintTyped writes a print() record as libdtrace's dtrace_print() does:
// b holds a value of type t, printed in the style of mdb's ::print -tn.
// Each item is written as "type name = value"; integers and pointers in
// hex ("%#x": 0 is "0"), chars quoted, floats as "%+.7e", bit-fields
// with their width; struct members one per line, indented four columns
// per level, and arrays on one line ("[ 0x1, 0x2 ]", a NUL-terminated
// printable char array as a string). A scalar's line ends with a
// newline; a struct's closing brace does not.
func PrintTyped(w io.Writer, t *dspec.PrintType, b []byte) error {
	p := &typedPrinter{o: newOut(w), b: b}
	p.visit(t, "", 0, 0, 0)
	p.closeBraces(0)
	return p.o.flush()
}

// typedPrinter walks a type as CTF's ctf_type_visit() does, calling
// member for the type itself and then for each member of a struct or
// union, depth first. depth is the struct nesting of the last item
// printed and nest the array nesting, which together give the
// indentation.
type typedPrinter struct {
	o           *out
	b           []byte
	depth, nest int
}

// visit prints the item of type t at bit offset off; bits is a
// bit-field's width, 0 for any other member.
func (p *typedPrinter) visit(t *dspec.PrintType, name string, off, bits, depth int) {
	p.member(t, name, off, bits, depth)
	if t.Kind == dspec.PrintStruct || t.Kind == dspec.PrintUnion {
		for _, m := range t.Members {
			p.visit(m.Type, m.Name, off+m.Off, m.Bits, depth+1)
		}
	}
}

func structLike(t *dspec.PrintType) bool {
	return t.Kind == dspec.PrintStruct || t.Kind == dspec.PrintUnion
}

// closeBraces closes the structs left open deeper than depth: nothing
// marks a struct's end, so the brace is printed when a shallower item
// comes, or at the end. The last brace has no newline.
func (p *typedPrinter) closeBraces(depth int) {
	for d := p.depth; d > depth; d-- {
		p.o.pad((d+p.nest-1)*4, ' ')
		p.o.byte('}')
		if d != depth+1 {
			p.o.byte('\n')
		}
	}
}

func (p *typedPrinter) indent() { p.o.pad((p.depth+p.nest)*4, ' ') }

// member prints one item: the type, the member's name and bit-field
// width, and the value. An element of an array of non-structs is brief:
// its value alone, the array's separators around it.
func (p *typedPrinter) member(t *dspec.PrintType, name string, off, bits, depth int) {
	p.closeBraces(depth)
	if depth < p.depth {
		p.o.byte('\n')
	}
	p.depth = depth
	arrayMember := p.nest != 0 && depth == 0
	brief := arrayMember && !structLike(t)
	if !brief {
		if arrayMember {
			p.o.byte('\n')
		}
		p.indent()
		p.o.str(t.Name)
		if name != "" {
			if last := t.Name[len(t.Name)-1]; last != '*' && last != ' ' {
				p.o.byte(' ')
			}
			p.o.str(name)
			if t.Kind == dspec.PrintInt && intBitsShown(t, off, bits) {
				p.o.str(" :" + strconv.Itoa(intBits(t, bits)))
			}
			p.o.str(" =")
		}
		p.o.byte(' ')
	}
	p.value(t, off, bits)
	if !brief {
		p.o.byte('\n')
	}
}

// intBits is an integer's width in bits: a bit-field's, or its size's.
func intBits(t *dspec.PrintType, bits int) int {
	if bits > 0 {
		return bits
	}
	return 8 * t.Size
}

// intBitsShown reports whether a member's width follows its name: a
// bit-field, or an integer not on a byte boundary or not the size of
// its type (CTF gives a bit-field's type the next power-of-two size).
func intBitsShown(t *dspec.PrintType, off, bits int) bool {
	n := intBits(t, bits)
	size := n / 8
	typeSize := t.Size
	if bits > 0 {
		typeSize = 1
		for typeSize < (bits+7)/8 {
			typeSize *= 2
		}
	}
	return n%8 != 0 || off%8 != 0 || size > 8 || size != typeSize
}

func (p *typedPrinter) value(t *dspec.PrintType, off, bits int) {
	switch t.Kind {
	case dspec.PrintInt:
		p.integer(t, off, bits)
	case dspec.PrintFloat:
		p.float(t, off)
	case dspec.PrintPointer:
		p.hex(off/8, t.Size)
	case dspec.PrintArray:
		p.array(t.Elem, t.Len, off)
	case dspec.PrintString:
		p.array(&dspec.PrintType{Kind: dspec.PrintInt, Name: "char", Size: 1, Signed: true, Char: true}, t.Size, off)
	case dspec.PrintStruct, dspec.PrintUnion:
		p.o.byte('{')
	case dspec.PrintEnum:
		p.enum(t, off)
	}
}

// enum prints an enum as dt_print_enum() does: the value read at the
// enum's size (1 and 2 bytes unsigned, 4 signed), then the first
// enumerator of that value, or the value in decimal. Other sizes are
// refused, as CTF's int-valued enumerators cannot hold them.
func (p *typedPrinter) enum(t *dspec.PrintType, off int) {
	var v int64
	i := off / 8
	switch t.Size {
	case 1:
		v = int64(p.at(i))
	case 2:
		v = int64(uint16(p.at(i)) | uint16(p.at(i+1))<<8)
	case 4:
		v = int64(int32(uint32(p.at(i)) | uint32(p.at(i+1))<<8 | uint32(p.at(i+2))<<16 | uint32(p.at(i+3))<<24))
	default:
		p.o.str("<invalid enum size " + strconv.Itoa(t.Size) + ">")
		return
	}
	for _, e := range t.Enums {
		if int64(int32(e.Value)) == v {
			p.o.str(e.Name)
			return
		}
	}
	p.o.str(strconv.FormatInt(v, 10))
}

// integer prints an integer: as a bit-field when its width is not a
// power-of-two number of bytes, a char as a character, else in hex.
func (p *typedPrinter) integer(t *dspec.PrintType, off, bits int) {
	n := intBits(t, bits)
	size := n / 8
	if size > 8 || n%8 != 0 || size&(size-1) != 0 {
		p.bitfield(off, n)
		return
	}
	if t.Char && n == 8 {
		p.char(int8(p.at(off / 8)))
		return
	}
	p.hex(off/8, size)
}

// bitfield prints the n bits at bit offset off. Like libdtrace it reads
// only the bytes the width needs from the member's first byte, so a
// field that straddles one more byte loses its high bits.
func (p *typedPrinter) bitfield(off, n int) {
	var v uint64
	size := (n + 7) / 8
	for i := size - 1; i >= 0; i-- {
		v = v<<8 | uint64(p.at(off/8+i))
	}
	v >>= uint(off % 8)
	v &= 1<<uint(n) - 1
	p.o.str(cHexAlt(v))
}

func (p *typedPrinter) char(c int8) {
	switch {
	case c >= ' ' && c <= '~':
		p.o.str("'" + string(rune(c)) + "'")
	case c == 0:
		p.o.str(`'\0'`)
	default:
		// C's "%03o" of the char promoted to int.
		p.o.str(`'\` + fmt.Sprintf("%03o", uint32(int32(c))) + "'")
	}
}

// at returns byte i of the value, 0 past what was recorded.
func (p *typedPrinter) at(i int) byte {
	if i < 0 || i >= len(p.b) {
		return 0
	}
	return p.b[i]
}

// hex prints the size-byte integer at byte offset i as "%#x".
func (p *typedPrinter) hex(i, size int) {
	var v uint64
	switch size {
	case 1, 2, 4, 8:
		for j := size - 1; j >= 0; j-- {
			v = v<<8 | uint64(p.at(i+j))
		}
	default:
		p.o.str("<invalid size " + strconv.Itoa(size) + ">")
		return
	}
	p.o.str(cHexAlt(v))
}

// cHexAlt is C's "%#llx": "0x" before any value but 0.
func cHexAlt(v uint64) string {
	if v == 0 {
		return "0"
	}
	return "0x" + strconv.FormatUint(v, 16)
}

func (p *typedPrinter) float(t *dspec.PrintType, off int) {
	i := off / 8
	raw := make([]byte, t.Size)
	for j := range raw {
		raw[j] = p.at(i + j)
	}
	switch t.Size {
	case 4:
		p.o.str(fmt.Sprintf("%+.7e", float64(math.Float32frombits(binary.LittleEndian.Uint32(raw)))))
	case 8:
		p.o.str(fmt.Sprintf("%+.7e", math.Float64frombits(binary.LittleEndian.Uint64(raw))))
	case 16:
		p.o.str(fmt.Sprintf("%+.16E", extended(raw)))
	default:
		p.o.str("<unknown encoding>")
	}
}

// extended converts an x87 80-bit long double (the low 10 of its 16
// bytes) for printing. Infinities and NaNs are out of big.Float's range
// and print as C's "%E" prints them.
func extended(raw []byte) fmt.Formatter {
	mant := binary.LittleEndian.Uint64(raw)
	se := binary.LittleEndian.Uint16(raw[8:])
	exp := int(se & 0x7fff)
	neg := se&0x8000 != 0
	if exp == 0x7fff {
		s := "INF"
		if mant<<1 != 0 {
			s = "NAN"
		}
		if neg {
			s = "-" + s
		} else {
			s = "+" + s
		}
		return literal(s)
	}
	f := new(big.Float).SetPrec(64).SetUint64(mant)
	if exp == 0 {
		exp = 1 // denormal
	}
	f.SetMantExp(f, exp-16383-63)
	if neg {
		f.Neg(f)
	}
	return f
}

// literal is a fixed text that formats as itself.
type literal string

func (l literal) Format(s fmt.State, _ rune) { io.WriteString(s, string(l)) }

// array prints n elements of type elem from bit offset off, as
// dt_print_array() does: a char array holding a NUL-terminated
// printable string as that string (quoted, and bracketed unless it is
// the value printed), anything else element by element.
func (p *typedPrinter) array(elem *dspec.PrintType, n, off int) {
	esize := elem.Size
	str := false
	if elem.Kind == dspec.PrintInt && elem.Char {
		i := 0
		var c int8
		for ; i < n; i++ {
			c = int8(p.at(off/8 + i*esize))
			if c < ' ' || c > '~' {
				break
			}
		}
		str = i != n && c == 0
	}
	bracket := !str || p.depth != 0
	if bracket {
		p.o.str("[ ")
	}
	if str {
		p.o.byte('"')
		for i := 0; i < n; i++ {
			c := p.at(off/8 + i*esize)
			if c == 0 {
				break
			}
			p.o.byte(c)
		}
		p.o.byte('"')
	} else {
		for i := 0; i < n; i++ {
			sub := *p
			sub.nest += p.depth + 1
			sub.depth = 0
			sub.visit(elem, "", off+8*i*esize, 0, 0)
			sub.closeBraces(0)
			if i != n-1 {
				p.o.str(", ")
			} else if structLike(elem) {
				p.o.byte('\n')
			}
		}
	}
	if bracket {
		if structLike(elem) {
			p.indent()
		} else {
			p.o.byte(' ')
		}
		p.o.byte(']')
	}
}
