package dtrace

import (
	"fmt"
	"sync"

	"github.com/cilium/ebpf/btf"
)

// kernelTypes answers the compiler's questions about kernel types from
// the running kernel's BTF, loaded only when a program needs it (parsing
// vmlinux BTF costs tens of milliseconds).
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

// TaskParentTgid returns the byte offsets of task_struct.real_parent and
// task_struct.tgid.
func (k *kernelTypes) TaskParentTgid() (int, int, error) {
	s, err := k.load()
	if err != nil {
		return 0, 0, fmt.Errorf("reading kernel BTF: %w", err)
	}
	var task *btf.Struct
	if err := s.TypeByName("task_struct", &task); err != nil {
		return 0, 0, err
	}
	off := map[string]int{}
	for _, m := range task.Members {
		off[m.Name] = int(m.Offset.Bytes())
	}
	p, ok1 := off["real_parent"]
	t, ok2 := off["tgid"]
	if !ok1 || !ok2 {
		return 0, 0, fmt.Errorf("task_struct has no real_parent or tgid")
	}
	return p, t, nil
}
