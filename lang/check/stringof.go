package check

// stringofInt types stringof(x) of an integer. As in DTrace on Linux, the
// value is formatted in decimal (compile/subr_conv.go); like every
// subroutine's string, the result is strsize bytes.
func (c *checker) stringofInt() Type {
	return c.stringType()
}
