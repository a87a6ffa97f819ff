package output

import (
	"encoding/hex"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

// The typed values of the JSON output: each has a "type" saying which it
// is (docs/json-schema.json, $defs/value).

// jsonInt is an integer as its D type holds it: extended from its size
// by its signedness.
type jsonInt struct {
	Type   string `json:"type"` // "integer"
	Size   int    `json:"size"`
	Signed bool   `json:"signed"`
	Value  any    `json:"value"` // int64 or uint64
}

type jsonString struct {
	Type  string `json:"type"` // "string"
	Value string `json:"value"`
}

// jsonMemory is raw memory: a traced struct or array, tracemem() data.
type jsonMemory struct {
	Type string `json:"type"` // "memory"
	Size int    `json:"size"`
	Hex  string `json:"hex"`
}

// jsonStack is a stack() or ustack() record, innermost frame first, each
// frame named as dtrace prints it.
type jsonStack struct {
	Type   string   `json:"type"` // "stack"
	Kind   string   `json:"kind"` // "kernel" or "user"
	Pid    *uint64  `json:"pid,omitempty"`
	Frames []string `json:"frames"`
}

// jsonSymbol is an address printed as a symbol: func(), sym() and mod()
// of a kernel address, usym(), ufunc(), uaddr() and umod() of a user
// one.
type jsonSymbol struct {
	Type    string  `json:"type"` // "symbol"
	Kind    string  `json:"kind"` // the Item's Sym
	Pid     *uint64 `json:"pid,omitempty"`
	Address *uint64 `json:"address,omitempty"` // none in a key: keys are folded by name
	Value   string  `json:"value"`
}

// jsonValue describes one recorded item.
func jsonValue(h *dtrace.Handle, it spec.Item, d format.Datum) any {
	switch {
	case it.IsUserSym():
		var pc uint64
		if len(d.PCs) > 0 {
			pc = d.PCs[0]
		}
		pid := d.Pid
		return jsonSymbol{Type: "symbol", Kind: it.Sym, Pid: &pid, Address: &pc, Value: h.Resolve(it, d).Str}
	case d.Kind == format.Stack:
		return stackObject(h, h.Resolve(it, d))
	case it.Sym != "":
		addr := d.Int
		return jsonSymbol{Type: "symbol", Kind: it.Sym, Address: &addr, Value: h.Resolve(it, d).Str}
	}
	return jsonDatum(d)
}

// jsonDatum describes a value that needs no symbols.
func jsonDatum(d format.Datum) any {
	switch d.Kind {
	case format.String:
		return jsonString{Type: "string", Value: d.Str}
	case format.Bytes:
		return jsonMemory{Type: "memory", Size: len(d.Bytes), Hex: hex.EncodeToString(d.Bytes)}
	}
	v := jsonInt{Type: "integer", Size: d.Size, Signed: d.Signed}
	if d.Signed {
		v.Value = d.Int64()
	} else {
		v.Value = uint64(d.Int64()) // zero-extended
	}
	return v
}

func stackObject(h *dtrace.Handle, d format.Datum) jsonStack {
	s := jsonStack{Type: "stack", Kind: "kernel", Frames: []string{}}
	if d.User {
		pid := d.Pid
		s.Kind, s.Pid = "user", &pid
	}
	env := h.FormatEnv()
	for _, pc := range d.PCs {
		if pc == 0 {
			break
		}
		if d.User {
			s.Frames = append(s.Frames, env.UserAddr(d.Pid, pc))
		} else {
			s.Frames = append(s.Frames, env.KernelAddr(pc))
		}
	}
	return s
}

// jsonValues describes an action's recorded items.
func jsonValues(h *dtrace.Handle, items []spec.Item, data []format.Datum) []any {
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = jsonValue(h, it, data[i])
	}
	return out
}
