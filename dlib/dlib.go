// Package dlib holds godtrace's own D library: the *.d files that DTrace
// installs in /usr/lib/dtrace and compiles before every program (errno.d,
// signal.d ...). They are embedded in the binary, which therefore needs
// nothing installed; package dtrace compiles them as if they were in the
// system library directory.
//
// errno.d and signal.d are generated from the C headers by gen/gen.sh at
// development time, and committed.
package dlib

import (
	"embed"
	"io/fs"
)

//go:embed *.d
var files embed.FS

// FS returns the library files, at the root of the file system.
func FS() fs.FS { return files }
