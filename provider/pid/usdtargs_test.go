package pid

import "testing"

// The argument descriptions assemblers write, as gcc and clang place
// arguments.
func TestParseUSDTArgs(t *testing.T) {
	for _, c := range []struct {
		in   string
		want usdtArg
	}{
		{"-4@%eax", usdtArg{size: 4, signed: true, kind: argReg, reg: "eax"}},
		{"8@%r12", usdtArg{size: 8, kind: argReg, reg: "r12"}},
		{"1@%ah", usdtArg{size: 1, kind: argReg, reg: "ah"}},
		{"2@%r9w", usdtArg{size: 2, kind: argReg, reg: "r9w"}},
		{"-4@$-5", usdtArg{size: 4, signed: true, kind: argImm, disp: -5}},
		{"8@-8(%rbp)", usdtArg{size: 8, kind: argMem, reg: "rbp", disp: -8}},
		{"-4@112(%rsp)", usdtArg{size: 4, signed: true, kind: argMem, reg: "rsp", disp: 112}},
		{"8@(%rax)", usdtArg{size: 8, kind: argMem, reg: "rax"}},
		{"4@16(%rax,%rbx,8)", usdtArg{size: 4, kind: argMem, reg: "rax", index: "rbx", scale: 8, disp: 16}},
		{"8@counter(%rip)", usdtArg{size: 8, kind: argMem, sym: "counter"}},
		{"8@counter+16(%rip)", usdtArg{size: 8, kind: argMem, sym: "counter", symOffset: 16}},
		{"%rdi", usdtArg{size: 8, kind: argReg, reg: "rdi"}},
	} {
		got, err := parseUSDTArg(c.in)
		if err != nil || got != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"3@%eax", "8@%xyz", "8@8(%rax", "8@$x", "8@16(%rip)", "8@(%rax,%rbx,3)"} {
		if a, err := parseUSDTArg(bad); err == nil {
			t.Errorf("%s: %+v, want an error", bad, a)
		}
	}
	args, err := parseUSDTArgs("8@%rbp 8@%r12 -4@%eax")
	if err != nil || len(args) != 3 {
		t.Errorf("python's function__entry: %+v, %v", args, err)
	}
}

// Each register name finds its pt_regs slot.
func TestRegOf(t *testing.T) {
	for name, want := range map[string]int16{"rax": 80, "eax": 80, "al": 80, "ah": 80, "r8d": 72, "r15b": 0, "sil": 104, "rsp": 152, "bpl": 32} {
		off, high, ok := regOf(name)
		if !ok || off != want || high != (name == "ah") {
			t.Errorf("%s: %d, %v, %v; want %d", name, off, high, ok, want)
		}
	}
}
