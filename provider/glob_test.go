package provider

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestGlob(t *testing.T) {
	for _, tt := range []struct {
		pattern, s string
		want       bool
	}{
		{"", "", true},
		{"", "a", false},
		{"a", "", false},
		{"read", "read", true},
		{"read", "readv", false},
		{"read*", "read", true},
		{"read*", "readv", true},
		{"read*", "pread", false},
		{"*read*", "pread64", true},
		{"*", "", true},
		{"**", "abc", true},
		{"a*b*c", "aXbYc", true},
		{"a*b*c", "aXbYcZ", false},
		{"a*b*c", "abcbc", true},
		{"*ab", "aab", true},
		{"?", "", false},
		{"?", "x", true},
		{"?", "xy", false},
		{"?", "é", true}, // one character, two bytes
		{"profile-?97", "profile-997", true},
		{"[a-c]", "b", true},
		{"[a-c]", "d", false},
		{"[!a-c]", "d", true},
		{"[!a-c]", "b", false},
		{"[abc]x", "cx", true},
		{"[]]", "]", true},
		{"[!]]", "]", false},
		{"[!]]", "a", true},
		{"[a-]", "-", true},
		{"[\\]]", "]", true},
		{"[\\!]", "!", true},
		{"[", "[", false},  // never closed: matches nothing
		{"[a", "a", false}, // never closed
		{"\\*", "*", true},
		{"\\*", "x", false},
		{"\\?", "?", true},
		{"\\[a]", "[a]", true},
		{"a\\", "a\\", true}, // a trailing backslash is itself
		{"sys_enter_*", "sys_enter_openat", true},
		{"*:entry", "x:entry", true},
		{"tick-1*", "tick-1000", true},
		{"tick-1*", "tick-500", false},
		{"[0-9]*[!0-9]", "997hz", true},
		{"[0-9]*[!0-9]", "997", false},
	} {
		if got := Glob(tt.pattern, tt.s); got != tt.want {
			t.Errorf("Glob(%q, %q) = %v, want %v", tt.pattern, tt.s, got, tt.want)
		}
	}
}

func TestGlobIsLinear(t *testing.T) {
	// A naive recursive matcher takes exponential time here.
	pattern := strings.Repeat("a*", 30) + "b"
	s := strings.Repeat("a", 2000)
	if Glob(pattern, s) {
		t.Fatal("matched")
	}
}

func TestIsGlob(t *testing.T) {
	for s, want := range map[string]bool{
		"":              false,
		"profile-97":    false,
		"profile-*":     true,
		"read?":         true,
		"[rw]ead":       true,
		"a\\-b":         true,
		"sys_enter_foo": false,
	} {
		if got := IsGlob(s); got != want {
			t.Errorf("IsGlob(%q) = %v, want %v", s, got, want)
		}
	}
}

// quote escapes every character of s, giving a pattern that matches s
// and nothing else.
func quote(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		_, n := utf8.DecodeRuneInString(s) // keep invalid UTF-8 bytes as they are
		b.WriteByte('\\')
		b.WriteString(s[:n])
		s = s[n:]
	}
	return b.String()
}

func FuzzGlob(f *testing.F) {
	f.Add("a*b?[!c-d]\\*", "axbyz*")
	f.Add("[", "[")
	f.Add("*", "")
	f.Fuzz(func(t *testing.T, pattern, s string) {
		Glob(pattern, s) // must not panic or hang
		if !Glob(quote(s), s) {
			t.Errorf("quoted %q does not match itself", s)
		}
		if !Glob("*", s) {
			t.Errorf("* does not match %q", s)
		}
		if !IsGlob(pattern) && Glob(pattern, s) != (pattern == s) {
			t.Errorf("plain pattern %q vs %q: Glob disagrees with ==", pattern, s)
		}
	})
}
