// Package profile is the profile provider: probes that fire at a fixed
// rate, on every CPU (profile-N) or on one CPU (tick-N).
//
// N is a rate in hz or an interval with a unit, as in DTrace: profile-997,
// profile-1234hz, tick-1s, tick-250ms. Like DTrace, the provider lists
// DTrace's default rates and creates any other name that is not a glob on
// demand, when a probe description names it exactly; intervals below
// MinInterval (200 µs) are refused, as in illumos.
//
// Each probe is a software cpu-clock perf event per CPU with the interval
// in nanoseconds as its sample period, so a probe fires from the timer
// interrupt of the CPU it samples. The program is attached with a BPF
// link, or with the PERF_EVENT_IOC_SET_BPF ioctl when the link fails; only
// after every event is attached are they all enabled, so that the CPUs
// start sampling together, and detaching disables every event first.
// profile-N covers the CPUs online when it is attached; CPUs brought
// online later are not sampled. tick-N uses one CPU, TickCPU, the first
// online CPU: cpus.go's comment gives the reason, measured on a
// Firecracker VM (an idle vCPU sleeps through its timer, and following the
// consumer's CPU does not help either, but CPU 0 does the machine's
// housekeeping and keeps firing). Under -x cpu=N the timers run on CPU N
// only.
//
// The arguments are DTrace's: LoadArgs reads the interrupted PC and
// privilege level from pt_regs (regs_amd64.go, regs_arm64.go), so that
// arg0 is the interrupted kernel PC (0 in user mode) and arg1 the
// interrupted user PC (0 in kernel mode). The provider's stability
// attributes are DTrace's.
package profile
