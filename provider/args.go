package provider

// Arg describes a probe's argument i as `dtrace -l -v` lists it and as
// args[i] is typed in a clause.
type Arg struct {
	// Native is the type of the value the provider loads into arg i, in
	// C syntax ("int", "const char *", "struct task_struct *").
	Native string
	// Xlate is the type args[i] has after translation ("psinfo_t *",
	// "bufinfo_t *"), or "" when args[i] is the native value itself.
	// The translator comes from the D library (dlib), as DTrace's
	// stable providers translate their native arguments.
	Xlate string
	// Mapping is the index of the native argument (arg0..arg9) that
	// args[i] is, or is translated from.
	Mapping int
}

// Typed is implemented by providers that know their probes' argument
// types. Providers that do not implement it offer only the untyped
// arg0..arg9.
type Typed interface {
	// Args returns the arguments of p, in order; nil means none are
	// known. An error means the provider could not find out (a
	// tracepoint's format cannot be read).
	Args(p *Probe) ([]Arg, error)
}
