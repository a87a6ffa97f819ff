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
	@q[1];				/* ERROR D_AGG_NULL "expression has null effect: @q" */
	(@c);				/* ERROR D_AGG_NULL "expression has null effect: @c" */
	@new["x"];			/* ERROR D_AGG_NULL "expression has null effect: @new" */
	@;				/* ERROR D_IDENT_UNDEF "failed to resolve @_: Unknown variable name" */
	@q["x"] = count();		/* ERROR D_PROTO_ARG "@q[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string" */
	@q[1, 2] = count();		/* ERROR D_PROTO_LEN "@q[ ] prototype mismatch: 2 keys passed, 1 expected" */
	@[0][1] = count();		/* ERROR D_AGG_MDIM "improper attempt to reference @_ as a multi-dimensional array" */
	@q[1][2] = count();		/* ERROR D_AGG_MDIM "improper attempt to reference @q as a multi-dimensional array" */
	trace(@q[1][2]);		/* ERROR D_AGG_MDIM "improper attempt to reference @q as a multi-dimensional array" */

	@e5 = count(1);			/* ERROR D_PROTO_LEN "count( ) prototype mismatch: 1 arg passed, 0 expected" */
	@e6 = sum();			/* ERROR D_PROTO_LEN "sum( ) prototype mismatch: 0 args passed, 1 expected" */
	@e7 = lquantize(i, 0);		/* ERROR D_PROTO_LEN "lquantize( ) prototype mismatch: 2 args passed, 3 expected" */
	@e8 = llquantize(i, 10, 0);	/* ERROR D_PROTO_LEN "llquantize( ) prototype mismatch: 3 args passed, 5 expected" */

	@l1 = lquantize(i, i, 10);	/* ERROR D_LQUANT_BASETYPE "lquantize( ) argument #1 must be an integer constant" */
	@l2 = lquantize(i, 0, i);	/* ERROR D_LQUANT_LIMTYPE "lquantize( ) argument #2 must be an integer constant" */
	@l3 = lquantize(i, 10, 0);	/* ERROR D_LQUANT_MISMATCH "lquantize( ) base (argument #1) must be less than limit (argument #2)" */
	@l3b = lquantize(i, 10, 10, -1);	/* ERROR D_LQUANT_MISMATCH "lquantize( ) base (argument #1) must be less than limit (argument #2)" */
	@l4 = lquantize(i, 0, 10, 70000);	/* ERROR D_LQUANT_STEPVAL "lquantize( ) argument #3 must be a 16-bit quantity" */
	@l5 = lquantize(i, 0x100000000, 10);	/* ERROR D_LQUANT_BASEVAL "lquantize( ) argument #1 must be a 32-bit quantity" */
	@l6 = lquantize(i, 0, -0x100000000);	/* ERROR D_LQUANT_LIMVAL "lquantize( ) argument #2 must be a 32-bit quantity" */
	@l7 = lquantize(i, 0, 10, i);	/* ERROR D_LQUANT_STEPTYPE "lquantize( ) argument #3 must be a non-zero positive integer constant" */
	@l8 = lquantize(i, 0, 10, -1);	/* ERROR D_LQUANT_STEPTYPE "lquantize( ) argument #3 must be a non-zero positive integer constant" */
	@l9 = lquantize(i, 0, 10, 20);	/* ERROR D_LQUANT_STEPLARGE "lquantize( ) step (argument #3) too large: must have at least one quantization level" */
	@l10 = lquantize(i, 0, 100000);	/* ERROR D_LQUANT_STEPSMALL "lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity" */
	@l11 = lquantize(i, "a", 10);	/* ERROR D_PROTO_ARG "lquantize( ) argument #2 is incompatible with prototype:\n\tprototype: int32_t\n\t argument: string" */

	/* Every use of an lquantize() aggregation must give the same levels. */
	@lm = lquantize(i, 0, 10);
	@lm = lquantize(i, 0, 10, 1, 3);
	@lm = lquantize(i, 1, 10);	/* ERROR D_LQUANT_MATCHBASE "lquantize( ) base (argument #1) doesn't match previous declaration: expected 0, found 1" */
	@lm = lquantize(i, 0, 20);	/* ERROR D_LQUANT_MATCHLIM "lquantize( ) limit (argument #2) doesn't match previous declaration: expected 10, found 20" */
	@lm = lquantize(i, 0, 10, 2);	/* ERROR D_LQUANT_MATCHSTEP "lquantize( ) step (argument #3) doesn't match previous declaration: expected 1, found 2" */
	@lm2 = lquantize(i, 0, 10, 3);
	@lm2 = lquantize(i, 0, 11, 3);	/* both have three levels, up to 9 */
	@lm3 = lquantize(i, 2 * 3, 10 << 2, sizeof (int));

	@q3 = quantize(i, s);		/* ERROR D_PROTO_ARG "quantize( ) increment value (argument #2) must be of scalar type" */
	@q4 = quantize(i, 1, 2);	/* ERROR D_PROTO_LEN "quantize( ) prototype mismatch: 3 args passed, at most 2 expected" */
	@l12 = lquantize(i, 0, 10, 1, 1, 1);	/* ERROR D_PROTO_LEN "lquantize( ) prototype mismatch: 6 args passed, at most 5 expected" */

	/* llquantize() checks its parameters as Oracle's DTrace does. */
	@ll1 = llquantize(i, i, 0, 6, 10);	/* ERROR D_LLQUANT_FACTORTYPE "llquantize( ) argument #1 must be an integer constant" */
	@ll2 = llquantize(i, 10, i, 6, 10);	/* ERROR D_LLQUANT_LMAGTYPE "llquantize( ) argument #2 must be an integer constant" */
	@ll3 = llquantize(i, 10, 0, i, 10);	/* ERROR D_LLQUANT_HMAGTYPE "llquantize( ) argument #3 must be an integer constant" */
	@ll4 = llquantize(i, 10, 0, 6, i);	/* ERROR D_LLQUANT_STEPTYPE "llquantize( ) argument #4 must be a non-zero positive integer constant" */
	@ll4a = llquantize(i, 10, 0, 6, 0);	/* ERROR D_LLQUANT_STEPTYPE "llquantize( ) argument #4 must be a non-zero positive integer constant" */
	@ll4b = llquantize(i, 10, 0, 6, -10);	/* ERROR D_LLQUANT_STEPTYPE "llquantize( ) argument #4 must be a non-zero positive integer constant" */
	@ll5 = llquantize(i, 70000, 0, 6, 10);	/* ERROR D_LLQUANT_FACTORVAL "llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2" */
	@ll5a = llquantize(i, 1, 0, 6, 10);	/* ERROR D_LLQUANT_FACTORVAL "llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2" */
	@ll6 = llquantize(i, 10, -1, 6, 10);	/* ERROR D_LLQUANT_LMAGVAL "llquantize( ) argument #2 must be an unsigned 16-bit quantity" */
	@ll7 = llquantize(i, 10, 0, 65536, 10);	/* ERROR D_LLQUANT_HMAGVAL "llquantize( ) argument #3 must be an unsigned 16-bit quantity" */
	@ll7a = llquantize(i, 10, 6, 5, 10);	/* ERROR D_LLQUANT_HMAGVAL "llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)" */
	@ll7b = llquantize(i, 10, 0, 19, 10);	/* ERROR D_LLQUANT_HMAGVAL "llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits" */
	@ll7c = llquantize(i, 2, 0, 63, 2);	/* ERROR D_LLQUANT_HMAGVAL "llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits" */
	@ll8 = llquantize(i, 10, 0, 6, 100000);	/* ERROR D_LLQUANT_STEPVAL "llquantize( ) argument #4 must be an unsigned 16-bit quantity" */
	@ll9 = llquantize(i, 10, 0, 6, 3);	/* ERROR D_LLQUANT_STEPVAL "llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor" */
	@ll10 = llquantize(i, 10, 0, 6, 15);	/* ERROR D_LLQUANT_STEPVAL "llquantize() argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor" */
	@ll11 = llquantize(i, 10, 0, 6, 30);	/* ERROR D_LLQUANT_STEPVAL "llquantize() argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0" */
	@ll12 = llquantize(i, 10, 2, 6, 80);	/* ERROR D_LLQUANT_STEPVAL "llquantize() argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) + 1) when steps>factor and lmag>0" */
	@ll14 = llquantize(i, 10, "a", 6, 10);	/* ERROR D_PROTO_ARG "llquantize( ) argument #3 is incompatible with prototype:\n\tprototype: int32_t\n\t argument: string" */

	/*
	 * Oracle allows one magnitude (hmag == lmag), fewer steps than the
	 * factor when they divide it, and the largest magnitude whose next
	 * power fits 64 bits (10^19 < 2^64).
	 */
	@llok1 = llquantize(i, 10, 3, 3, 10);
	@llok2 = llquantize(i, 10, 0, 6, 5);
	@llok3 = llquantize(i, 10, 0, 18, 1);
	@llok4 = llquantize(i, 4, 4, 6, 32);
	@llok5 = llquantize(i, 2, 0, 62, 4);

	/* Every use of an llquantize() aggregation must give the same parameters. */
	@llm = llquantize(i, 10, 0, 6, 20);
	@llm = llquantize(i, 10, 0, 6, 20, 2);
	@llm = llquantize(i, 2, 0, 6, 2);	/* ERROR D_LLQUANT_MATCHFACTOR "llquantize() factor (argument #1) doesn't match previous declaration: expected 10, found 2" */
	@llm = llquantize(i, 10, 1, 6, 20);	/* ERROR D_LLQUANT_MATCHLMAG "llquantize() lmag (argument #2) doesn't match previous declaration: expected 0, found 1" */
	@llm = llquantize(i, 10, 0, 7, 20);	/* ERROR D_LLQUANT_MATCHHMAG "llquantize() hmag (argument #3) doesn't match previous declaration: expected 6, found 7" */
	@llm = llquantize(i, 10, 0, 6, 10);	/* ERROR D_LLQUANT_MATCHSTEPS "llquantize() steps (argument #4) doesn't match previous declaration: expected 20, found 10" */

	exit();				/* ERROR D_PROTO_LEN "exit( ) prototype mismatch: 0 args passed, 1 expected" */
	exit("x");			/* ERROR D_PROTO_ARG "exit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	trace(1, 2);			/* ERROR D_PROTO_LEN "trace( ) prototype mismatch: 2 args passed, 1 expected" */
	trace((void)i);			/* ERROR D_TRACE_VOID "trace( ) may not be applied to a void expression" */
	printf();			/* ERROR D_PROTO_LEN "printf( ) prototype mismatch: 0 args passed, at least 1 expected" */
	normalize(@c, s);		/* ERROR D_PROTO_ARG "normalize( ) argument #2 is incompatible with prototype:\n\tprototype: uint64_t\n\t argument: string" */
	trunc(@c, s);			/* ERROR D_PROTO_ARG "trunc( ) argument #2 is incompatible with prototype:\n\tprototype: int64_t\n\t argument: string" */
	trunc(@c, @c);			/* ERROR D_PROTO_ARG "trunc( ) argument #2 is incompatible with prototype:\n\tprototype: int64_t\n\t argument: aggregation" */
	trace(@c);			/* ERROR D_TRACE_DYN "trace( ) may not be applied to a dynamic expression" */
	trace(trace(1));		/* ERROR D_TRACE_VOID "trace( ) may not be applied to a void expression" */
	@kt[@c] = count();		/* ERROR D_KEY_TYPE "aggregation expression may not be used as aggregation index: key #1" */
	@kv[trace(1)] = count();	/* ERROR D_KEY_TYPE "void expression may not be used as aggregation index: key #1" */
	x = @c + 1;			/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"aggregation\" + \"int\"" */
	p = &@c;			/* ERROR D_ADDROF_VAR "cannot take address of dynamic variable" */
	clear(count());			/* ERROR D_CLEAR_AGGARG "clear( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: void" */
	nofunc();			/* ERROR D_FUNC_UNDEF "undefined function name: nofunc" */
}
