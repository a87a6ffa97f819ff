/*
 * Programs the checker must reject, one error per annotated line.
 */
BEGIN
{
	x = y;			/* ERROR D_IDENT_UNDEF "failed to resolve y: Unknown variable name" */
	s = "str";
	n = s * 1;		/* ERROR D_OP_ARITH "operator * requires operands of arithmetic type" */
	m = -s;			/* ERROR D_OP_ARITH "operator - requires an operand of arithmetic type" */
	i = 1;
	i = "str";		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"int\" = \"string\"" */
	b = s == 1;		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"string\" == \"int\"" */
	pid = 1;		/* ERROR D_OP_WRITE "operator = can only be applied to a writable variable" */
	@a = count(1);		/* ERROR D_PROTO_LEN "count( ) prototype mismatch: 1 arg passed, 0 expected" */
	@b = sum(1);
	@b = count();		/* ERROR D_AGG_REDEF "aggregation redefined: @b\n\t current: @b = count( )\n\tprevious: @b = sum( ) : line 15" */
	@c = bogus(1);		/* ERROR D_FUNC_UNDEF "undefined function name: bogus" */
	@d = lquantize(1, 0, 10, 0);	/* ERROR D_LQUANT_STEPTYPE "lquantize( ) argument #3 must be a non-zero positive integer constant" */
	@e = lquantize(1, 10, 0);	/* ERROR D_LQUANT_MISMATCH "lquantize( ) base (argument #1) must be less than limit (argument #2)" */
	@f = lquantize(1, i, 10);	/* ERROR D_LQUANT_BASETYPE "lquantize( ) argument #1 must be an integer constant" */
	@g[1] = count();
	@g["x"] = count();	/* ERROR D_PROTO_ARG "@g[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string" */
	printa(@nosuch);	/* ERROR D_PRINTA_AGGBAD "undefined aggregation: @nosuch" */
	exit("x");		/* ERROR D_PROTO_ARG "exit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	printf(s);		/* ERROR D_PRINTF_ARG_FMT "printf( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: string" */
	z = nofunc(1);		/* ERROR D_FUNC_UNDEF "undefined function name: nofunc" */
	w = trace(1);		/* ERROR D_OP_INCOMPAT "operands have incompatible types: \"void\" = \"void\"" */
	v = self->never;	/* ERROR D_VAR_UNDEF "self->never has not yet been declared or assigned" */
	a[1] = 2;
	a["k"] = 3;		/* ERROR D_PROTO_ARG "a[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string" */
	a[1, 2] = 3;		/* ERROR D_PROTO_LEN "a[ ] prototype mismatch: 2 keys passed, 1 expected" */
	q = $9;			/* ERROR D_MACRO_UNDEF "macro argument $9 is not defined" */
	r = $nosuch;		/* ERROR D_MACRO_UNDEF "macro variable $nosuch is not defined" */
	printf("%d %d\n", 1);	/* ERROR D_PRINTF_ARG_PROTO "printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding value argument" */
	printf("%d\n", "abc");	/* ERROR D_PRINTF_ARG_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string" */
	printf("%d\n", 1, 2);	/* ERROR D_PRINTF_ARG_EXTRA "printf( ) prototype mismatch: only 1 arguments required by this format string" */
	printf("%*d\n", "w", 1);	/* ERROR D_PRINTF_DYN_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: % * d\n\t prototype: int\n\t  argument: string" */
	printf("%s %@d\n", "x");	/* ERROR D_PRINTF_AGG_CONV "%@ conversion requires an aggregation and is not for use with printf( )" */
	s2 = strtok(1, "b");	/* ERROR D_PROTO_ARG "strtok( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
	s3 = strlen(1);		/* ERROR D_PROTO_ARG "strlen( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
	s4 = copyinstr();	/* ERROR D_PROTO_LEN "copyinstr( ) prototype mismatch: 0 args passed, at least 1 expected" */
	s5 = copyinstr(1, 2, 3);	/* ERROR D_PROTO_LEN "copyinstr( ) prototype mismatch: 3 args passed, at most 2 expected" */
	s6 = json("{}");	/* ERROR D_PROTO_LEN "json( ) prototype mismatch: 1 arg passed, 2 expected" */
	s7 = json("{}", 1);	/* ERROR D_PROTO_ARG "json( ) argument #2 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
	normalize(@b);		/* ERROR D_PROTO_LEN "normalize( ) prototype mismatch: 1 arg passed, 2 expected" */
	a2 = args[0];		/* ERROR D_ARGS_IDX "index 0 is out of range for BEGIN args[ ]" */
}

syscall::read:entry
/execname/			/* checked at the "}", once DTrace has the whole clause */
{
}				/* ERROR D_PRED_SCALAR "predicate result must be of scalar type" */

/* An action godtrace lacks: its prototype is checked, then it is refused. */
BEGIN
{
	pcap(0, 1);		/* ERROR D_UNKNOWN "pcap( ) is not supported yet" */
}

/* An operator ending the predicate is on the line of the "{": DTrace's lexer reads to it past the "/". */
BEGIN
/"a" & 1/
{				/* ERROR D_OP_INT "operator & requires operands of integral type" */
}
BEGIN
/1 + -"a"/
{				/* ERROR D_OP_ARITH "operator - requires an operand of arithmetic type" */
}
BEGIN
/nosuchvar + 1/			/* ERROR D_IDENT_UNDEF "failed to resolve nosuchvar: Unknown variable name" */
{
}
BEGIN
/("a" | 1)/			/* ERROR D_OP_INT "operator | requires operands of integral type" */
{
}
