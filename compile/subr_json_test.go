package compile

import (
	"math/bits"
	"math/rand"
	"strings"
	"testing"
)

// jsonDTrace is illumos's json(): DIF_SUBR_JSON's split of the selector
// and dtrace_json()'s loop, written out in Go as the reference the
// machine must agree with. ok is false for NULL.
func jsonDTrace(text, sel string, size int) (string, bool) {
	var list []byte
	nelems := 1
	for i := 0; i < len(sel) && i < size && sel[i] != 0; i++ {
		c := sel[i]
		switch {
		case i == 0 && c == '[', c == ']':
			continue
		case c == '.' || c == '[':
			nelems++
			c = 0
		}
		list = append(list, c)
	}
	list = append(list, 0)
	elem := 0
	cstr := func(at int) string { return string(list[at : at+strings.IndexByte(string(list[at:]), 0)]) }
	strtoll := func(s string) int64 {
		s = strings.TrimLeft(s, " \t")
		neg := false
		if s != "" && (s[0] == '-' || s[0] == '+') {
			neg = s[0] == '-'
			s = s[1:]
		}
		var v int64
		for ; s != "" && s[0] >= '0' && s[0] <= '9'; s = s[1:] {
			v = v*10 + int64(s[0]-'0')
		}
		if neg {
			return -v
		}
		return v
	}
	space := func(c byte) bool { return strings.IndexByte(" \r\n\t\f", c) >= 0 }
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	hex := func(c byte) bool { return digit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
	const (
		rest = iota
		object
		str
		esc
		uni
		colon
		comma
		value
		ident
		number
		frac
		exp
		collect
	)
	state := rest
	var arrayElem, arrayPos int64
	var uniCount, braces, brackets int
	var isKey, inCollect, found, inArray bool
	dest := make([]byte, size+1)
	dd := 0
	for cur := 0; cur < size; cur++ {
		var c byte
		if cur < len(text) {
			c = text[cur]
		}
		if c == 0 {
			return "", false
		}
		switch state {
		case rest:
			switch {
			case space(c):
			case c == '{':
				state = object
			case c == '[':
				inArray, arrayPos = true, 0
				arrayElem = strtoll(cstr(elem))
				found = arrayElem == 0
				state = value
			default:
				return "", false
			}
		case object:
			switch {
			case space(c):
			case c == '"':
				state, isKey = str, true
			default:
				return "", false
			}
		case str:
			switch {
			case c == '\\':
				dest[dd] = c
				dd++
				state = esc
			case c == '"' && inCollect:
				dest[dd] = c
				dd++
				inCollect = false
				state = collect
			case c == '"':
				s := string(dest[:dd])
				dd = 0
				if isKey {
					if s == cstr(elem) {
						found = true
					}
				} else if found {
					if nelems > 1 {
						return "", false
					}
					return s, true
				}
				state = comma
				if isKey {
					state = colon
				}
				isKey = false
			default:
				dest[dd] = c
				dd++
			}
		case esc:
			dest[dd] = c
			dd++
			state = str
			if c == 'u' {
				uniCount, state = 0, uni
			}
		case uni:
			if !hex(c) {
				return "", false
			}
			dest[dd] = c
			dd++
			if uniCount++; uniCount == 4 {
				state = str
			}
		case colon:
			switch {
			case space(c):
			case c == ':':
				state = value
			default:
				return "", false
			}
		case comma:
			switch {
			case space(c):
			case c == ',' && inArray:
				state = value
				if arrayPos++; arrayPos == arrayElem {
					found = true
				}
			case c == ',':
				state = object
			default:
				return "", false
			}
		case ident:
			if lower(c) {
				dest[dd] = c
				dd++
				break
			}
			s := string(dest[:dd])
			dd = 0
			if s != "true" && s != "false" && s != "null" {
				return "", false
			}
			if found {
				if nelems > 1 {
					return "", false
				}
				return s, true
			}
			cur--
			state = comma
		case number, frac, exp:
			if state == number {
				if c == '.' {
					dest[dd] = c
					dd++
					state = frac
					break
				}
				if c == 'x' || c == 'X' {
					return "", false
				}
			}
			if state != exp {
				if c == 'e' || c == 'E' {
					dest[dd] = c
					dd++
					state = exp
					break
				}
				if c == '+' || c == '-' {
					return "", false
				}
			}
			if digit(c) || c == '+' || c == '-' {
				dest[dd] = c
				dd++
				break
			}
			s := string(dest[:dd])
			dd = 0
			if found {
				if nelems > 1 {
					return "", false
				}
				return s, true
			}
			cur--
			state = comma
		case value:
			switch {
			case space(c):
			case (c == '{' || c == '[') && nelems > 1 && found:
				inArray = c == '['
				elem += len(cstr(elem)) + 1
				nelems--
				dd = 0
				if inArray {
					state, arrayPos = value, 0
					arrayElem = strtoll(cstr(elem))
					found = arrayElem == 0
				} else {
					state, found = object, false
				}
			case c == '{' || c == '[':
				if c == '[' {
					brackets = 1
				} else {
					braces = 1
				}
				dest[dd] = c
				dd++
				state = collect
			case c == '"':
				state = str
			case lower(c):
				dest[dd] = c
				dd++
				state = ident
			case c == '-' || digit(c):
				dest[dd] = c
				dd++
				state = number
			default:
				return "", false
			}
		case collect:
			dest[dd] = c
			dd++
			switch c {
			case '"':
				inCollect, state = true, str
				continue
			case ']':
				if brackets == 0 {
					return "", false
				}
				brackets--
			case '}':
				if braces == 0 {
					return "", false
				}
				braces--
			case '{':
				braces++
			case '[':
				brackets++
			}
			if braces == 0 && brackets == 0 {
				if found {
					return string(dest[:dd]), true
				}
				dd, state = 0, comma
			}
		}
	}
	return "", false
}

// jsonMachine runs json()'s tables as the generated code does, step
// for step: the selector's split, then one step per byte of the text,
// with the same arithmetic. ns and nj are the argument buffers' sizes.
func jsonMachine(text, sel string, size, nj, ns int) (string, bool) {
	b := func(x bool) uint64 {
		if x {
			return 1
		}
		return 0
	}
	isZero := func(x uint64) uint64 { return (x - 1) >> 63 }
	sb, tb := make([]byte, ns), make([]byte, nj)
	copy(sb, sel)
	copy(tb, text)

	ms := min(ns, size-1)
	nelems := ms + 1
	mask := 1<<bits.Len(uint(ms)) - 1
	elems, tab := make([]byte, mask+1), make([]uint32, nelems)
	var w, start, ps, val, neg, eidx uint64
	storeElem := func() {
		v := (val ^ -neg) + neg
		over := (0 - v>>16) >> 63
		tab[eidx] = uint32(start | (v&0xffff|over*0xffff)<<16)
	}
	for j := 0; j < ms && sb[j] != 0; j++ {
		c := uint64(sb[j])
		skip := isZero(uint64(j))&b(c == '[') | b(c == ']')
		sep := (b(c == '.') | b(c == '[')) & (skip ^ 1)
		elems[w] = byte((sep - 1) & c)
		w += skip ^ 1
		feed := (skip ^ 1) & (sep ^ 1)
		dv := uint64(digitValues[c])
		dig := (dv - 10) >> 63 & (ps>>1 ^ 1) & feed
		sgn := (b(c == '-') | b(c == '+')) & isZero(ps) & feed
		neg |= sgn & b(c == '-')
		val += dig * (9*val + dv)
		stay0 := isZero(dv^digitBlank) & isZero(ps)
		ps += feed * (2 - (dig | sgn) - 2*stay0 - ps)
		storeElem()
		eidx += sep
		start += sep * (w - start)
		ps &= sep - 1
		val &= sep - 1
		neg &= sep - 1
	}
	elems[w] = 0
	storeElem()
	nrem, eidx := eidx+1, uint64(0)

	step := func(st, cl uint64) uint64 {
		off := 4 * ((st&31)<<5 | cl&31)
		return uint64(jsonSteps[off]) | uint64(jsonSteps[off+1])<<8 | uint64(jsonSteps[off+2])<<16 | uint64(jsonSteps[off+3])<<24
	}
	dest := make([]byte, roundUp(size, 8))
	var st, dd, keyok, found, inArr, apos, aelem, braces, brackets uint64
	for i := 0; i < min(nj, size); i++ {
		c := uint64(tb[i])
		e := step(st, uint64(jsonClasses[c]))
		bit := func(n int) uint64 { return e >> n & 1 }
		if bit(jbError) != 0 {
			return "", false
		}
		descend := bit(jbOpen) & found & ((1 - nrem) >> 63)
		ek := uint64(elems[(uint64(tab[eidx]&0xffff)+dd)&uint64(mask)])
		eq := isZero((bit(jbKeyEnd)-1)&c ^ ek)
		keyok = (keyok | bit(jbKeyStart)) & (eq | (bit(jbCompare) ^ 1))
		found |= keyok & bit(jbKeyEnd)
		dest[dd] = byte(c)
		dd += bit(jbWrite) & (descend ^ 1)
		for _, k := range []struct {
			n       *uint64
			in, out int
		}{{&braces, jbBraceIn, jbBraceOut}, {&brackets, jbBracketIn, jbBracketOut}} {
			if isZero(*k.n)&bit(k.out) != 0 {
				return "", false
			}
			*k.n += bit(k.in)&(descend^1) - bit(k.out)
		}
		closed := isZero(braces|brackets) & bit(jbClose)
		word := uint64(dest[0]) | uint64(dest[1])<<8 | uint64(dest[2])<<16 | uint64(dest[3])<<24 |
			uint64(dest[4])<<32 | uint64(dest[5])<<40 | uint64(dest[6])<<48 | uint64(dest[7])<<56
		rec := isZero(word<<24>>24^0x65736c6166)&isZero(dd^5) |
			(isZero(word<<32>>32^0x65757274)|isZero(word<<32>>32^0x6c6c756e))&isZero(dd^4)
		if (rec^1)&bit(jbIdentEnd) != 0 {
			return "", false
		}
		if (bit(jbValueEnd)|closed)&found != 0 {
			if (1-nrem)>>63 != 0 {
				return "", false
			}
			return string(dest[:dd]), true
		}
		if bit(jbErrorAfter) != 0 {
			return "", false
		}
		dd &= (bit(jbReset) | closed) - 1
		comma := bit(jbComma) & inArr
		n := e & 31
		n += ((e>>jsonDescendShift)&31 - n) * descend
		n -= closed * (jsonCollect - jsonComma)
		n += comma * (jsonValue - jsonObject)
		st = n
		eidx += descend
		nrem -= descend
		enter := descend&bit(jbOpenArray) | bit(jbArray)
		object := (bit(jbOpenArray) ^ 1) & descend
		newA := uint64(tab[eidx] >> 16)
		apos = (apos + comma) & (enter - 1)
		aelem += (newA - aelem) * enter
		f := found | isZero(apos^aelem)&comma
		f += (isZero(aelem) - f) * enter
		found = f & (object ^ 1)
		inArr = inArr&(object^1) | enter
	}
	return "", false
}

// jsonCases are texts and selectors with what illumos's json() gives,
// worked out by hand from dtrace_json(); "NULL" is NULL.
var jsonCases = []struct{ text, sel, want string }{
	{`{"a":1,"b":2}`, "b", "2"},
	{`{"a":{"b":{"c":"deep"}}}`, "a.b.c", "deep"},
	{`{"a":[10,20,30]}`, "a[1]", "20"},
	{`[1,[2,3],{"k":4}]`, "[1][1]", "3"},
	{`[1,[2,3],{"k":4}]`, "[2].k", "4"},
	{`{"s":"x\"y\\z\u00e9"}`, "s", `x\"y\\z\u00e9`},
	{`{"t":true,"f":false,"n":null}`, "f", "false"},
	{`{"n":-1.5e+3}`, "n", "-1.5e+3"},
	{`{"o":{"x":[1,{"y":"}"}]} ,"z":1}`, "o", `{"x":[1,{"y":"}"}]}`},
	{`{"a":1}`, "b", "NULL"},
	{`{"a":1`, "a", "NULL"},
	{`{"a":1,}`, "b", "NULL"},
	{`{"a":tru}`, "a", "NULL"},
	{`{"a":0x1}`, "a", "NULL"},
	{`{"a":"x"}`, "a.b", "NULL"},
	{`{"a":{"b":1}}`, "a.b.c", "NULL"},
	{` { "a" : [ 1 , 2 ] } `, "a[1]", "2"},
	{`[5,6]`, "x", "5"},
	{`[5,6]`, "[-1]", "NULL"},
	{`{"a]b":1,"ab":2}`, "a]b", "2"},
	{`{"a":1,"a":2}`, "a", "1"},
	{`{"k\"":1}`, `k\"`, "1"},
	{`{"a":[]}`, "a[0]", "NULL"},
	{`{"a":{}}`, "a", "{}"},
	{`{"a":1.2.3}`, "a", "1.2"},
	{`{"a":1}}`, "a", "1"},
	// The end-to-end cases (cmd/dtrace/testdata/e2e/subr-json-*.txt).
	{`{"a":1,"b":{"c":{"d":"deep"},"e":[10,20,[30,31]]}}`, "b.c.d", "deep"},
	{`{"a":1,"b":{"c":{"d":"deep"},"e":[10,20,[30,31]]}}`, "b.e[2][1]", "31"},
	{`[1,[2,3],{"k":4}]`, "[1][0]", "2"},
	{`["x","y"]`, "[1]", "y"},
	{" {\n\t\"s\" : \"x\\\"y\\\\z\\u00e9\" ,\r\n \"i\":-12,\"f\":1.5e+3, \"t\":true,\"n\":null , \"z\":false } ", "z", "false"},
	{" {\n\t\"s\" : \"x\\\"y\\\\z\\u00e9\" ,\r\n \"i\":-12,\"f\":1.5e+3, \"t\":true,\"n\":null , \"z\":false } ", "s", `x\"y\\z\u00e9`},
	{" {\n\t\"s\" : \"x\\\"y\\\\z\\u00e9\" ,\r\n \"i\":-12,\"f\":1.5e+3, \"t\":true,\"n\":null , \"z\":false } ", "n", "null"},
	{`{"e":"","d":0.25}`, "e", ""},
	{`{"e":"","d":0.25}`, "d", "0.25"},
	{`{"o":{"x":[1, {"y":"}]"}]} , "a":[ [], {} ],"e":{}}`, "o.x", `[1, {"y":"}]"}]`},
	{`{"o":{"x":[1, {"y":"}]"}]} , "a":[ [], {} ],"e":{}}`, "o.x[1]", `{"y":"}]"}`},
	{`{"o":{"x":[1, {"y":"}]"}]} , "a":[ [], {} ],"e":{}}`, "a", "[ [], {} ]"},
	{`{"o":{"x":[1, {"y":"}]"}]} , "a":[ [], {} ],"e":{}}`, "a[1]", "{}"},
	{`{"o":{"x":[1, {"y":"}]"}]} , "a":[ [], {} ],"e":{}}`, "e", "{}"},
	{`{"a":[1,2]}`, "a[2]", "NULL"},
	{`{"a":"\u12g4"}`, "a", "NULL"},
	{`{"a":{"b":1]}`, "c", "NULL"},
	{`{a:1}`, "a", "NULL"},
	{`"a"`, "a", "NULL"},
	{"", "a", "NULL"},
	{`[5,6]`, "", "5"},
	{`[5,6]`, " +1", "6"},
	{`[5,6]`, "1]", "6"},
}

func TestJSONReference(t *testing.T) {
	for _, c := range jsonCases {
		got, ok := jsonDTrace(c.text, c.sel, 256)
		if !ok {
			got = "NULL"
		}
		if got != c.want {
			t.Errorf("json(%q, %q) = %s, want %s", c.text, c.sel, got, c.want)
		}
	}
}

// TestJSONMachine checks the machine against the reference on the
// cases above, on random texts built from JSON's pieces, and on random
// bytes, with random selectors, at several strsizes and argument sizes.
func TestJSONMachine(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	pieces := []string{"{", "}", "[", "]", `"`, `\`, `\u`, "00e9", ":", ",", " ", "\n", "a", "b", "ab",
		`"a"`, `"b"`, `"a]b"`, "true", "false", "null", "nul", "1", "-", "+", "2.5", "e", "E3", "x", "0", "7"}
	sels := []string{"", "a", "b", "a.b", "b.a", "a[0]", "[1]", "[0].a", "[1][0]", "a[1].b", "a]b", "[x]",
		" 1", "+1", "-0", "a..b", "[[0]", "a.", "99999999999999999999", "18446744073709551617"}
	var texts []string
	for _, c := range jsonCases {
		texts = append(texts, c.text)
		sels = append(sels, c.sel)
	}
	for range 3000 {
		var sb strings.Builder
		sb.WriteString([]string{"{", "[", " {", "[["}[r.Intn(4)])
		for n := r.Intn(14); n > 0; n-- {
			sb.WriteString(pieces[r.Intn(len(pieces))])
		}
		texts = append(texts, sb.String())
	}
	for range 500 {
		b := make([]byte, r.Intn(20))
		for i := range b {
			const alphabet = "{}[]\":,\\ a1e.-"
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	found := 0
	for _, size := range []int{256, 16, 9} {
		for _, text := range texts {
			for _, sel := range sels {
				if len(text) >= size || len(sel) >= size-1 {
					continue
				}
				want, wok := jsonDTrace(text, sel, size)
				if wok {
					found++
				}
				for _, ns := range []int{roundUp(len(sel)+1, 8), size} {
					got, ok := jsonMachine(text, sel, size, roundUp(len(text)+1, 8), ns)
					if got != want || ok != wok {
						t.Fatalf("strsize %d, selector buffer %d: json(%q, %q) = %q %v, DTrace gives %q %v",
							size, ns, text, sel, got, ok, want, wok)
					}
				}
			}
		}
	}
	// Most random texts are malformed; enough must select something.
	if found < 10000 {
		t.Errorf("only %d selections found a value", found)
	}
}

// TestJSONSteps checks the table's shape: every state and class has a
// step, NUL always ends in NULL, and unused slots are errors.
func TestJSONSteps(t *testing.T) {
	for st := range jsonSlots {
		if jsonStep(st, jcNUL)>>jbError&1 == 0 {
			t.Errorf("state %d: NUL does not give NULL", st)
		}
		for cl := range jsonSlots {
			w := jsonStep(st, cl)
			if (st >= jsonStates || cl > jcOther) && w != 1<<jbError {
				t.Errorf("unused slot %d/%d: step %#x", st, cl, w)
			}
			if int(w&31) >= jsonStates {
				t.Errorf("state %d class %d: next state %d", st, cl, w&31)
			}
		}
	}
}
