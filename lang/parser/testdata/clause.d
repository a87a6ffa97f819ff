/* In a script file every clause needs a predicate or a body. */
BEGIN					/* ERROR "expected predicate and/or actions following probe description" */
END { }
BEGIN /x/;				/* ERROR "expected actions { } following probe description and predicate" */
tick-1s, profile-97			/* ERROR "expected predicate and/or actions following probe description" */
int x;
