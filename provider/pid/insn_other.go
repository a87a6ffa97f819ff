//go:build !amd64

package pid

import "errors"

// Other architectures have no instruction decoder here yet: no offset
// or return probes.
var errNoDecoder = errors.New("instructions cannot be decoded on this architecture")

func instructions([]byte) ([]uint64, error) { return nil, errNoDecoder }
func returnSites([]byte) ([]uint64, error)  { return nil, errNoDecoder }

func probeable([]byte) bool { return true }
