/*
 * As in DTrace, a statement is an expression: declarations, of
 * clause-local and thread-local variables too, go outside clauses.
 */
this int x;
self string s;
BEGIN { this int x; }			/* ERROR "syntax error near \"int\"" */
BEGIN { int i = 0; }			/* ERROR "syntax error near \"int\"" */
BEGIN { uint64_t *u; x = 1; }		/* ERROR "syntax error near \"uint64_t\"" */
BEGIN { self->s = "a"; this->x = 1; }
