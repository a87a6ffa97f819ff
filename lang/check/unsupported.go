package check

// DTrace's built-in variables that godtrace does not provide yet.
var unimplementedVars = map[string]bool{
	"args": true, "ipl": true, "uregs": true, "zonename": true,
}
