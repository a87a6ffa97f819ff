package format

import "testing"

// TestUserAddr checks how a user address is named: by symbol, by object
// and offset in its mapping when UserObject stands in (Oracle's
// noresolve), and in hex when neither knows it or there is no process.
func TestUserAddr(t *testing.T) {
	sym := func(pid, addr uint64) (Symbol, bool) {
		return Symbol{Module: "bash", Name: "main", Addr: 0x1000}, addr >= 0x1000 && addr < 0x2000
	}
	obj := func(pid, addr uint64) (string, uint64, bool) {
		return "bash", addr - 0x800, addr >= 0x800 && addr < 0x2000
	}
	for _, tc := range []struct {
		env       *Env
		pid, addr uint64
		want      string
	}{
		{&Env{UserSym: sym}, 7, 0x1010, "bash`main+0x10"},
		{&Env{UserSym: sym}, 7, 0x3000, "0x3000"},
		{&Env{UserSym: sym, UserObject: obj}, 7, 0x1010, "bash:0x810"},
		{&Env{UserSym: sym, UserObject: obj}, 7, 0x3000, "0x3000"},
		{&Env{UserSym: sym, UserObject: obj}, 0, 0x1010, "0x1010"},
		{nil, 7, 0x1010, "0x1010"},
	} {
		if got := tc.env.UserAddr(tc.pid, tc.addr); got != tc.want {
			t.Errorf("UserAddr(%d, %#x) = %q, want %q", tc.pid, tc.addr, got, tc.want)
		}
	}
}
