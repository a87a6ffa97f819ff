/*
 * Programs the checker must reject, one error per annotated line.
 */
BEGIN
{
	x = y;			/* ERROR D_IDENT_UNDEF "failed to resolve y: Unknown variable name" */
	s = "str";
	n = s + 1;		/* ERROR D_OP_ARITH "operator + requires operands of arithmetic type" */
	m = -s;			/* ERROR D_OP_ARITH "operator - requires an operand of arithmetic type" */
	i = 1;
	i = "str";		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int\" = \"string\"" */
	b = s == 1;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"string\" == \"int\"" */
	pid = 1;		/* ERROR D_OP_WRITE "operator = cannot be applied to a non-writable variable" */
	@a = count(1);		/* ERROR D_PROTO_LEN "count( ) prototype mismatch: 1 arg passed, 0 expected" */
	@b = sum(1);
	@b = count();		/* ERROR D_AGG_REDEF "aggregation redefined: @b\n\t current: count( )\n\tprevious: sum( )" */
	@c = bogus(1);		/* ERROR D_AGG_FUNC "bogus( ) may not be used as an aggregating function" */
	@d = lquantize(1, 0, 10, 0);	/* ERROR D_LQUANT_STEPVAL "lquantize( ) step must be greater than zero" */
	@e = lquantize(1, 10, 0);	/* ERROR D_LQUANT_MISMATCH "lquantize( ) upper bound must be greater than lower bound" */
	@f = lquantize(1, i, 10);	/* ERROR D_LQUANT_BASETYPE "lquantize( ) argument #2 must be a constant" */
	@g[1] = count();
	@g["x"] = count();	/* ERROR D_ARR_BADREF "@g: key #1 is of type int, string given" */
	printa(@nosuch);	/* ERROR D_PRINTA_AGGARG "printa( ) argument #1: undefined aggregation @nosuch" */
	exit("x");		/* ERROR D_PROTO_ARG "exit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	printf(s);		/* ERROR D_PRINTF_FMT "printf( ) argument #1 must be a string literal" */
	z = nofunc(1);		/* ERROR D_PROTO_UNDEF "failed to resolve nofunc: Unknown function name" */
	w = trace(1);		/* ERROR D_ACT_SPEC "trace( ) may not be used in an expression" */
	v = self->never;	/* ERROR D_IDENT_UNDEF "failed to resolve never: Unknown variable name" */
	a[1] = 2;
	a["k"] = 3;		/* ERROR D_ARR_BADREF "a: key #1 is of type int, string given" */
	a[1, 2] = 3;		/* ERROR D_ARR_BADREF "a: key signature has 1 elements, 2 given" */
	q = $9;			/* ERROR D_MACRO_UNUSED "macro argument $9 is not defined" */
}

syscall::read:entry
/execname/			/* ERROR D_PRED_SCALAR "predicate result must be of scalar type" */
{
}
