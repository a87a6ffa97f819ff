package format

import (
	"errors"
	"io"
	"math"
	"math/big"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"
)

// ErrMismatch reports a record that cannot be printed by its conversion:
// a string given to %d, an integer of 3 bytes, too few arguments. libdtrace
// calls this EDT_DMISMATCH; the checker should make it impossible.
var ErrMismatch = errors.New("format: data record does not match the conversion")

// ErrUnsupported reports a conversion this package cannot print.
var ErrUnsupported = errors.New("format: conversion not supported yet")

// Fprint writes args formatted by f, as printf() does, with the default
// Env.
func (f *Format) Fprint(w io.Writer, args []Datum) error {
	return f.FprintEnv(w, nil, args)
}

// FprintEnv is Fprint with an Env for %a, %A, %Y, %T, %I and %P.
func (f *Format) FprintEnv(w io.Writer, env *Env, args []Datum) error {
	st := printStates.Get().(*printState)
	st.o.w, st.o.buf, st.o.err = w, st.o.buf[:0], nil
	st.args.args = args
	err := f.exec(&st.o, env, &st.args)
	if ferr := st.o.flush(); err == nil {
		err = ferr
	}
	st.o.w, st.args.args = nil, nil
	printStates.Put(st)
	return err
}

// printState is what one printf() needs besides its arguments, kept
// for the next: a stream of printf()s (a million a second) would
// otherwise allocate it for each.
type printState struct {
	o    out
	args argList
}

var printStates = sync.Pool{New: func() any { return &printState{o: out{buf: make([]byte, 0, 256)}} }}

// source supplies the records a format consumes: printf() arguments, or a
// printa() row's keys and aggregation values.
type source interface {
	next() (Datum, error)
	agg(o *out, env *Env, c *Conv, s spec) error
}

type argList struct {
	args []Datum
}

func (a *argList) next() (Datum, error) {
	if len(a.args) == 0 {
		return Datum{}, ErrMismatch
	}
	d := a.args[0]
	a.args = a.args[1:]
	return d, nil
}

func (a *argList) agg(*out, *Env, *Conv, spec) error { return ErrMismatch }

// exec runs the format over src, as dt_printf_format() does.
func (f *Format) exec(o *out, env *Env, src source) error {
	for i := range f.convs {
		c := &f.convs[i]
		o.str(c.prefix)
		if c.info.pr == prPct {
			o.byte('%')
			continue
		}
		s, err := c.spec(src)
		if err != nil {
			return err
		}
		if c.Agg {
			err = src.agg(o, env, c, s)
		} else {
			var d Datum
			if d, err = src.next(); err == nil {
				err = c.print(o, env, s, d)
			}
		}
		if err != nil {
			return err
		}
	}
	o.str(f.suffix)
	return nil
}

// spec builds the C specification for one use of c, taking '*' values
// from src: width first, then precision. A negative width means left
// adjustment; a precision that is not positive means none, because
// DTrace only emits ".N" for N > 0.
func (c *Conv) spec(src source) (spec, error) {
	width, prec := c.Width, c.Prec
	if c.DynWidth {
		d, err := src.next()
		if err != nil || !d.intSized() {
			return spec{}, ErrMismatch
		}
		width = int(int32(d.sint())) // libdtrace reads it into an int
	}
	if c.DynPrec {
		d, err := src.next()
		if err != nil || !d.intSized() {
			return spec{}, ErrMismatch
		}
		prec = int(int32(d.sint()))
	}
	s := spec{left: c.Left, zero: c.Zero, plus: c.Plus, space: c.Space, alt: c.Alt, width: width, prec: -1}
	if width < 0 {
		s.left = true
		s.width = -width
		if s.width < 0 { // -MinInt32: C's ABS() overflows; print unpadded
			s.width = 0
		}
	}
	if prec > 0 {
		s.prec = prec
	}
	return s, nil
}

