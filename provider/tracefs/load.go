package tracefs

import (
	"github.com/cilium/ebpf/asm"
)

// Load returns instructions that load field f of the event record at ctx
// into dst as a 64-bit value: zero- or sign-extended as the field is
// unsigned or signed. Only integer and pointer fields of 1, 2, 4 or 8
// bytes can be loaded; for others (arrays, __data_loc) Load returns nil
// and ok = false. The instructions write dst only.
func (f Field) Load(dst, ctx asm.Register) (insns asm.Instructions, ok bool) {
	var size asm.Size
	switch f.Size {
	case 1:
		size = asm.Byte
	case 2:
		size = asm.Half
	case 4:
		size = asm.Word
	case 8:
		size = asm.DWord
	default:
		return nil, false
	}
	insns = asm.Instructions{asm.LoadMem(dst, ctx, int16(f.Offset), size)}
	if f.Signed && f.Size < 8 {
		// BPF loads zero-extend; the sign-extending load needs a newer
		// kernel (6.6) than we require, so shift the sign bit into place
		// and back.
		shift := int32(64 - 8*f.Size)
		insns = append(insns, asm.LSh.Imm(dst, shift), asm.ArSh.Imm(dst, shift))
	}
	return insns, true
}
