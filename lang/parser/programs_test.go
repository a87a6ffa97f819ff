package parser

import "testing"

// realPrograms are one-liners as users pass them to dtrace -n, with the
// tree each must produce.
var realPrograms = []struct{ src, want string }{
	{`BEGIN { printf("hello, world\n"); exit(0); }`,
		`(Clause (ProbeDesc BEGIN) (ExprStmt (Call printf (String "hello, world\n"))) (ExprStmt (Call exit (Int 0))))`},
	{`BEGIN { printf("%d %s %u %x\n", -3, "str", 7, 255); exit(0); }`,
		`(Clause (ProbeDesc BEGIN) (ExprStmt (Call printf (String "%d %s %u %x\n") (Unary - (Int 3)) (String "str") (Int 7) (Int 255))) (ExprStmt (Call exit (Int 0))))`},
	{`syscall::openat:entry { @[execname] = count(); } tick-1s { exit(0); }`,
		"(Clause (ProbeDesc syscall::openat:entry) (ExprStmt (Assign = (Agg @ (Ident execname)) (Call count))))\n" +
			"(Clause (ProbeDesc tick-1s) (ExprStmt (Call exit (Int 0))))"},
	{`syscall::read:return /arg0 > 0/ { @ = quantize(arg0); } tick-2s { exit(0); }`,
		"(Clause (ProbeDesc syscall::read:return) Pred=(Binary > (Ident arg0) (Int 0)) (ExprStmt (Assign = (Agg @) (Call quantize (Ident arg0)))))\n" +
			"(Clause (ProbeDesc tick-2s) (ExprStmt (Call exit (Int 0))))"},
	{`profile-97 { @[cpu] = count(); } tick-1s { exit(0); }`,
		"(Clause (ProbeDesc profile-97) (ExprStmt (Assign = (Agg @ (Ident cpu)) (Call count))))\n" +
			"(Clause (ProbeDesc tick-1s) (ExprStmt (Call exit (Int 0))))"},
	{`syscall::getpid:entry { self->t = timestamp; } syscall::getpid:return /self->t/ { @ = avg(timestamp - self->t); self->t = 0; }`,
		"(Clause (ProbeDesc syscall::getpid:entry) (ExprStmt (Assign = (Selector -> (Ident self) t) (Ident timestamp))))\n" +
			"(Clause (ProbeDesc syscall::getpid:return) Pred=(Selector -> (Ident self) t) (ExprStmt (Assign = (Agg @) (Call avg (Binary - (Ident timestamp) (Selector -> (Ident self) t))))) (ExprStmt (Assign = (Selector -> (Ident self) t) (Int 0))))"},
}

// TestRealPrograms parses them both as a command-line argument (a file
// without a name) and as a script file.
func TestRealPrograms(t *testing.T) {
	for _, tt := range realPrograms {
		for _, name := range []string{"", "script.d"} {
			prog := parse(t, name, tt.src)
			if got := DumpProgram(prog); got != tt.want {
				t.Errorf("parse %q:\n got %s\nwant %s", tt.src, got, tt.want)
			}
		}
	}
}
