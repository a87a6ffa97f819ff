package compile

import (
	"fmt"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/lang/token"
)

// script1000 is a generated D program of about 1,000 lines in the shape
// of real scripts: clauses on syscall probes with predicates,
// thread-locals, aggregations, printf, strings and kernel member chains.
func script1000() string {
	var b strings.Builder
	b.WriteString("#pragma D option quiet\n\n")
	calls := []string{"openat", "getpid", "mmap", "exit_group"}
	for i := 0; b.Len() == 0 || strings.Count(b.String(), "\n") < 1000; i++ {
		fn := calls[i%len(calls)]
		fmt.Fprintf(&b, "syscall::%s:entry\n/pid != %d && execname != \"x%d\"/\n{\n", fn, i, i)
		fmt.Fprintf(&b, "\tself->ts%d = timestamp;\n", i)
		fmt.Fprintf(&b, "\t@counts%d[execname, probefunc] = count();\n", i%7)
		fmt.Fprintf(&b, "\tthis->p = curthread->real_parent->pid + %d;\n", i)
		fmt.Fprintf(&b, "\tprintf(\"%%s %%d %%d\\n\", curthread->comm, this->p, arg0 / 2);\n}\n\n")
		fmt.Fprintf(&b, "syscall::%s:return\n/self->ts%d/\n{\n", fn, i)
		fmt.Fprintf(&b, "\t@lat%d[probefunc] = quantize(timestamp - self->ts%d);\n", i%5, i)
		fmt.Fprintf(&b, "\tself->ts%d = 0;\n}\n\n", i)
	}
	return b.String()
}

// BenchmarkCompile1000Lines measures compiling a 1,000-line script
// (parse, check, match probes, generate BPF), without the kernel.
func BenchmarkCompile1000Lines(b *testing.B) {
	src := []byte(script1000())
	benchCompile(b, config(b), src)
	b.ReportMetric(float64(strings.Count(string(src), "\n")), "lines")
}

// benchCompile times compiling src, once warmed up: the first compile
// loads the saved kernel types, as the dtrace command does once.
func benchCompile(b *testing.B, cfg Config, src []byte) {
	b.Helper()
	if _, err := Compile([]*token.File{token.NewFile("", src)}, cfg); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := Compile([]*token.File{token.NewFile("", src)}, cfg); err != nil {
			b.Fatal(err)
		}
	}
}
