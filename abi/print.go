package abi

// PrintKind classifies a PrintType as print() lays it out.
type PrintKind int

const (
	PrintInt     PrintKind = iota + 1 // integers
	PrintFloat                        // float, double, long double (print() shows none)
	PrintPointer                      // pointers, printed as addresses
	PrintArray
	PrintStruct
	PrintUnion
	PrintString // D's string
	PrintEnum   // an enum: the enumerator's name, or the number
)

// PrintType describes the type of the object print() recorded, which
// DTrace prints from the type's CTF description: what the consumer needs
// to walk the recorded bytes. Name is the type's name as DTrace writes it ("int",
// "struct foo", "char [8]", "char *").
type PrintType struct {
	Kind   PrintKind
	Name   string
	Size   int
	Signed bool
	Char   bool // the type named char: printed as a character
	// Enums are an enum's enumerators, in declaration order.
	Enums []PrintEnumerator
	// Arrays: Len elements of Elem; structs and unions: Members.
	Elem    *PrintType
	Len     int
	Members []PrintMember
}

// PrintMember is one member of a struct or union. Off is its offset in
// bits from the start of the struct; Bits, for a bit-field, its width.
type PrintMember struct {
	Name string
	Off  int
	Bits int
	Type *PrintType
}

// PrintEnumerator is one name of an enum and its value.
type PrintEnumerator struct {
	Name  string
	Value int64
}
