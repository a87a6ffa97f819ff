package dtrace_test

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
)

// TestWithProviders opens a handle with the dtrace provider alone: its
// probes match, and a probe of another provider is not there.
func TestWithProviders(t *testing.T) {
	h, err := dtrace.Open(dtrace.WithProviders([]provider.Provider{dtraceprov.New()}))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Compile([]dtrace.Source{{Text: []byte("BEGIN { exit(0); }")}}, nil); err != nil {
		t.Fatal(err)
	}
	h2, err := dtrace.Open(dtrace.WithProviders([]provider.Provider{dtraceprov.New()}))
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	err = h2.Compile([]dtrace.Source{{Text: []byte("syscall::read:entry { exit(0); }")}}, nil)
	if err == nil || !strings.Contains(err.Error(), "does not match any probes") {
		t.Errorf("syscall::read:entry with the dtrace provider alone: %v", err)
	}
	provs, fams := dtrace.Providers()
	if len(provs) < 2 || provs[0].Name() != "dtrace" || len(fams) == 0 {
		t.Errorf("Providers() = %d providers, %d families", len(provs), len(fams))
	}
}

// TestWithStderrLogger checks that the library's own writing goes where
// WithStderr says, and its debug messages and step times to the logger.
func TestWithStderrLogger(t *testing.T) {
	var stderr, log bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h, err := dtrace.Open(dtrace.WithStderr(&stderr), dtrace.WithLogger(logger),
		dtrace.WithProviders([]provider.Provider{dtraceprov.New()}))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Options.SetArg("tree=1"); err != nil {
		t.Fatal(err)
	}
	if err := h.Compile([]dtrace.Source{{Text: []byte("BEGIN { exit(0); }")}}, nil); err != nil {
		t.Fatal(err)
	}
	if want := "Compiler pass 1 (match):\nclause at line 1: 1 dtrace:::BEGIN\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if !strings.Contains(log.String(), `msg="dtrace compile" duration=`) {
		t.Errorf("log lacks the compile step:\n%s", log.String())
	}
}
