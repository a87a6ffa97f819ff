package check

// DTrace's subroutines and actions that godtrace does not implement yet.
// Calling one says so, in DTrace's wording for an unimplemented
// subroutine, instead of suggesting a typo.
var unimplementedFuncs = map[string]bool{
	"alloca": true, "bcopy": true, "breakpoint": true, "chill": true,
	"cleanpath": true, "copyinto": true,
	"copyout": true, "copyoutstr": true,
	"freopen": true, "ftruncate": true, "getmajor": true,
	"getminor": true, "htonl": true, "htonll": true, "htons": true,
	"inet_ntoa": true, "inet_ntoa6": true, "inet_ntop": true, "json": true,
	"link_ntop": true, "mutex_owned": true, "mutex_owner": true,
	"mutex_type_adaptive": true, "mutex_type_spin": true, "ntohl": true,
	"ntohll": true, "ntohs": true, "panic": true, "print": true, "progenyof": true,
	"raise": true, "rand": true, "rw_iswriter": true, "rw_read_held": true,
	"rw_write_held": true, "setopt": true,
	"stop": true, "strtok": true,
	"system": true, "tracemem": true,
	"uaddr": true, "ufunc": true, "umod": true, "usym": true,
}

// DTrace's built-in variables that godtrace does not provide yet.
var unimplementedVars = map[string]bool{
	"args": true, "caller": true, "curcpu": true, "cwd": true, "execargs": true,
	"ipl": true, "root": true, "stackdepth": true, "ucaller": true, "uregs": true,
	"ustackdepth": true, "zonename": true,
}
