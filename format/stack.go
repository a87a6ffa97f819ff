package format

import "io"

// DefaultStackIndent is DTrace's default for the stackindent option: the
// blanks before each frame of a stack printed by stack(), ustack() or as
// an aggregation key.
const DefaultStackIndent = 14

// KernelStack returns a stack() record holding pcs, the innermost frame
// first. The record's size is that of len(pcs) frames; a zero ends the
// stack early, as the kernel pads a short one.
func KernelStack(pcs []uint64) Datum {
	return Datum{Kind: Stack, Size: 8 * len(pcs), PCs: pcs}
}

// UserStack returns a ustack() record: the pid of the process, then
// pcs. DTrace records the pid first, so the record is one frame larger.
func UserStack(pid uint64, pcs []uint64) Datum {
	return Datum{Kind: Stack, Size: 8 * (len(pcs) + 1), PCs: pcs, Pid: pid, User: true}
}

// PrintStack writes a stack() or ustack() record as dtrace(1) does for
// the action (dt_print_stack() and dt_print_ustack()): a newline, then
// each frame on a line of its own, after the stackindent option's blanks,
// as module`function+0xoffset, module`0xaddress when only the module is
// known, or the bare address. In non-quiet mode the consumer ends the
// probe's output with a further newline, which leaves a blank line.
func PrintStack(w io.Writer, env *Env, d Datum) error {
	if d.Kind != Stack {
		return ErrMismatch
	}
	o := newOut(w)
	printStack(o, env, &d, env.stackIndent(), spec{prec: -1})
	return o.flush()
}

// printStack writes the frames of d, each indented by indent blanks and
// formatted by s as a %s conversion.
func printStack(o *out, env *Env, d *Datum, indent int, s spec) {
	o.byte('\n')
	for _, pc := range d.PCs {
		if pc == 0 {
			break
		}
		o.pad(indent, ' ')
		o.cString(s, d.frame(env, pc))
		o.byte('\n')
	}
}

// frame names one program counter of a stack.
func (d *Datum) frame(env *Env, pc uint64) string {
	if d.User {
		return env.UserAddr(d.Pid, pc)
	}
	return env.KernelAddr(pc)
}

// printStackConv prints a stack for printa()'s %k (pfprint_stack()):
// the frames are not indented unless the conversion is left-adjusted,
// when its width becomes the indent and each frame is printed without
// one. A width that is negative only through '*' both indents and pads.
func (c *Conv) printStackConv(o *out, env *Env, s spec, d *Datum) {
	indent := 0
	if s.left {
		indent = s.width
	}
	if c.Left {
		s.width = 0
	}
	printStack(o, env, d, indent, s)
}

// stackIndent is the stackindent option.
func (e *Env) stackIndent() int {
	if e == nil || e.StackIndent == nil {
		return DefaultStackIndent
	}
	return *e.StackIndent
}

// stackRaw returns a stack record's bytes as the kernel stores them: the
// pid of a user stack, then the program counters, little-endian, padded
// with zeros to the record's size. Keys compare and match on these.
func (d *Datum) stackRaw() []byte {
	b := make([]byte, max(d.Size, 8*len(d.PCs)))
	words := d.PCs
	if d.User {
		words = append([]uint64{d.Pid}, d.PCs...)
	}
	for i, w := range words {
		if 8*i+8 > len(b) {
			break
		}
		for j := 0; j < 8; j++ {
			b[8*i+j] = byte(w >> (8 * j))
		}
	}
	return b
}
