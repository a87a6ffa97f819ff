package check

// DTrace's built-in variables that godtrace does not provide yet.
var unimplementedVars = map[string]bool{
	"ipl": true, "zonename": true,
}
