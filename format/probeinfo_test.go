package format

import (
	"bytes"
	"testing"
)

// A dtrace -l -v listing of a typed and an untyped probe, as dtrace(1)
// prints it.
func TestVerboseListingGolden(t *testing.T) {
	var b bytes.Buffer
	ListHeading(&b)
	ListProbe(&b, 628, "syscall", "", "poll", "entry")
	ListProbeInfo(&b, ProbeInfo{
		Desc:     Attr{"Private", "Private", "ISA"},
		Args:     Attr{"Private", "Private", "ISA"},
		ArgTypes: []string{"struct pollfd *", "unsigned int", "int"},
	})
	ListProbe(&b, 1, "dtrace", "", "", "BEGIN")
	ListProbeInfo(&b, ProbeInfo{
		Desc: Attr{"Stable", "Stable", "Common"},
		Args: Attr{"Stable", "Stable", "Common"},
	})
	checkGolden(t, "list_verbose", b.Bytes())
}
