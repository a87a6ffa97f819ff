package dtrace

import (
	"io"
	"log/slog"

	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/provider/fbt"
	"github.com/godtrace/godtrace/provider/ktypes"
	"github.com/godtrace/godtrace/provider/lockstat"
	"github.com/godtrace/godtrace/provider/pid"
	"github.com/godtrace/godtrace/provider/profile"
	"github.com/godtrace/godtrace/provider/rawtp"
	"github.com/godtrace/godtrace/provider/sdt"
	"github.com/godtrace/godtrace/provider/stable"
	"github.com/godtrace/godtrace/provider/syscall"
)

// An OpenOption changes how Open sets a Handle up.
type OpenOption func(*openConfig)

type openConfig struct {
	provs  []provider.Provider
	fams   []provider.Family
	stderr io.Writer
	logger *slog.Logger
}

// WithProviders gives the handle these providers and provider families
// (pid1234) in place of the platform's (Providers). Their order numbers
// their probes, the dtrace provider's first whatever its place; a
// program may name only their probes. The fbtattach and cpu options act
// on the fbt and profile providers among them, if any.
func WithProviders(ps []provider.Provider, fams ...provider.Family) OpenOption {
	return func(c *openConfig) { c.provs, c.fams = ps, fams }
}

// WithStderr sends what the library writes that is not a program's
// output to w rather than to the process's standard error: the C
// preprocessor's messages, -x debug's and -x tree's (Handle.Stderr).
func WithStderr(w io.Writer) OpenOption {
	return func(c *openConfig) { c.stderr = w }
}

// WithLogger gives the library's debug messages (those -x debug
// prints: the libraries, the preprocessor, the probes and programs) to
// l at level Debug, whatever -x debug says, with how long compiling,
// loading, enabling and stopping took.
func WithLogger(l *slog.Logger) OpenOption {
	return func(c *openConfig) { c.logger = l }
}

// Providers returns the providers and families of this platform, as
// Open gives them to a Handle by default: a program embedding the
// library can pass WithProviders a subset, or more.
func Providers() ([]provider.Provider, []provider.Family) {
	kernelFuncs := fbt.New()
	return []provider.Provider{dtraceprov.New(), profile.New(), syscall.New(), sdt.New(), rawtp.New(),
			stable.NewProc(), stable.NewSched(), stable.NewIO(), stable.NewIP(), stable.NewTCP(), stable.NewUDP(),
			kernelFuncs, lockstat.New(kernelFuncs)},
		[]provider.Family{pid.NewFamily(), pid.NewUSDTFamily()}
}

// Open returns a Handle, with the providers of this platform unless
// WithProviders says otherwise. Opening reads nothing: providers list
// their probes, and the kernel's types and the D library are read, when
// a program first needs them.
func Open(opts ...OpenOption) (*Handle, error) {
	var cfg openConfig
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.provs == nil {
		cfg.provs, cfg.fams = Providers()
	}
	reg := provider.NewRegistry(cfg.provs...)
	for _, f := range cfg.fams {
		reg.AddFamily(f)
	}
	h := &Handle{
		Options:   option.New(),
		Stderr:    cfg.stderr,
		reg:       reg,
		logger:    cfg.logger,
		cpu:       -1,
		printed:   map[int]bool{},
		kernelBTF: ktypes.Spec,
		filled:    map[int]bool{},
	}
	for _, p := range cfg.provs {
		switch p := p.(type) {
		case *fbt.Provider:
			h.fbt = p
		case *profile.Provider:
			h.profile = p
		}
	}
	return h, nil
}
