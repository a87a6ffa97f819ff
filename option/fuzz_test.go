package option

import "testing"

// FuzzSetArg feeds arbitrary -x arguments through every option. It must
// never panic, a rejected value must leave the option as it was, and an
// accepted size or rate must read back without overflowing.
func FuzzSetArg(f *testing.F) {
	for _, s := range []string{
		"bufsize=4m", "switchrate=10hz", "quiet", "quiet=no", "nspec=0x10",
		"amin=stable/stable/common", "version=1.2.3", "bufsize=18446744073709551615",
		"aggrate=99999999999999999d", "cleanrate=0hz", "define=A=B", "unsetenv=X",
		"strsize=4g", "=", "", " ", "bufsize= 0x1K", "iregs=+5",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		for _, opt := range table {
			o := New()
			full := opt.Name + "=" + arg
			if err := o.SetArg(full); err != nil {
				if o.IsSet(opt.Key()) {
					t.Fatalf("SetArg(%q) failed but set the option", full)
				}
				continue
			}
			switch opt.Kind {
			case Size:
				if int64(o.Size(opt.Key())) < 0 {
					t.Fatalf("SetArg(%q): size %d overflows", full, o.Size(opt.Key()))
				}
			case Rate:
				if o.Rate(opt.Key()) < 0 {
					t.Fatalf("SetArg(%q): rate %v is negative", full, o.Rate(opt.Key()))
				}
			case Scalar:
				if o.Bool(opt.Key()) && o.Int(opt.Key()) < 0 {
					t.Fatalf("SetArg(%q): scalar %d is negative", full, o.Int(opt.Key()))
				}
			}
		}
		// The whole argument, as a user would type it, must not panic.
		_ = New().SetArg(arg)
		_ = New().SetPragma(arg)
	})
}
