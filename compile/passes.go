package compile

import (
	"fmt"
	"sort"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// Pass names a pass of the compiler, in the order they run. Compilation
// is parsing (Parse), then these four, each reading what the ones before
// it produced; Config.Dump is given a description of each one's result.
type Pass int

const (
	// PassMatch resolves each clause's probe descriptions into probes:
	// a statement per (clause, description) that matched (match).
	PassMatch Pass = iota + 1
	// PassCheck types every clause body and declaration (check.Check):
	// the variables and aggregations and their types.
	PassCheck
	// PassLayout gives every variable and aggregation its storage:
	// offsets in the globals map and in scratch, maps of their own
	// (plan).
	PassLayout
	// PassCodegen generates each probe's BPF program, its ECBs and
	// records (enable), and the maps the programs use.
	PassCodegen
)

var passNames = [...]string{PassMatch: "match", PassCheck: "check", PassLayout: "layout", PassCodegen: "codegen"}

// String is the pass's name: match, check, layout or codegen.
func (p Pass) String() string {
	if p < PassMatch || p > PassCodegen {
		return fmt.Sprintf("Pass(%d)", int(p))
	}
	return passNames[p]
}

// Matched is a program after PassMatch. The method of a stage that
// runs the next pass may be called once: the passes build on one
// compiler's state, and a second call is an error.
type Matched struct {
	c     *compiler
	all   *ast.Program
	ccfg  check.Config
	stmts []statement
}

// Probes returns the probes each statement enables: a statement is a
// clause for one of its descriptions, in program order.
func (m *Matched) Probes() [][]*provider.Probe { return statementProbes(m.stmts) }

// Check runs PassCheck: it types every declaration and clause body,
// args[] by the probes their descriptions matched.
func (m *Matched) Check() (*Checked, error) {
	c := m.c
	if err := c.start(PassCheck); err != nil {
		return nil, err
	}
	info, err := check.Check(m.all, m.ccfg)
	if err != nil {
		return nil, positioned(c.files, err)
	}
	c.info = info
	c.dump(PassCheck, c.dumpCheck)
	return &Checked{c: c, stmts: m.stmts}, nil
}

// Checked is a program after PassCheck.
type Checked struct {
	c     *compiler
	stmts []statement
}

// Info returns what the checker found: types, variables, aggregations
// and actions.
func (k *Checked) Info() *check.Info { return k.c.info }

// Layout runs PassLayout: it gives every variable and aggregation its
// storage, and refuses a program whose scratch space is larger than the
// kernel allows.
func (k *Checked) Layout() (*LaidOut, error) {
	c := k.c
	if err := c.start(PassLayout); err != nil {
		return nil, err
	}
	c.plan()
	c.planError(statementProbes(k.stmts))
	c.dump(PassLayout, c.dumpLayout)
	// Checked before code generation, whose offsets must fit, and after
	// it, for the areas it added.
	if err := c.scratchFits(); err != nil {
		return nil, err
	}
	return &LaidOut{c: c, stmts: k.stmts}, nil
}

// LaidOut is a program after PassLayout.
type LaidOut struct {
	c     *compiler
	stmts []statement
}

// Generate runs PassCodegen: it generates the program of every enabled
// probe and its ECBs, and returns the compiled program.
func (l *LaidOut) Generate() (*spec.Program, error) {
	if err := l.c.start(PassCodegen); err != nil {
		return nil, err
	}
	return l.c.generate(l.stmts)
}

// start notes that pass p runs, which it may only once, after the pass
// before it.
func (c *compiler) start(p Pass) error {
	if c.ran != p-1 {
		return fmt.Errorf("compile: the %v pass has already run", p)
	}
	c.ran = p
	return nil
}

// dump gives Config.Dump, if set, what describe writes of pass p.
func (c *compiler) dump(p Pass, describe func(*strings.Builder)) {
	if c.cfg.Dump == nil {
		return
	}
	var b strings.Builder
	describe(&b)
	c.cfg.Dump(p, b.String())
}

// dumpMatch lists each statement: the clause's first description and
// line, then the probes it enables.
func (c *compiler) dumpMatch(b *strings.Builder, stmts []statement) {
	for _, st := range stmts {
		pos := c.files[fileOf(c.files, st.clause.Pos())].Position(st.clause.Pos())
		fmt.Fprintf(b, "clause at line %d:", pos.Line)
		for _, p := range st.probes {
			fmt.Fprintf(b, " %d %s", p.ID, p.Desc())
		}
		b.WriteByte('\n')
	}
}

// dumpCheck lists the variables, by kind, and the aggregations, each
// with its type.
func (c *compiler) dumpCheck(b *strings.Builder) {
	for _, vars := range [][]*check.Var{c.info.Globals, c.info.ThreadLocals, c.info.ClauseLocals} {
		for _, v := range vars {
			fmt.Fprintf(b, "%s: %s", varName(v), v.Type)
			if v.IsAssoc() {
				fmt.Fprintf(b, " keyed by %v", v.Keys)
			}
			b.WriteByte('\n')
		}
	}
	for _, a := range c.info.Aggs {
		fmt.Fprintf(b, "aggregation @%s: %v, keyed by %v\n", a.Name, a.Func, a.Keys)
	}
}

// dumpLayout describes the scratch layout, where each variable lives,
// and the aggregations' maps.
func (c *compiler) dumpLayout(b *strings.Builder) {
	l := &c.layout
	fmt.Fprintf(b, "globals: %d bytes\n", l.globalsSize)
	fmt.Fprintf(b, "scratch: %d bytes (record staging at %d, temporaries %d-%d)\n", l.scratchSize, l.staging, l.temps, l.tempsEnd)
	var names []string
	byName := map[string]varLoc{}
	for v, loc := range c.vars {
		name := varName(v)
		names = append(names, name)
		byName[name] = loc
	}
	sort.Strings(names)
	for _, name := range names {
		loc := byName[name]
		if loc.mapName != "" {
			fmt.Fprintf(b, "%s: map %s, key %d bytes, value %d bytes\n", name, loc.mapName, loc.keySize, loc.valSize)
		} else {
			fmt.Fprintf(b, "%s: offset %d\n", name, loc.off)
		}
	}
	for _, a := range c.aggs {
		fmt.Fprintf(b, "@%s: map %s, key %d bytes, value %d bytes\n", a.Name, a.Map, a.KeySize, a.ValueSize)
	}
}

// varName is a variable's name as D writes it: self->x, this->x, x.
func varName(v *check.Var) string {
	switch v.Kind {
	case check.ThreadLocal:
		return "self->" + v.Name
	case check.ClauseLocal:
		return "this->" + v.Name
	}
	return v.Name
}

// dumpCodegen lists each probe's program, as dtrace -S does.
func (c *compiler) dumpCodegen(b *strings.Builder) {
	for _, pp := range c.prog.Probes {
		fmt.Fprintf(b, "program %s for %d %s (EPIDs %v):\n%v", pp.Program.Name, pp.Probe.ID, pp.Probe.Desc(), pp.EPIDs, pp.Program.Instructions)
	}
	for _, cp := range c.prog.Companions {
		fmt.Fprintf(b, "companion %s for probe %d:\n%v", cp.Name, cp.Probe, cp.Program.Instructions)
	}
	var maps []string
	for name := range c.prog.Maps {
		maps = append(maps, name)
	}
	sort.Strings(maps)
	fmt.Fprintf(b, "maps: %s\n", strings.Join(maps, " "))
}
