package compile

import "encoding/binary"

var nativeEndian = binary.LittleEndian
