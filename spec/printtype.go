package spec

// UserSym values of Item.Sym: a user address recorded with the pid of
// the process it belongs to, as a one-frame user stack (Stack is
// UserStack, Frames 1: the pid, then the address), printed as usym()
// and ufunc() print it (the function), as uaddr() does (function and
// offset) or as umod() does (the object).
const (
	SymUser  = "usym"
	SymUaddr = "uaddr"
	SymUmod  = "umod"
)

// IsUserSym reports whether an item is a user address printed as a
// symbol.
func (it Item) IsUserSym() bool {
	return it.Sym == SymUser || it.Sym == SymUaddr || it.Sym == SymUmod
}
