package check

import (
	"maps"
	"slices"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// Param is what a subroutine parameter accepts.
type Param int

const (
	ParamInt      Param = iota // an integer
	ParamScalar                // an integer or a pointer
	ParamString                // a string (char arrays become strings)
	ParamStrNull               // a string, or NULL (the constant 0): strtok()'s "go on"
	ParamPointer               // a pointer (void *): a pointer, array, string or the constant 0
	ParamMutex                 // a pointer to the kernel's struct mutex
	ParamRwlock                // a pointer to the kernel's rwlock_t
	ParamPid                   // an integer, a pid_t in the prototype
	ParamIn6Addr               // a pointer to struct in6_addr (or void *)
	ParamConstInt              // an integer constant
)

// Subr is a subroutine's prototype: its parameters (the last Optional
// of them may be left out) and what it returns. A Result of kind String
// with Size 0 returns a string of strsize bytes.
type Subr struct {
	Params   []Param
	Optional int
	Result   Type
	// KernelResult, when set, names the kernel type the result points
	// to (mutex_owner() returns a struct task_struct *): the result's
	// type is then found in the kernel's BTF rather than in Result.
	KernelResult string
}

// subrs are the subroutines godtrace implements: the one list of them.
// The code generator has a generator for each (compile/subr.go's
// generators, which compile's TestSubroutineGenerators holds to this
// list through Subroutines).
var subrs = map[string]Subr{
	"copyin":    {Params: []Param{ParamScalar, ParamInt}, Result: PointerTo(TypeVoid)},
	"copyinstr": {Params: []Param{ParamScalar, ParamInt}, Optional: 1, Result: StringType(0)},
	// d_path(struct path *): the path name of a file (Oracle DTrace's
	// Linux subroutine).
	"d_path": {Params: []Param{ParamScalar}, Result: StringType(0)},
	"strlen": {Params: []Param{ParamString}, Result: Type{Kind: Int, Size: 8, Name: "size_t"}},
	// Kernel symbols: the value is the address, printed as the symbol
	// holding it (module`function), or its module for mod().
	"func": {Params: []Param{ParamScalar}, Result: TypeSymaddr},
	"sym":  {Params: []Param{ParamScalar}, Result: TypeSymaddr},
	"mod":  {Params: []Param{ParamScalar}, Result: TypeModaddr},
	// User symbols, for aggregation keys (see TypeUsymaddr); as
	// statements they are actions (action_act.go).
	"usym":  {Params: []Param{ParamScalar}, Result: TypeUsymaddr},
	"ufunc": {Params: []Param{ParamScalar}, Result: TypeUsymaddr},
	"uaddr": {Params: []Param{ParamScalar}, Result: TypeUsymaddr},
	"umod":  {Params: []Param{ParamScalar}, Result: TypeUmodaddr},
	// A free speculation's ID, or 0 (compile/speculation.go).
	"speculation": {Result: TypeInt},
	// Destructive subroutines (compile/action_destructive.go): they
	// write the current process's memory, so need -w.
	"copyout":    {Params: []Param{ParamPointer, ParamScalar, ParamInt}, Result: TypeVoid},
	"copyoutstr": {Params: []Param{ParamString, ParamScalar, ParamInt}, Result: TypeVoid},
	// String subroutines (compile/subr_*.go), with the prototypes
	// of DTrace's dt_open.c.
	"basename": {Params: []Param{ParamString}, Result: StringType(0)},
	"dirname":  {Params: []Param{ParamString}, Result: StringType(0)},
	"index":    {Params: []Param{ParamString, ParamString, ParamInt}, Optional: 1, Result: TypeInt},
	"lltostr":  {Params: []Param{ParamInt, ParamInt}, Optional: 1, Result: StringType(0)},
	"rindex":   {Params: []Param{ParamString, ParamString, ParamInt}, Optional: 1, Result: TypeInt},
	"strchr":   {Params: []Param{ParamString, ParamInt}, Result: StringType(0)},
	"strjoin":  {Params: []Param{ParamString, ParamString}, Result: StringType(0)},
	"strrchr":  {Params: []Param{ParamString, ParamInt}, Result: StringType(0)},
	"strstr":   {Params: []Param{ParamString, ParamString}, Result: StringType(0)},
	"strtoll":  {Params: []Param{ParamString, ParamInt}, Optional: 1, Result: Type{Kind: Int, Size: 8, Signed: true, Name: "int64_t"}},
	"substr":   {Params: []Param{ParamString, ParamInt, ParamInt}, Optional: 1, Result: StringType(0)},
	"tolower":  {Params: []Param{ParamString}, Result: StringType(0)},
	"toupper":  {Params: []Param{ParamString}, Result: StringType(0)},
	// strtok(s, delims) keeps its place in s for strtok(NULL, delims)
	// (compile/subr_strtok.go).
	"strtok": {Params: []Param{ParamStrNull, ParamString}, Result: StringType(0)},
	// cleanpath(path): path without "//", "/./" and "/x/.."
	// (compile/subr_cleanpath.go).
	"cleanpath": {Params: []Param{ParamString}, Result: StringType(0)},
	// json(text, selector): the value the selector names in a JSON text
	// (compile/subr_json.go).
	"json": {Params: []Param{ParamString, ParamString}, Result: StringType(0)},
	// Network addresses as text (compile/subr_net.go): the address
	// arguments point to an ipaddr_t, an in6_addr_t, or for inet_ntop()
	// and link_ntop() to an address of the family or hardware type given.
	"inet_ntoa": {Params: []Param{ParamScalar}, Result: StringType(0)},
	// inet_ntoa6(addr [, strict]), Oracle's prototype: a nonzero
	// strict keeps the IPv6 prefix of an IPv4-mapped or -compatible
	// address.
	"inet_ntoa6": {Params: []Param{ParamIn6Addr, ParamConstInt}, Optional: 1, Result: StringType(0)},
	"inet_ntop":  {Params: []Param{ParamInt, ParamScalar}, Result: StringType(0)},
	"link_ntop":  {Params: []Param{ParamInt, ParamPointer}, Result: StringType(0)},
	// Byte order, random numbers, device numbers and process ancestry
	// (compile/subr_int.go), with dt_open.c's prototypes.
	"htons":     {Params: []Param{ParamInt}, Result: Type{Kind: Int, Size: 2, Name: "uint16_t"}},
	"htonl":     {Params: []Param{ParamInt}, Result: TypeUint32},
	"htonll":    {Params: []Param{ParamInt}, Result: TypeUint64},
	"ntohs":     {Params: []Param{ParamInt}, Result: Type{Kind: Int, Size: 2, Name: "uint16_t"}},
	"ntohl":     {Params: []Param{ParamInt}, Result: TypeUint32},
	"ntohll":    {Params: []Param{ParamInt}, Result: TypeUint64},
	"rand":      {Result: TypeInt},
	"getmajor":  {Params: []Param{ParamInt}, Result: Type{Kind: Int, Size: 4, Name: "dev_t"}},
	"getminor":  {Params: []Param{ParamInt}, Result: Type{Kind: Int, Size: 4, Name: "dev_t"}},
	"progenyof": {Params: []Param{ParamPid}, Result: TypeInt},
	// Kernel locks (compile/subr_lock.go): Linux mutexes and queued
	// rwlocks, read as Oracle DTrace reads them.
	"mutex_owned":         {Params: []Param{ParamMutex}, Result: TypeInt},
	"mutex_owner":         {Params: []Param{ParamMutex}, KernelResult: "struct task_struct"},
	"mutex_type_adaptive": {Params: []Param{ParamMutex}, Result: TypeInt},
	"mutex_type_spin":     {Params: []Param{ParamMutex}, Result: TypeInt},
	"rw_read_held":        {Params: []Param{ParamRwlock}, Result: TypeInt},
	"rw_write_held":       {Params: []Param{ParamRwlock}, Result: TypeInt},
	"rw_iswriter":         {Params: []Param{ParamRwlock}, Result: TypeInt},
	// Scratch memory (compile/subr_mem.go): valid until the clause ends.
	"alloca":   {Params: []Param{ParamInt}, Result: PointerTo(TypeVoid)},
	"bcopy":    {Params: []Param{ParamPointer, ParamPointer, ParamInt}, Result: TypeVoid},
	"copyinto": {Params: []Param{ParamScalar, ParamInt, ParamPointer}, Result: TypeVoid},
}

// Subroutines returns the names of the subroutines the checker accepts
// in expressions, sorted: those of subrs, and stack(), ustack() and
// jstack(), whose values only aggregation keys and actions take.
func Subroutines() []string {
	names := slices.Collect(maps.Keys(subrs))
	names = append(names, "stack", "ustack", "jstack")
	slices.Sort(names)
	return names
}

// subroutine checks a call of a subroutine: argument count and kinds,
// and gives the result's type.
func (c *checker) subroutine(e *ast.CallExpr, s Subr, types []Type) Type {
	name := e.Fun.Name
	n := len(e.Args)
	if n < len(s.Params)-s.Optional || n > len(s.Params) {
		if s.Optional > 0 && n < len(s.Params)-s.Optional {
			c.error(e.Fun.At, tag.ProtoLenMin, name, n, plural(n), len(s.Params)-s.Optional)
		} else if s.Optional > 0 {
			c.error(e.Fun.At, tag.ProtoLenMax, name, n, len(s.Params))
		} else {
			c.error(e.Fun.At, tag.ProtoLen, name, n, plural(n), len(s.Params))
		}
		return TypeInvalid
	}
	for i, t := range types {
		if t.Kind == Invalid {
			return TypeInvalid
		}
		ok, proto := false, ""
		switch s.Params[i] {
		case ParamInt:
			ok, proto = t.Kind == Int, "int"
		case ParamPid:
			ok, proto = t.Kind == Int, "pid_t"
		case ParamIn6Addr:
			ok, proto = c.isNull(e.Args[i]) || t.Kind == Pointer && t.Elem != nil &&
				(t.Elem.Kind == Void || t.Elem.Kind == Struct && t.Elem.Def != nil && t.Elem.Def.Name == "struct in6_addr"), "struct in6_addr *"
		case ParamConstInt:
			ok, proto = t.Kind == Int, "int"
			if _, isConst := c.intConst(e.Args[i]); ok && !isConst {
				c.error(e.Args[i].Pos(), tag.ProtoArgConst, name, i+1)
				return TypeInvalid
			}
		case ParamScalar:
			ok, proto = t.IsScalar(), "uintptr_t"
		case ParamString:
			// NULL passes the prototype (char *), as in Oracle
			// DTrace, and faults when the subroutine reads it.
			ok, proto = t.Kind == String || c.charPointerArg(e.Args[i], t), "char *"
			if !ok && c.isNull(e.Args[i]) {
				c.toString(e.Args[i], t)
				ok = true
			}
		case ParamStrNull:
			v, isConst := c.info.Consts[e.Args[i]]
			ok, proto = t.Kind == String || t.Kind == Int && isConst && v == 0 || c.charPointerArg(e.Args[i], t), "char *"
		case ParamPointer:
			if at := c.info.Types[e.Args[i]]; at.IsCharArray() {
				// A char array passed as void * is its bytes
				// (link_ntop(ARPHRD_INFINIBAND, addr)), not
				// the string they would be read as.
				delete(c.info.Strings, e.Args[i])
				t = at
			}
			ok, proto = argCompat(PointerTo(TypeVoid), t, c.isNull(e.Args[i])), "void *"
		case ParamMutex, ParamRwlock:
			// The kernel types of Oracle DTrace's prototypes
			// (vmlinux`struct mutex *, vmlinux`rwlock_t *).
			name := map[Param]string{ParamMutex: "struct mutex", ParamRwlock: "rwlock_t"}[s.Params[i]]
			lock, found := c.kernel.lookup(name)
			ok, proto = found && argCompat(PointerTo(lock), t, c.isNull(e.Args[i])), name+" *"
		}
		if !ok {
			c.error(e.Args[i].Pos(), tag.ProtoArg, name, i+1, proto, t)
			return TypeInvalid
		}
	}
	if s.Result.Kind == String && s.Result.Size == 0 {
		// Oracle DTrace's subroutines write up to strsize characters
		// and a NUL, as its string variables hold (illumos's keep
		// strsize-1 characters, all but substr()); copyinstr() reads
		// at most strsize bytes, its NUL included.
		if name == "copyinstr" {
			return StringType(c.cfg.StrSize)
		}
		return c.stringType()
	}
	if s.KernelResult != "" {
		t, ok := c.kernel.lookup(s.KernelResult)
		if !ok {
			c.error(e.Fun.At, tag.IdentUndef, name+"( )", "kernel type information is not available")
			return TypeInvalid
		}
		return PointerTo(t)
	}
	return s.Result
}

// charPointerArg accepts a char * argument for a string parameter, as
// DTrace's prototypes (char *) do, and has it read as the string at that
// address: how a string built in alloca() memory reaches the string
// subroutines.
func (c *checker) charPointerArg(e ast.Expr, t Type) bool {
	if t.Kind != Pointer || t.Elem == nil || t.Elem.Kind != Int || t.Elem.Size != 1 {
		return false
	}
	c.toString(e, t)
	return true
}
