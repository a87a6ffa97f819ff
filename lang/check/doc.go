// Package check type-checks a parsed D program.
//
// It resolves every name (built-in variables, globals, thread-locals
// self->x, clause-locals this->x, associative arrays, aggregations), gives
// every expression a Type, validates actions and aggregating functions,
// and reports errors with DTrace's D_* tags and wording. It keeps going
// after an error so that one run reports many, sorted by position. Results
// are side tables in Info; the syntax tree is not modified.
//
// Check processes each source's declarations (typedefs, structs,
// variables, inlines, translators, pragmas) before its clauses, as DTrace
// does them at parse time, then types each undeclared variable by its
// first assignment in program order. A clause's actions are checked before
// its predicate; on an undefined name the body is checked again after the
// predicate (DTrace's retry), so that /x/ { x = 1; } compiles.
//
// # Types
//
// A Type is a value: kind (integer, string, pointer, array, struct or
// union, float, function), size, signedness, name, and for derived types
// an element type, a length, or a shared StructDef. Type names resolve in
// order: D's built-in names and C specifier lists in any order
// (specifiers.go), types declared in the program (typedefs, struct, union
// and enum tags), then the running kernel's BTF (btf.go). The parser must
// know type names to tell a cast from a parenthesized expression; as
// DTrace's lexer asks every type container, TypeNames answers with D's
// built-in names, then the kernel's typedef and base type names, so that
// (rwlock_t *)arg0 parses. It is asked about an unknown identifier only
// after ( and before ) or *, so (x + 1) loads no BTF. The BTF is loaded
// only when a program names a type D does not know, through
// Config.KernelBTF, and converted lazily: a struct's members on first
// lookup. D structs are laid out as GCC lays them out (decl.go),
// bit-fields packed into units of their declared type.
//
// Member access (-> and .), *, & and p[i] on pointers and arrays are
// checked in member.go; their results are recorded in Info.Members, and a
// char array used where a string is wanted in Info.Strings. The code
// generator reads kernel memory with bpf_probe_read_kernel (_user through
// userland pointers), faulting with DTrace's "invalid address" when a read
// fails.
//
// # Kernel symbols
//
// Kernel symbols named with the scoping operator (`max_pfn, vmlinux`x,
// ext4`x) resolve in symbol.go: the address from Config.KernelSymbol (`x
// searches the kernel and then the modules), the type from a BTF VAR of
// that name (module BTF for a module's symbol, via Config.ModuleBTF). A
// function symbol has DTrace's function type int (), so only its address
// is usable. A symbol is an object that is read and whose address can be
// taken, but it is not writable (D_OP_WRITE). Kernels rarely give global
// variables BTF (pahole's global_var is off by default) and list few data
// symbols without CONFIG_KALLSYMS_ALL, so DTrace's D_SYM_NOTYPES and
// "Unknown symbol name" are the usual results; per-CPU variables (typed in
// BTF) are refused, their kallsyms address being an offset into each CPU's
// area. An extern declaration, and a declaration of a function (int
// f(void);, extern int *(*fp)(int, ...);, declarators as C writes them),
// declares a kernel symbol as in DTrace, not a D variable: the checker
// records its type only to refuse a second declaration of another type,
// and a symbol named in a clause still takes the kernel's type.
//
// # Translators and inlines
//
// Translators (xlate.go) are checked once, with their input name typed as
// the input type. xlate<T>(x).m, xlate<T *>(x)->m, and the same through an
// inline (curpsinfo->pr_pid) resolve to the member's expression
// (Info.Translated); the code generator evaluates it with the input name
// bound to x, and no translated struct is built. The inlines and
// translators of D libraries are checked when first used, so that the
// libraries every program compiles cost nothing (procfs.d's translators
// need task_struct, whose BTF takes ~20 ms to load); an error in an unused
// one goes unreported.
//
// # args[]
//
// args[i] (args.go) takes its type from the probes the clause's
// descriptions matched, which the compiler hands over per clause and
// description (Config.ProbeArgs). The index must be an integer constant.
// DTrace compiles a clause once per description, godtrace once for all its
// probes, so they must all give args[i] the same type, else D_ARGS_MULTI,
// as for a description matching an unstable set of probes. The native type
// name is resolved like a type in the program (D, the program's, then
// kernel BTF). args[i] then stands for an inline without parameters whose
// value is arg{Mapping} converted to that type (Info.InlineCalls), so the
// code generator needs nothing new; a translated argument is an xlate of
// that value to the Xlate type, through the D library's translator,
// reached by member access (args[0]->pr_pid) like any translation.
//
// # Subroutines and actions
//
// Every subroutine has a prototype in subr.go's subrs table, the one list
// of the subroutines godtrace implements. A string parameter also takes a
// char *, read as the string at that address (as DTrace's char *
// prototypes do), and NULL, which faults with an invalid address of 0 when
// read, as in Oracle DTrace; a void * parameter given a char array takes
// its bytes, not the string they would be read as. A string variable's
// type holds strsize characters: its buffer is strsize+1 rounded up to 8
// (stringType; a literal keeps its own size).
//
// alloca.go follows which values point into alloca() memory, as Oracle's
// DT_NF_ALLOCA does: from alloca() and copyin() through casts, +, -, ?:
// and variables, found to a fixed point once every clause is typed. Stores
// through such pointers are allowed (any other store into memory is
// refused); a variable given both kinds of pointer, or a mixed ?:, is
// D_ALLOCA_INCOMPAT; and bcopy()'s or copyinto()'s destination must be one
// (D_PROTO_ARG). The loads and stores through them are listed in
// Info.AllocaMem.
//
// print(p) is Oracle's: it takes a pointer (an array stands for its first
// element; anything else is D_PROTO_ARG, a pointee of size 0
// D_PRINT_SIZE); illumos's print(expr) of a value is gone, so print(*p)
// and print(x) of an integer are D_PROTO_ARG, as in Oracle.
//
// printf arguments are validated against the parsed format (printf.go,
// with the format package's Convs and DTrace's diagnostics).
//
// # Errors
//
// An error is reported as c.error(pos, tag.OpScalar, op): a tag.Msg
// constant names DTrace's D_* tag and its wording at once, and package
// tag's table holds the format, so a call site passes only the values
// the format substitutes (tags_test.go checks their number). A tag
// DTrace words several ways has a constant per wording (tag.OpScalar,
// tag.OpScalarUnary, tag.OpScalarCond); a message DTrace does not have
// is added to the table with a Where note beginning "godtrace:".
//
// # Testing
//
// The tests check annotated files in testdata (/* ERROR D_TAG "message"
// */), plus type tests.
package check
