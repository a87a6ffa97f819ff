/*
 * printf() formats and arguments: one annotated line for each D_* tag the
 * checker raises through the format package, with DTrace's tag and
 * wording (messages.go). See tags_test.go.
 */
BEGIN
{
	printf("%d %d\n", 1);		/* ERROR D_PRINTF_ARG_PROTO "printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding value argument" */
	printf("%d\n", "abc");		/* ERROR D_PRINTF_ARG_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string" */
	printf("%s\n", 1);		/* ERROR D_PRINTF_ARG_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: int" */
	printf("%d\n", 1, 2);		/* ERROR D_PRINTF_ARG_EXTRA "printf( ) prototype mismatch: only 1 arguments required by this format string" */
	printf("%*d\n");		/* ERROR D_PRINTF_DYN_PROTO "printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding \"*\" argument" */
	printf("%.*d\n");		/* ERROR D_PRINTF_DYN_PROTO "printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding \".*\" argument" */
	printf("%*d\n", "w", 1);	/* ERROR D_PRINTF_DYN_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: % * d\n\t prototype: int\n\t  argument: string" */
	printf("%@d\n");		/* ERROR D_PRINTF_AGG_CONV "%@ conversion requires an aggregation and is not for use with printf( )" */
	printf("");			/* ERROR D_PRINTF_FMT_EMPTY "printf( ) format string is empty" */
	printf(execname);		/* ERROR D_PRINTF_ARG_FMT "printf( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: string" */
	printf(1);			/* ERROR D_PROTO_ARG "printf( ) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: int" */
	system(1);			/* ERROR D_PRINTF_ARG_FMT "system( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: int" */
	printf("%p\n", (void *)0);
	printf("%A\n", arg0);		/* ERROR D_PRINTF_ARG_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %A\n\t prototype: pointer or integer (with -p/-c) or _usymaddr (without -p/-c)\n\t  argument: int64_t" */
	printf("%d\n", (void *)0);	/* ERROR D_PRINTF_ARG_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: void *" */
	printf("%x\n", (char *)0);	/* ERROR D_PRINTF_ARG_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %x\n\t prototype: char, short, int, long, or long long\n\t  argument: char *" */
	printf("%lu\n", (long)1);	/* ERROR D_PRINTF_ARG_TYPE "printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %lu\n\t prototype: unsigned long\n\t  argument: long" */
	printf("%y\n", 1);		/* ERROR D_SYNTAX "format conversion #1 is undefined: %y" */
	printf("%");			/* ERROR D_SYNTAX "format conversion #1 name expected before end of format string" */
	printf("%1.2.3d", 1);		/* ERROR D_SYNTAX "format conversion #1 has more than one '.' specified" */
	printf("%**d", 1, 2);		/* ERROR D_SYNTAX "format conversion #1 has more than one '*' specified for the output width" */
	printf("%1$d", 1);		/* ERROR D_SYNTAX "format conversion #1 uses unsupported positional format (%n$)" */
	printf("%-%");			/* ERROR D_SYNTAX "format conversion #1 cannot be combined with other format flags: %%" */
}
