/*
 * printa() and the other actions on aggregations (clear, trunc,
 * normalize, denormalize): one annotated line for each D_* tag the
 * checker raises for them, with DTrace's tag and wording (messages.go).
 * See tags_test.go.
 */
BEGIN
{
	i = 1;
	s = "str";
	@c = count();
	@k1[1] = count();
	@k2["x"] = count();
	@k3[2] = sum(1);

	printa(@c);
	printa(@k1, @k3);
	printa("%d %@d %@d\n", @k1, @k3);
	printa("%@d\n", @k1);
	printa("%s: %@d\n", @k2);
	printa("%d %@d\n", @k1[0]);	/* DTrace ignores a subscript here */

	printa();			/* ERROR D_PROTO_LEN "printa( ) prototype mismatch: 0 args passed, 1 expected" */
	printa("%d\n");			/* ERROR D_PRINTA_PROTO "printa( ) prototype mismatch: 1 args passed, 2 expected" */
	printa(i);			/* ERROR D_PRINTA_AGGARG "printa( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int" */
	printa("%@d\n", @c, s);		/* ERROR D_PRINTA_AGGARG "printa( ) argument #3 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: string" */
	printa(@nosuch);		/* ERROR D_PRINTA_AGGBAD "undefined aggregation: @nosuch" */
	printa(@c, @k1);		/* ERROR D_PRINTA_AGGKEY "printa( ): @c and @k1 do not have matching key signatures: @c has 0 keys, @k1 has 1 key" */
	printa(@k1, @k2);		/* ERROR D_PRINTA_AGGPROTO "printa( ): @k2[ ] key #1 is incompatible with @k1:\n       k1 key #1: int\n       k2 key #1: string" */
	printa("", @c);			/* ERROR D_PRINTF_FMT_EMPTY "printa( ) format string is empty" */
	printa("%d %d %@d\n", @k1);	/* ERROR D_PRINTF_ARG_PROTO "printa( ) prototype mismatch: conversion #2 (%d) is missing a corresponding value argument" */
	printa("%s %@d\n", @k1);	/* ERROR D_PRINTF_ARG_TYPE "printa( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: int" */
	printa("%d %@s\n", @k1);	/* ERROR D_PRINTF_ARG_TYPE "printa( ) aggregating action is incompatible with conversion #2 prototype:\n\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: uint64_t" */
	printa("%@lu\n", @k3);		/* ERROR D_PRINTF_ARG_TYPE "printa( ) aggregating action is incompatible with conversion #1 prototype:\n\tconversion: %lu\n\t prototype: unsigned long\n\t  argument: int64_t" */
	printa("%*d %@d\n", @k2);	/* ERROR D_PRINTF_DYN_TYPE "printa( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: % * d\n\t prototype: int\n\t  argument: string" */
	printa("%*d %@d\n", @c);	/* ERROR D_PRINTF_DYN_PROTO "printa( ) prototype mismatch: conversion #1 (%d) is missing a corresponding \"*\" argument" */

	clear(@c);
	clear();			/* ERROR D_PROTO_LEN "clear( ) prototype mismatch: 0 args passed, 1 expected" */
	clear(@c, @k1);			/* ERROR D_PROTO_LEN "clear( ) prototype mismatch: 2 args passed, 1 expected" */
	clear(i);			/* ERROR D_CLEAR_AGGARG "clear( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int" */
	clear(@nosuch);			/* ERROR D_CLEAR_AGGBAD "undefined aggregation: @nosuch" */

	trunc(@c);
	trunc(@k1, 5);
	trunc(@k1, -5);
	trunc();			/* ERROR D_PROTO_LEN "trunc( ) prototype mismatch: 0 args passed, at least 1 expected" */
	trunc(@c, 1, 2);		/* ERROR D_PROTO_LEN "trunc( ) prototype mismatch: 3 args passed, at most 2 expected" */
	trunc(s);			/* ERROR D_TRUNC_AGGARG "trunc( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: string" */
	trunc(@nosuch, 1);		/* ERROR D_TRUNC_AGGBAD "undefined aggregation: @nosuch" */

	normalize(@k3, 10);
	normalize(@k3, i);
	denormalize(@k3);
	normalize(@k3);			/* ERROR D_PROTO_LEN "normalize( ) prototype mismatch: 1 arg passed, 2 expected" */
	denormalize(@k3, 1);		/* ERROR D_PROTO_LEN "denormalize( ) prototype mismatch: 2 args passed, 1 expected" */
	normalize(i, 10);		/* ERROR D_NORMALIZE_AGGARG "normalize( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int" */
	denormalize(@nosuch);		/* ERROR D_NORMALIZE_AGGBAD "undefined aggregation: @nosuch" */
}
