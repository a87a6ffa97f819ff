package check

import (
	"fmt"
	"strings"
	"testing"
)

// messageVerbs scans a Messages format and returns one verb letter per
// argument the format consumes. It accepts exactly the subset the table is
// meant to use: flags, a literal width, %% escapes and the verbs d, x, s, c.
func messageVerbs(format string) ([]byte, error) {
	var verbs []byte
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
			verbs = append(verbs, c)
		default:
			return nil, fmt.Errorf("unexpected conversion %%%c at byte %d", c, i)
		}
	}
	return verbs, nil
}

func TestMessages(t *testing.T) {
	if len(Messages) == 0 {
		t.Fatal("Messages is empty")
	}
	for tag, msgs := range Messages {
		if tag == "" || strings.TrimSpace(tag) != tag {
			t.Errorf("bad tag %q", tag)
			continue
		}
		if !strings.HasPrefix(tag, "D_") || strings.ToUpper(tag) != tag {
			t.Errorf("%s: tag is not a D_* tag name", tag)
		}
		if len(msgs) == 0 {
			t.Errorf("%s: no messages", tag)
		}
		for i, m := range msgs {
			name := fmt.Sprintf("%s[%d]", tag, i)
			if m.Format == "" {
				t.Errorf("%s: empty Format", name)
				continue
			}
			if m.Where == "" {
				t.Errorf("%s: empty Where", name)
			}
			if strings.HasSuffix(m.Format, "\n") {
				t.Errorf("%s: Format keeps DTrace's trailing newline (dt_set_errmsg strips it)", name)
			}
			verbs, err := messageVerbs(m.Format)
			if err != nil {
				t.Errorf("%s: %v in %q", name, err, m.Format)
				continue
			}
			args := make([]any, len(verbs))
			for j, v := range verbs {
				switch v {
				case 'd', 'x':
					args[j] = 42
				case 's':
					args[j] = "name"
				case 'c':
					args[j] = 'q'
				}
			}
			out, panicked := sprintfNoPanic(m.Format, args)
			if panicked != nil {
				t.Errorf("%s: fmt.Sprintf panicked: %v", name, panicked)
				continue
			}
			if strings.Contains(out, "%!") {
				t.Errorf("%s: bad format %q: %q", name, m.Format, out)
			}
		}
	}
}

func sprintfNoPanic(format string, args []any) (out string, panicked any) {
	defer func() { panicked = recover() }()
	return fmt.Sprintf(format, args...), nil
}
