/* The scanner's D_SYNTAX errors and control lines: see tags.d. */
BEGIN { x = 1.5; }			/* ERROR D_SYNTAX "floating-point constants are not permitted" */
BEGIN { x = 1e3; }			/* ERROR D_SYNTAX "floating-point constants are not permitted" */
BEGIN { /* a /* b */ }			/* ERROR D_SYNTAX "/* encountered inside a comment" */
BEGIN /(x/ { }				/* ERROR D_SYNTAX "closing ) expected in predicate before /" */
BEGIN /a[x/ { }				/* ERROR D_SYNTAX "closing ] expected in predicate before /" */
BEGIN { trace(x)); }			/* ERROR D_SYNTAX "extra ) in input stream" */
BEGIN { x = a[1]]; }			/* ERROR D_SYNTAX "extra ] in input stream" */
#define X 1				/* ERROR D_PRAGCTL_INVAL "invalid control directive: #define" */
#line x					/* ERROR D_PRAGMA_MALFORM "malformed #line <line> [ [\"file\"] state ]" */

/* Recovered. */
BEGIN { x = 1; }
