module github.com/godtrace/godtrace/examples

go 1.26.8

require github.com/godtrace/godtrace v0.0.0

require (
	github.com/cilium/ebpf v0.22.0 // indirect
	golang.org/x/arch v0.33.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)

replace github.com/godtrace/godtrace => ../
