/*
 * Syntax errors in DTrace's words, one per line. compile reports every
 * parse error with the tag D_SYNTAX; the lines here are the parse errors
 * that DTrace also tags D_SYNTAX, and lang/check/tags_test.go checks each
 * annotation against that tag's messages in lang/check/messages.go.
 * Parse errors that DTrace tags otherwise (D_CHR_NULL, D_STR_NL,
 * D_PRAGCTL_INVAL, ...) are not here: compile would report them with the
 * wrong tag.
 */
BEGIN { x = ; }				/* ERROR "syntax error near \";\"" */
BEGIN { x = 1 y; }			/* ERROR "syntax error near \"y\"" */
BEGIN { x = 1.5; }			/* ERROR "floating-point constants are not permitted" */
BEGIN { /* a /* b */ }			/* ERROR "/* encountered inside a comment" */
BEGIN /(x/ { }				/* ERROR "closing ) expected in predicate before /" */
BEGIN /a[x/ { }				/* ERROR "closing ] expected in predicate before /" */
BEGIN /x/ ;				/* ERROR "expected actions { } following probe description and predicate" */

/* Recovered. */
BEGIN { x = 1; }
BEGIN					/* ERROR "expected predicate and/or actions following probe description" */
