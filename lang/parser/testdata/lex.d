/* Lexical errors. */
BEGIN { x = ''; }			/* ERROR "empty character constant" */
BEGIN { x = 'abcdefghi'; }		/* ERROR "character constant is too long" */
BEGIN { x = 1.5; }			/* ERROR "floating-point constants are not permitted" */
BEGIN { x = 089; }			/* ERROR "constant 089 contains invalid digit 8" */
BEGIN { x = 99999999999999999999; }	/* ERROR "constant 99999999999999999999 results in integer overflow" */
BEGIN { x = 12uu; }			/* ERROR "invalid suffix \"uu\" on integer constant" */
BEGIN { x = 1 # 2; }			/* ERROR "invalid character '#'" */
BEGIN { x = "\x"; }			/* ERROR "\\x used with no following hex digits" */
BEGIN { x = "\400"; }			/* ERROR "octal escape sequence out of range" */
#define X 1				/* ERROR "invalid control directive: #define" */
BEGIN { /* a /* b */ }			/* ERROR "/* encountered inside a comment" */
BEGIN /(x/ { }				/* ERROR "closing ) expected in predicate before /" */
BEGIN /a[x/ { }				/* ERROR "closing ] expected in predicate before /" */

/*
 * An unterminated literal swallows the rest of its line, here the closing
 * brace, which the next line supplies.
 */
/* ERROR "newline encountered in string literal" */ BEGIN { x = "abc; }
}
/* ERROR "newline encountered in character constant" */ BEGIN { x = 'ab; }
}

/* Recovered. */
BEGIN { x = "ok\n"; y = '\n'; }
/* ERROR "end-of-file encountered before matching" */ BEGIN { } /* abc