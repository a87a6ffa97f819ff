package check

// DTrace's subroutines and actions that godtrace does not implement yet.
// Calling one says so, in DTrace's wording for an unimplemented
// subroutine, instead of suggesting a typo.
var unimplementedFuncs = map[string]bool{
	"json": true, "mutex_owner": true,
}

// DTrace's built-in variables that godtrace does not provide yet.
var unimplementedVars = map[string]bool{
	"args": true, "caller": true, "curcpu": true, "execargs": true,
	"ipl": true, "stackdepth": true, "uregs": true,
	"zonename": true,
}
