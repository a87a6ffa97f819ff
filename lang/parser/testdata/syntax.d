/*
 * Syntax errors in clause bodies and predicates, one per line, in DTrace's
 * words. The parser recovers at the next statement or clause.
 */
BEGIN { x = ; }				/* ERROR "syntax error near \";\"" */
BEGIN { x = 1 } }			/* ERROR "syntax error near \"}\"" */
BEGIN { a b }				/* ERROR "syntax error near \"b }" */
BEGIN { f(1,) }				/* ERROR "syntax error near \")\"" */
BEGIN { a + b = c; }			/* ERROR "syntax error near \"=\"" */
BEGIN { (int)x = 1; }			/* ERROR "syntax error near \"=\"" */
BEGIN { x = a ? b : c = d; }		/* ERROR "syntax error near \"=\"" */
BEGIN { x = "a" "b"; }			/* ERROR "syntax error near \"\"b\"\"" */
BEGIN { if x { } }			/* ERROR "syntax error near \"x\"" */
BEGIN { if (x) a() else b(); }		/* ERROR "syntax error near \"else\"" */
BEGIN { else b(); }			/* ERROR "syntax error near \"else\"" */
BEGIN { @a[] = count(); }		/* ERROR "syntax error near \"]\"" */
BEGIN { x = (1; }			/* ERROR "syntax error near \";\"" */
BEGIN { x = a[1; }			/* ERROR "syntax error near \";\"" */
BEGIN { x->; }				/* ERROR "syntax error near \";\"" */
BEGIN { x = 1 y = 2; }			/* ERROR "syntax error near \"y = 2; }" */
BEGIN { x = a ? b; }			/* ERROR "syntax error near \";\"" */
BEGIN { x = sizeof(int; }		/* ERROR "syntax error near \";\"" */
BEGIN { x = offsetof(struct foo); }	/* ERROR "syntax error near \")\"" */
BEGIN { x = xlate(y); }			/* ERROR "syntax error near \"(\"" */
BEGIN { x = / 2; }			/* ERROR "syntax error near \"/\"" */
BEGIN { int; }				/* ERROR "syntax error near \"int\"" */
BEGIN { self int x = 1; }		/* ERROR "syntax error near \"int\"" */
BEGIN, { }				/* ERROR "syntax error near \"{\"" */
BEGIN /x y/ { }				/* ERROR "syntax error near \"y\"" */
BEGIN / / { }				/* ERROR "syntax error near \"/\"" */
{ x = 1; }				/* ERROR "syntax error near \"{\"" */
a:b:c:d:e { }				/* ERROR "invalid probe description \"a:b:c:d:e\": Overspecified probe description" */
/* As in DTrace, a slash followed by anything but { ; / or the end divides: x / trace(1). */
BEGIN /x/ trace(1); }			/* ERROR "syntax error near \";\"" */

/* The lines above recovered: these clauses are fine. */
BEGIN { x = 1; }
syscall::read:entry /pid == 1/ { trace(arg0) }

/* Errors in nested statements. */
BEGIN
{
	if (x) {
		a = ;				/* ERROR "syntax error near \";\"" */
	}
	b = 1;
	c = ) ;				/* ERROR "syntax error near \")\"" */
	d = 2;
}
BEGIN { x = 1;				/* ERROR "syntax error near end of input" */