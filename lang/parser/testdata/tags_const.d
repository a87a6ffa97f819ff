/*
 * The scanner's errors in constants: see tags.d. A literal cut by a
 * newline is reported on the next line, as DTrace, having read the
 * newline, reports it.
 */
BEGIN { x = 'ab
/* ERROR D_CHR_NL "newline encountered in character constant" */ }
BEGIN { x = ''; }			/* ERROR D_CHR_NULL "empty character constant" */
BEGIN { x = 'abcdefghi'; }		/* ERROR D_CHR_OFLOW "character constant is too long" */
BEGIN { x = "ab
/* ERROR D_STR_NL "newline encountered in string literal" */ }
BEGIN { x = 0128; }			/* ERROR D_INT_DIGIT "constant 0128 contains invalid digit 8" */
BEGIN { x = 0x12345678123456781; }	/* ERROR D_INT_OFLOW "constant 0x12345678123456781 results in integer overflow" */
BEGIN { x = 9223372036854775808; }	/* ERROR D_INT_OFLOW "integer constant 0x8000000000000000 cannot be represented in any built-in integral type" */

/* Recovered. */
BEGIN { x = 1; }
