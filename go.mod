module github.com/godtrace/godtrace

go 1.26.8

require (
	github.com/cilium/ebpf v0.22.0
	golang.org/x/sys v0.49.0
)

require golang.org/x/arch v0.33.0 // indirect
