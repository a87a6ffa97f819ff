/*
 * Aggregations and actions: one annotated line for each D_* tag the
 * checker raises for aggregating functions and actions, with DTrace's tag
 * and wording (messages.go). See tags_test.go.
 */
BEGIN
{
	i = 1;
	s = "str";
	@c = count();
	@q[1] = count();

	@e1 = 1;			/* ERROR D_AGG_FUNC "@e1 must be assigned the result of an aggregating function" */
	@e2 = strlen(s);		/* ERROR D_AGG_FUNC "@e2 must be assigned the result of an aggregating function" */
	@c = sum(1);			/* ERROR D_AGG_REDEF "aggregation redefined: @c\n\t current: @c = sum( )\n\tprevious: @c = count( ) : line 10" */
	@e3 = sum(s);			/* ERROR D_AGG_SCALAR "sum( ) argument #1 must be of scalar type" */
	@e4 = avg(*curthread);		/* ERROR D_AGG_SCALAR "avg( ) argument #1 must be of scalar type" */
	@q["x"] = count();		/* ERROR D_PROTO_ARG "@q[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string" */
	@q[1, 2] = count();		/* ERROR D_PROTO_LEN "@q[ ] prototype mismatch: 2 keys passed, 1 expected" */

	@e5 = count(1);			/* ERROR D_PROTO_LEN "count( ) prototype mismatch: 1 arg passed, 0 expected" */
	@e6 = sum();			/* ERROR D_PROTO_LEN "sum( ) prototype mismatch: 0 args passed, 1 expected" */
	@e7 = lquantize(i, 0);		/* ERROR D_PROTO_LEN "lquantize( ) prototype mismatch: 2 args passed, 3 expected" */
	@e8 = llquantize(i, 10, 0);	/* ERROR D_PROTO_LEN "llquantize( ) prototype mismatch: 3 args passed, 5 expected" */

	@l1 = lquantize(i, i, 10);	/* ERROR D_LQUANT_BASETYPE "lquantize( ) argument #1 must be an integer constant" */
	@l2 = lquantize(i, 0, i);	/* ERROR D_LQUANT_LIMTYPE "lquantize( ) argument #2 must be an integer constant" */
	@l3 = lquantize(i, 10, 0);	/* ERROR D_LQUANT_MISMATCH "lquantize( ) base (argument #1) must be less than limit (argument #2)" */
	@l4 = lquantize(i, 0, 10, 70000);	/* ERROR D_LQUANT_STEPVAL "lquantize( ) argument #3 must be a 16-bit quantity" */

	exit();				/* ERROR D_PROTO_LEN "exit( ) prototype mismatch: 0 args passed, 1 expected" */
	exit("x");			/* ERROR D_PROTO_ARG "exit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	trace(1, 2);			/* ERROR D_PROTO_LEN "trace( ) prototype mismatch: 2 args passed, 1 expected" */
	trace((void)i);			/* ERROR D_TRACE_VOID "trace( ) may not be applied to a void expression" */
	printf();			/* ERROR D_PROTO_LEN "printf( ) prototype mismatch: 0 args passed, 1 expected" */
	normalize(@c, s);		/* ERROR D_NORMALIZE_SCALAR "normalize( ) argument #2 must be of scalar type" */
	trunc(@c, s);			/* ERROR D_TRUNC_SCALAR "trunc( ) argument #2 must be of scalar type" */
	nofunc();			/* ERROR D_FUNC_UNDEF "undefined function name: nofunc" */
}