// print writes one record with c's conversion.
func (c *Conv) print(o *out, env *Env, s spec, d Datum) error {
	switch c.info.pr {
	case prSint:
		if !d.intSized() {
			return ErrMismatch
		}
		c.printSigned(o, s, d.sint())
	case prUint:
		if !d.intSized() {
			return ErrMismatch
		}
		o.cInt(s, c.info.verb, false, d.uint())
	case prDint:
		if !d.intSized() {
			return ErrMismatch
		}
		if d.Signed {
			o.cSigned(s, 'i', d.sint())
		} else {
			o.cInt(s, 'u', false, d.uint())
		}
	case prFP:
		v, ok := d.float()
		if !ok {
			return ErrMismatch
		}
		o.cFloat(s, c.info.verb, v)
	case prStack:
		if d.Kind != Stack {
			return ErrMismatch
		}
		c.printStackConv(o, env, s, &d)
	default:
		str, err := c.text(env, d)
		if err != nil {
			return err
		}
		o.cString(s, str)
	}
	return nil
}

// printSigned prints an integer read as signed: a number, or for %c a
// character (the int's low byte, as C's printf takes it).
func (c *Conv) printSigned(o *out, s spec, v int64) {
	if c.info.verb != 'c' {
		o.cSigned(s, c.info.verb, v)
		return
	}
	if c.Name == "c" || v >= 0 && v < utf8.RuneSelf {
		o.cChar(s, byte(v))
		return
	}
	// %lc and %wc take a wide character.
	o.cString(spec{left: s.left, width: s.width, prec: -1}, string(rune(int32(v))))
}

// text computes the string that a %s-style conversion prints.
func (c *Conv) text(env *Env, d Datum) (string, error) {
	switch c.info.pr {
	case prCstr:
		if d.Kind == Int {
			return "", ErrMismatch
		}
		return d.cstring(), nil
	case prEstr:
		if d.Kind == Int {
			return "", ErrMismatch
		}
		return escapeString(d.raw()), nil
	case prEchr:
		if !d.intSized() || d.Size == 8 {
			return "", ErrMismatch
		}
		return escapeString([]byte{byte(d.Int)}), nil
	case prWstr:
		if d.Kind == Int {
			return "", ErrMismatch
		}
		return wideString(d.raw()), nil
	case prAddr:
		if d.Kind == String {
			return d.Str, nil // a sym() or func() key, resolved by the consumer
		}
		if d.Kind != Int || (d.Size != 4 && d.Size != 8) {
			return "", ErrMismatch
		}
		return env.KernelAddr(d.uint()), nil
	case prUAddr:
		return userAddrText(env, d)
	case prTime, prTime822:
		if d.Kind != Int || d.Size != 8 {
			return "", ErrMismatch
		}
		return timeText(env, c.info.pr, d.Int), nil
	case prPort:
		if !d.intSized() {
			return "", ErrMismatch
		}
		return portText(env, uint16(d.Int)), nil
	case prInet:
		if d.Kind == Int {
			return "", ErrMismatch
		}
		return hostText(env, d.cstring()), nil
	}
	return "", ErrUnsupported
}

func userAddrText(env *Env, d Datum) (string, error) {
	var pid uint64
	if env != nil {
		pid = env.Target
	}
	switch {
	case d.Kind == String:
		// A usym(), ufunc() or uaddr() key, which the consumer resolved
		// as it folded the addresses of one symbol together: the text
		// dtrace_uaddr2str() gives the folded address.
		return d.Str, nil
	case d.Kind == Int && (d.Size == 4 || d.Size == 8):
		return env.UserAddr(pid, d.uint()), nil
	case d.Kind == Bytes && d.Size == 16:
		b := d.raw()
		return env.UserAddr(le64(b[:8]), le64(b[8:])), nil
	}
	return "", ErrMismatch
}

