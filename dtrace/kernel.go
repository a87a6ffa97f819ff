package dtrace

import (
	"sync"

	"github.com/cilium/ebpf/btf"
)

// kernelTypes loads the running kernel's BTF for the compiler, only when
// a program needs it (parsing vmlinux BTF costs tens of milliseconds).
type kernelTypes struct {
	once sync.Once
	spec *btf.Spec
	err  error
}

func (k *kernelTypes) load() (*btf.Spec, error) {
	k.once.Do(func() { k.spec, k.err = btf.LoadKernelSpec() })
	return k.spec, k.err
}

// BTF returns the kernel's types.
func (k *kernelTypes) BTF() (*btf.Spec, error) { return k.load() }
