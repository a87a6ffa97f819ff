package tag

import (
	"fmt"
	"strings"
	"testing"
)

// verbs scans a format and returns one verb letter per argument it
// consumes. It accepts exactly the subset the table is meant to use:
// flags, a literal width, %% escapes and the verbs d, x, s, c.
func verbs(format string) ([]byte, error) {
	var vs []byte
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			continue
		}
		for i < len(format) && strings.IndexByte("-+# 0", format[i]) >= 0 {
			i++
		}
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			i++
		}
		if i >= len(format) {
			return nil, fmt.Errorf("format ends inside a conversion")
		}
		switch c := format[i]; c {
		case 'd', 'x', 's', 'c':
			vs = append(vs, c)
		default:
			return nil, fmt.Errorf("unexpected conversion %%%c at byte %d", c, i)
		}
	}
	return vs, nil
}

// TestTable checks that every Msg has an entry, with a D_* tag, a
// format that fmt can use, and a Where note, and that no wording of a
// tag is there twice (two constants would then mean one message).
func TestTable(t *testing.T) {
	if Count == 0 {
		t.Fatal("no Msgs")
	}
	seen := map[[2]string]Msg{}
	for m := Msg(0); m < Msg(Count); m++ {
		tag, format := m.Tag(), m.Format()
		name := fmt.Sprintf("Msg %d (%s)", m, tag)
		if tag == "" || format == "" {
			t.Errorf("Msg %d has no table entry, or an empty tag or format (table.go)", m)
			continue
		}
		if !strings.HasPrefix(tag, "D_") || strings.ToUpper(tag) != tag || strings.TrimSpace(tag) != tag {
			t.Errorf("%s: tag is not a D_* tag name", name)
		}
		if m.Where() == "" {
			t.Errorf("%s: empty Where", name)
		}
		if other, ok := seen[[2]string{tag, format}]; ok {
			t.Errorf("%s: the same wording as Msg %d", name, other)
		}
		seen[[2]string{tag, format}] = m
		if strings.HasSuffix(format, "\n") {
			t.Errorf("%s: format keeps DTrace's trailing newline (dt_set_errmsg strips it)", name)
		}
		vs, err := verbs(format)
		if err != nil {
			t.Errorf("%s: %v in %q", name, err, format)
			continue
		}
		args := make([]any, len(vs))
		for j, v := range vs {
			switch v {
			case 'd', 'x':
				args[j] = 42
			case 's':
				args[j] = "name"
			case 'c':
				args[j] = 'q'
			}
		}
		out, panicked := textNoPanic(m, args)
		if panicked != nil {
			t.Errorf("%s: Text panicked: %v", name, panicked)
			continue
		}
		if strings.Contains(out, "%!") {
			t.Errorf("%s: bad format %q: %q", name, format, out)
		}
	}
}

func textNoPanic(m Msg, args []any) (out string, panicked any) {
	defer func() { panicked = recover() }()
	return m.Text(args...), nil
}
