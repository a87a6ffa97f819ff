/*
 * The destructive actions and subroutines: their prototypes (DTrace's
 * dt_open.c), checked as for any action; whether -w allows them is
 * decided when the program is enabled. See tags_test.go.
 */
BEGIN
{
	raise(9);
	stop();
	chill(1000);
	system("echo %d %s", pid, execname);
	freopen("/tmp/%s", execname);
	freopen("");
	ftruncate();
	copyout(copyin(arg1, 8), arg1, 8);
	copyoutstr(execname, 0, 16);
	raise("x");			/* ERROR D_PROTO_ARG "raise( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	stop(1);			/* ERROR D_PROTO_LEN "stop( ) prototype mismatch: 1 arg passed, 0 expected" */
	chill();			/* ERROR D_PROTO_LEN "chill( ) prototype mismatch: 0 args passed, 1 expected" */
	ftruncate(1, 2);		/* ERROR D_PROTO_LEN "ftruncate( ) prototype mismatch: 2 args passed, 0 expected" */
	system(execname);		/* ERROR D_PRINTF_ARG_FMT "system( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: string" */
	system("");			/* ERROR D_PRINTF_FMT_EMPTY "system( ) format string is empty" */
	system("%d");			/* ERROR D_PRINTF_ARG_PROTO "system( ) prototype mismatch: conversion #1 (%d) is missing a corresponding value argument" */
	freopen(".");			/* ERROR D_FREOPEN_INVALID "freopen( ) argument #1 cannot be \".\"" */
	freopen("", 1);			/* ERROR D_PRINTF_ARG_EXTRA "freopen( ) prototype mismatch: only 0 arguments required by this format string" */
	copyoutstr(1, 0, 1);		/* ERROR D_PROTO_ARG "copyoutstr( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
	copyout(0, 0);			/* ERROR D_PROTO_LEN "copyout( ) prototype mismatch: 2 args passed, 3 expected" */
}
