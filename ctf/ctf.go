// Package ctf writes type containers in the Compact C Type Format,
// format version 3 (CTF_VERSION_3, numbered 4 in the header), which
// binutils' libctf reads (objdump --ctf): the format DTrace's ctypes and
// dtypes options write its C and D type containers in.
//
// A Dict is built type by type; Bytes encodes it uncompressed, with no
// parent dictionary, labels, data objects, functions or variables: only
// types and their names. It does not read CTF.
package ctf

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// TypeID names a type of a Dict. The first type added is 1; 0 is none.
type TypeID uint32

// The kinds of type this package writes (CTF_K_*).
const (
	kindInteger  = 1
	kindFloat    = 2
	kindPointer  = 3
	kindArray    = 4
	kindFunction = 5
	kindTypedef  = 10
)

// Integer encodings (CTF_INT_*).
const (
	IntSigned = 1 << iota
	IntChar
	IntBool
)

// Float encodings (CTF_FP_*).
const (
	FloatSingle = 1
	FloatDouble = 2
	FloatLong   = 6 // long double
)

const (
	magic   = 0xdff2
	version = 4 // CTF_VERSION_3
	// headerSize is the preamble (4 bytes) and twelve 32-bit fields.
	headerSize = 4 + 12*4
	maxVlen    = 0xffffff
)

// Dict is a type container being built.
type Dict struct {
	types bytes.Buffer // the type section
	n     TypeID
	strs  bytes.Buffer // the string table, "" at offset 0
	names map[string]uint32
}

// NewDict returns an empty container.
func NewDict() *Dict {
	d := &Dict{names: map[string]uint32{"": 0}}
	d.strs.WriteByte(0)
	return d
}

func (d *Dict) name(s string) uint32 {
	if off, ok := d.names[s]; ok {
		return off
	}
	off := uint32(d.strs.Len())
	d.strs.WriteString(s)
	d.strs.WriteByte(0)
	d.names[s] = off
	return off
}

// add writes a type's ctf_stype_t and its trailing words.
func (d *Dict) add(name string, kind, vlen int, sizeOrType uint32, extra ...uint32) TypeID {
	if vlen > maxVlen {
		panic(fmt.Sprintf("ctf: %d members", vlen))
	}
	info := uint32(kind)<<26 | 1<<25 | uint32(vlen) // every type is a root type
	for _, w := range append([]uint32{d.name(name), info, sizeOrType}, extra...) {
		binary.Write(&d.types, binary.LittleEndian, w)
	}
	d.n++
	return d.n
}

// Integer adds an integer type of size bytes with the given encoding
// (IntSigned, IntChar, IntBool). A size of 0 makes void, as DTrace's C
// container has it.
func (d *Dict) Integer(name string, size int, encoding uint32) TypeID {
	return d.add(name, kindInteger, 0, uint32(size), encoding<<24|uint32(size*8))
}

// Float adds a floating-point type of size bytes (FloatSingle ...).
func (d *Dict) Float(name string, size int, encoding uint32) TypeID {
	return d.add(name, kindFloat, 0, uint32(size), encoding<<24|uint32(size*8))
}

// Pointer adds a pointer to t.
func (d *Dict) Pointer(t TypeID) TypeID { return d.add("", kindPointer, 0, uint32(t)) }

// Typedef adds name as another name of t.
func (d *Dict) Typedef(name string, t TypeID) TypeID {
	return d.add(name, kindTypedef, 0, uint32(t))
}

// Array adds an array of n elements of elem, indexed by index.
func (d *Dict) Array(elem, index TypeID, n int) TypeID {
	return d.add("", kindArray, 0, 0, uint32(elem), uint32(index), uint32(n))
}

// Function adds the type of a function returning ret with the given
// argument types.
func (d *Dict) Function(ret TypeID, args ...TypeID) TypeID {
	words := make([]uint32, len(args))
	for i, a := range args {
		words[i] = uint32(a)
	}
	return d.add("", kindFunction, len(args), uint32(ret), words...)
}

// Bytes encodes the container.
func (d *Dict) Bytes() []byte {
	var b bytes.Buffer
	typeOff := uint32(0) // labels, objects, functions, their indexes and variables are empty
	strOff := typeOff + uint32(d.types.Len())
	for _, v := range []any{
		uint16(magic), uint8(version), uint8(0), // preamble, no flags
		uint32(0), uint32(0), uint32(0), // no parent label or name, no compilation unit name
		uint32(0), uint32(0), uint32(0), uint32(0), uint32(0), uint32(0), // labels, objects, functions, object and function indexes, variables
		typeOff, strOff, uint32(d.strs.Len()),
	} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	if b.Len() != headerSize {
		panic("ctf: header size")
	}
	b.Write(d.types.Bytes())
	b.Write(d.strs.Bytes())
	return b.Bytes()
}