func le64(b []byte) uint64 {
	var v uint64
	for i := 7; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

// timeText renders nanoseconds since the epoch as %Y ("2003 Sep  3
// 10:23:41": ctime()'s fields with the year first) or %T (RFC 822 through
// strftime's "%a, %d %b %G %T %Z"; %G is the ISO 8601 week-based year,
// which is what DTrace prints, even where it is not the calendar year).
func timeText(env *Env, pr printer, ns uint64) string {
	t := time.Unix(int64(ns/1e9), 0).In(env.location())
	if pr == prTime {
		return t.Format("2006 Jan _2 15:04:05")
	}
	year, _ := t.ISOWeek()
	return t.Format("Mon, 02 Jan ") + strconv.Itoa(year) + t.Format(" 15:04:05 MST")
}

func portText(env *Env, port uint16) string {
	if env != nil && env.Service != nil {
		if name, ok := env.Service(port); ok {
			return name
		}
	}
	return strconv.Itoa(int(port))
}

func hostText(env *Env, addr string) string {
	if env != nil && env.Host != nil {
		if name, ok := env.Host(addr); ok {
			return name
		}
	}
	return addr
}

// escapeString is libdtrace's strchr2esc(): C escapes for the special
// characters, octal for other unprintable bytes, stopping after the first
// NUL, which is itself printed as \0. A string argument is the whole
// strsize buffer, so %S of "hi" prints hi\0.
func escapeString(b []byte) string {
	var r []byte
	for _, c := range b {
		switch c {
		case 0:
			r = append(r, '\\', '0')
		case '\a':
			r = append(r, '\\', 'a')
		case '\b':
			r = append(r, '\\', 'b')
		case '\f':
			r = append(r, '\\', 'f')
		case '\n':
			r = append(r, '\\', 'n')
		case '\r':
			r = append(r, '\\', 'r')
		case '\t':
			r = append(r, '\\', 't')
		case '\v':
			r = append(r, '\\', 'v')
		case '"':
			r = append(r, '\\', '"')
		case '\\':
			r = append(r, '\\', '\\')
		case ' ':
			r = append(r, c)
		default:
			if c < '!' || c > '~' {
				r = append(r, '\\', '0'+c>>6&3, '0'+c>>3&7, '0'+c&7)
			} else {
				r = append(r, c)
			}
		}
		if c == 0 {
			break
		}
	}
	return string(r)
}

// wideString decodes an array of 32-bit wide characters up to the first
// zero, as %ls reads a wchar_t[].
func wideString(b []byte) string {
	var r []byte
	for i := 0; i+4 <= len(b); i += 4 {
		c := uint32(b[i]) | uint32(b[i+1])<<8 | uint32(b[i+2])<<16 | uint32(b[i+3])<<24
		if c == 0 {
			break
		}
		r = utf8.AppendRune(r, rune(c))
	}
	return string(r)
}

// float reads a float, double or long double record.
func (d Datum) float() (float64, bool) {
	switch {
	case d.Kind == Int && d.Size == 4:
		return float64(math.Float32frombits(uint32(d.Int))), true
	case d.Kind == Int && d.Size == 8:
		return math.Float64frombits(d.Int), true
	case d.Kind == Bytes && d.Size == 16:
		return float80(d.raw()), true
	}
	return 0, false
}

// float80 converts an x86 80-bit extended value (the first 10 bytes,
// little-endian) to the nearest float64.
func float80(b []byte) float64 {
	mant := le64(b[:8])
	se := uint16(b[8]) | uint16(b[9])<<8
	neg := se&0x8000 != 0
	exp := int(se & 0x7fff)
	var v float64
	switch {
	case exp == 0x7fff && mant<<1 == 0:
		v = math.Inf(1)
	case exp == 0x7fff:
		v = math.NaN()
	default:
		if exp == 0 {
			exp = 1 // denormal: no implicit integer bit, same scale
		}
		f := new(big.Float).SetUint64(mant)
		f.SetMantExp(f, exp-16383-63)
		v, _ = f.Float64()
	}
	if neg {
		v = -v
	}
	return v
}
