package chunks

import "testing"

// TestReuse checks that chunks are new without Reuse, and with it are
// given again, in order, after Reset.
func TestReuse(t *testing.T) {
	p := Pool[byte]{Size: 4}
	a, b := p.Next(), p.Next()
	p.Reset()
	if c := p.Next(); &c[0] == &a[0] || &c[0] == &b[0] || len(c) != 4 {
		t.Error("a chunk was reused without Reuse")
	}
	p = Pool[byte]{Size: 4, Reuse: true}
	a, b = p.Next(), p.Next()
	if &a[0] == &b[0] {
		t.Fatal("one chunk given out twice before Reset")
	}
	p.Reset()
	if c, d := p.Next(), p.Next(); &c[0] != &a[0] || &d[0] != &b[0] {
		t.Error("Reset did not give the chunks again in order")
	}
	if e := p.Next(); &e[0] == &a[0] || &e[0] == &b[0] {
		t.Error("a chunk in use was given out again")
	}
}
