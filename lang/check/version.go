package check

import (
	"strconv"
	"strings"
)

// A version is a D language version, major.minor.micro, ordered as a
// number: 1.6.4 is 0x01_006_004.
type version uint32

func vers(major, minor, micro uint32) version {
	return version(major<<24 | minor<<12 | micro)
}

// parseVersion reads "major[.minor[.micro]]"; the option package has
// already refused anything else, so a malformed value reads as the
// latest version.
func parseVersion(s string) version {
	var v [3]uint32
	for i, part := range strings.SplitN(s, ".", 3) {
		n, err := strconv.ParseUint(part, 10, 12)
		if err != nil {
			return latestVersion
		}
		v[i] = uint32(n)
	}
	return vers(v[0], v[1], v[2])
}

// latestVersion is the newest D version godtrace implements.
var latestVersion = vers(2, 0, 0)

// introduced holds the built-in identifiers D gained after version 1.0,
// with the version that brought each. Under an older version option a
// name here is not built in: DTrace deletes such identifiers when the
// version is set, so a program may declare a variable of that name, and
// a call of it is a call of an undefined function.
var introduced = map[string]version{
	"freopen": vers(1, 1, 0), "index": vers(1, 1, 0), "rindex": vers(1, 1, 0),
	"strchr": vers(1, 1, 0), "strrchr": vers(1, 1, 0), "strstr": vers(1, 1, 0),
	"strtok": vers(1, 1, 0), "substr": vers(1, 1, 0),

	"func": vers(1, 2, 0), "mod": vers(1, 2, 0), "sym": vers(1, 2, 0),
	"setopt": vers(1, 2, 0), "uaddr": vers(1, 2, 0), "ucaller": vers(1, 2, 0),
	"ufunc": vers(1, 2, 0), "umod": vers(1, 2, 0), "ustackdepth": vers(1, 2, 0),
	"usym": vers(1, 2, 0),

	"htonl": vers(1, 3, 0), "htonll": vers(1, 3, 0), "htons": vers(1, 3, 0),
	"ntohl": vers(1, 3, 0), "ntohll": vers(1, 3, 0), "ntohs": vers(1, 3, 0),

	"inet_ntoa": vers(1, 5, 0), "inet_ntoa6": vers(1, 5, 0),
	"inet_ntop": vers(1, 5, 0), "link_ntop": vers(1, 5, 0),

	"stddev": vers(1, 6, 0),

	"llquantize": vers(1, 6, 4), "pcap": vers(1, 6, 4),

	"print": vers(2, 0, 0),
}

// hidden reports whether name is a built-in identifier newer than the
// program's version option, and so not a built-in for this program.
func (c *checker) hidden(name string) bool {
	v, ok := introduced[name]
	return ok && v > c.vmax
}
