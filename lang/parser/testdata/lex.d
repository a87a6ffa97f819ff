/* Lexical errors, with DTrace's tags (see tags.d). */
BEGIN { x = ''; }			/* ERROR D_CHR_NULL "empty character constant" */
BEGIN { x = 'abcdefghi'; }		/* ERROR D_CHR_OFLOW "character constant is too long" */
BEGIN { x = 1.5; }			/* ERROR D_SYNTAX "floating-point constants are not permitted" */
BEGIN { x = 089; }			/* ERROR D_INT_DIGIT "constant 089 contains invalid digit 8" */
BEGIN { x = 99999999999999999999; }	/* ERROR D_INT_OFLOW "constant 99999999999999999999 results in integer overflow" */
BEGIN { x = 12uu; }			/* ERROR D_SYNTAX "syntax error near \"u; }" */
BEGIN { x = 1 # 2; }			/* ERROR D_SYNTAX "syntax error near \"#\"" */
BEGIN { x = (1)); }			/* ERROR D_SYNTAX "extra ) in input stream" */
#define X 1				/* ERROR D_PRAGCTL_INVAL "invalid control directive: #define" */
BEGIN { /* a /* b */ }			/* ERROR D_SYNTAX "/* encountered inside a comment" */
BEGIN /(x/ { }				/* ERROR D_SYNTAX "closing ) expected in predicate before /" */
BEGIN /a[x/ { }				/* ERROR D_SYNTAX "closing ] expected in predicate before /" */

/* Escapes DTrace's lexer does not check: each makes some byte. */
BEGIN { x = "\x"; y = "\400"; z = '\''; }

/*
 * A literal cut by a newline is reported on the next line, as DTrace,
 * which has read the newline, reports it. The scan goes on there.
 */
BEGIN { x = "abc; }
/* ERROR D_STR_NL "newline encountered in string literal" */ }
BEGIN { x = 'ab; }
/* ERROR D_CHR_NL "newline encountered in character constant" */ }

/* Recovered. */
BEGIN { x = "ok\n"; y = '\n'; }

/*
 * DTrace's lexer reports an open parenthesis at the character after the
 * closing slash, before its grammar sees the slash.
 */
BEGIN
/rand(/
{ }					/* ERROR D_SYNTAX "closing ) expected in predicate before /" */
