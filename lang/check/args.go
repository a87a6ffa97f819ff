package check

import (
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// ProbeArg is one typed argument of a probe, args[i], as its provider
// describes it: a C type name for the value in arg{Mapping}, and, for
// a translated argument, the type the D library translates it to.
type ProbeArg struct {
	Native, Xlate string
	Mapping       int
}

// DescArgs is what one probe description of a clause matched, which is
// where args[] takes its types from.
type DescArgs struct {
	// Desc is the description as DTrace prints it in messages
	// ("syscall::read*:entry").
	Desc string
	// Unstable says the description matches no probe, or a set of
	// probes whose arguments DTrace will not assume alike (see
	// provider.Attributes.UnstableSet).
	Unstable bool
	// Probes holds the arguments of each probe matched.
	Probes [][]ProbeArg
	// Err is set when a provider could not tell a probe's arguments.
	Err error
}

// args checks args[i], DTrace's typed probe arguments, as
// dt_idcook_args() does: i must be an integer constant, and the
// clause's descriptions must agree on the type of args[i]. DTrace
// compiles a clause once per description; godtrace compiles it once for
// all, so every probe the clause enables must give args[i] one type.
// The value is arg{Mapping} converted to the native type, as a use of
// an inline standing for it (Info.InlineCalls), or its translation
// (Info.Xlates of the XlateExpr argsXlate makes).
func (c *checker) args(e *ast.IndexExpr) Type {
	i, kt, ok := c.argsIndex(e)
	if !ok {
		return TypeInvalid
	}
	if c.clauseIn == nil || c.inlineIn != nil || c.xlateIn != nil {
		c.error(e.Pos(), tag.ArgsNone, "args")
		return TypeInvalid
	}
	a, ok := c.probeArg(e, i, true)
	if !ok {
		return TypeInvalid
	}
	native, ok := c.argType(a.Native)
	if !ok {
		c.error(e.Pos(), tag.ArgsType, "args", i)
		return TypeInvalid
	}
	arg := &ast.Ident{At: e.Pos(), Name: "arg" + strconv.Itoa(a.Mapping)}
	c.info.Builtins[arg] = BArg0 + Builtin(a.Mapping)
	c.info.Types[arg] = TypeInt64
	if a.Xlate == "" {
		c.info.InlineCalls[e] = &Inline{Name: "args", Init: arg, Params: []Type{kt}}
		return native
	}
	xt, ok := c.argType(a.Xlate)
	if !ok {
		c.error(e.Pos(), tag.ArgsTypeXlate, "args", i)
		return TypeInvalid
	}
	out := xt.resolved()
	if out.Kind == Pointer {
		out = out.Elem.resolved()
	}
	var x *Translator
	if out.Kind == Struct && out.Def.IsComplete() {
		x = c.lookupTranslator(out, native, true, false)
	}
	if x == nil || !c.resolveTranslator(x) {
		c.error(e.Pos(), tag.ArgsXlator, "args", i, native, xt)
		return TypeInvalid
	}
	// The translator's input is the native value: args[i] itself, as an
	// inline of the native type, inside an xlate of its own.
	in := &ast.IndexExpr{X: e.X, Keys: e.Keys}
	c.info.InlineCalls[in] = &Inline{Name: "args", Init: arg, Params: []Type{kt}}
	c.info.Types[in] = native
	xe := c.argsXlate(e)
	xe.X = in
	c.info.Xlates[xe] = x
	c.info.Types[xe] = xt
	// A use of the translated value other than a member access reaches
	// the xlate, which code generation refuses as DTrace does.
	c.info.InlineCalls[e] = &Inline{Name: "args", Init: xe, Params: []Type{kt}}
	return xt
}

// isArgs reports whether e is a use of args[]: an inline parameter or
// a D variable cannot be called args, a built-in name.
func (c *checker) isArgs(e *ast.IndexExpr) bool {
	x, ok := e.X.(*ast.Ident)
	return ok && x.Name == "args" && !c.isParam(x)
}

// argsIndex checks the index of args[i]: one integer constant.
func (c *checker) argsIndex(e *ast.IndexExpr) (int64, Type, bool) {
	if n := len(e.Keys); n != 1 {
		c.error(e.Pos(), tag.ProtoLenIndex, "args", n, plural(n))
		return 0, TypeInvalid, false
	}
	k := e.Keys[0]
	kt := c.rvalue(k)
	if kt.Kind == Invalid {
		return 0, TypeInvalid, false
	}
	i, ok := c.intConst(k)
	if !ok {
		c.error(e.Pos(), tag.ProtoArgIndex, "args", typeName(kt))
		return 0, TypeInvalid, false
	}
	return i, kt, true
}

// probeArg finds what the clause's descriptions say args[i] is. With
// report unset it only looks, for argsTranslated.
func (c *checker) probeArg(e *ast.IndexExpr, i int64, report bool) (ProbeArg, bool) {
	fail := func(m tag.Msg, args ...any) (ProbeArg, bool) {
		if report {
			c.error(e.Pos(), m, args...)
		}
		return ProbeArg{}, false
	}
	descs := c.clauseArgs()
	if len(descs) == 0 {
		return fail(tag.ArgsMulti, "args", c.clauseIn.Probes[0].Text)
	}
	var agreed *ProbeArg
	for _, d := range descs {
		if d.Err != nil {
			return fail(tag.ArgsType, "args", i)
		}
		if d.Unstable || len(d.Probes) == 0 {
			return fail(tag.ArgsMulti, "args", d.Desc)
		}
		var in, out int
		var first *ProbeArg
		differ := false
		for _, args := range d.Probes {
			if i < 0 || i >= int64(len(args)) {
				out++
				continue
			}
			in++
			if first == nil {
				first = &args[i]
			} else if !sameArg(*first, args[i]) {
				differ = true
			}
		}
		switch {
		case in == 0:
			return fail(tag.ArgsIdx, i, d.Desc, "args")
		case out > 0 || differ || agreed != nil && !sameArg(*agreed, *first):
			return fail(tag.ArgsMulti, "args", d.Desc)
		}
		agreed = first
	}
	return *agreed, true
}

// sameArg reports whether two probes give args[i] the same type.
func sameArg(a, b ProbeArg) bool {
	return a.Mapping == b.Mapping && a.Native == b.Native && a.Xlate == b.Xlate
}

// clauseArgs returns what the descriptions of the clause being checked
// matched, asking Config.ProbeArgs once per clause.
func (c *checker) clauseArgs() []DescArgs {
	if c.cfg.ProbeArgs == nil {
		return nil
	}
	if d, ok := c.descArgs[c.clauseIn]; ok {
		return d
	}
	if c.descArgs == nil {
		c.descArgs = map[*ast.Clause][]DescArgs{}
	}
	d := c.cfg.ProbeArgs(c.clauseIn)
	c.descArgs[c.clauseIn] = d
	return d
}

// argsXlate returns the xlate expression a translated args[i] stands
// for, made once per use.
func (c *checker) argsXlate(e *ast.IndexExpr) *ast.XlateExpr {
	if xe := c.argXlates[e]; xe != nil {
		return xe
	}
	if c.argXlates == nil {
		c.argXlates = map[*ast.IndexExpr]*ast.XlateExpr{}
	}
	xe := &ast.XlateExpr{At: e.Pos()}
	c.argXlates[e] = xe
	return xe
}

// argsTranslated returns the xlate expression e stands for when e is a
// translated args[i], for a member access through it (xlateOf). It
// reports nothing: the access checks e itself.
func (c *checker) argsTranslated(e *ast.IndexExpr) *ast.XlateExpr {
	if !c.isArgs(e) || len(e.Keys) != 1 || c.clauseIn == nil || c.inlineIn != nil || c.xlateIn != nil {
		return nil
	}
	i, ok := c.constInt(e.Keys[0])
	if !ok {
		return nil
	}
	if a, ok := c.probeArg(e, i, false); !ok || a.Xlate == "" {
		return nil
	}
	return c.argsXlate(e)
}

// argType resolves a type a provider names in C syntax, "const char *",
// "struct task_struct *", "char[16]", as D would read it: qualifiers
// dropped, the base name resolved as a type name in a program is.
func (c *checker) argType(s string) (Type, bool) {
	var dims []int
	for strings.HasSuffix(s, "]") {
		j := strings.LastIndexByte(s, '[')
		if j < 0 {
			return TypeInvalid, false
		}
		n, err := strconv.Atoi(strings.TrimSpace(s[j+1 : len(s)-1]))
		if err != nil {
			return TypeInvalid, false
		}
		dims = append([]int{n}, dims...)
		s = s[:j]
	}
	var base []string
	ptr := 0
	for _, w := range strings.Fields(strings.ReplaceAll(s, "*", " * ")) {
		switch w {
		case "const", "volatile", "restrict", "__restrict", "__user", "__rcu", "__percpu":
		case "*":
			ptr++
		default:
			if ptr > 0 {
				return TypeInvalid, false
			}
			base = append(base, w)
		}
	}
	if len(base) == 0 {
		return TypeInvalid, false
	}
	t, ok := c.namedType(strings.Join(base, " "))
	if !ok {
		return TypeInvalid, false
	}
	for range ptr {
		t = PointerTo(t)
	}
	for j := len(dims) - 1; j >= 0; j-- {
		t = ArrayOf(t, dims[j])
	}
	return t, true
}

// argsScalar reports the use of args without an index, which DTrace
// refuses as it does for any array.
func (c *checker) argsScalar(e *ast.Ident) Type {
	c.error(e.At, tag.IdentBadref, "associative array", e.Name, "scalar")
	return TypeInvalid
}
