/*
 * Many index(), rindex() and strstr() calls in one clause, on strings
 * of the default strsize: each search's loop over positions must cost
 * the verifier once, not once per position, or the clause is refused.
 */
#pragma D option quiet

BEGIN
{
	x = "the quick brown fox jumps over the lazy dog, and the end of the line";
	y = "the";
	printf("%d %d [%s]\n", index(x, y), rindex(x, y), strstr(x, y) == NULL ? "NULL" : strstr(x, y));
	y = "fox";
	printf("%d %d [%s]\n", index(x, y), rindex(x, y), strstr(x, y) == NULL ? "NULL" : strstr(x, y));
	y = "dog";
	printf("%d %d [%s]\n", index(x, y), rindex(x, y), strstr(x, y) == NULL ? "NULL" : strstr(x, y));
	y = "end";
	printf("%d %d [%s]\n", index(x, y), rindex(x, y), strstr(x, y) == NULL ? "NULL" : strstr(x, y));
	y = "line";
	printf("%d %d [%s]\n", index(x, y), rindex(x, y), strstr(x, y) == NULL ? "NULL" : strstr(x, y));
	y = "e";
	printf("%d %d [%s]\n", index(x, y), rindex(x, y), strstr(x, y) == NULL ? "NULL" : strstr(x, y));
	y = "z";
	printf("%d %d [%s]\n", index(x, y), rindex(x, y), strstr(x, y) == NULL ? "NULL" : strstr(x, y));
	y = "cat";
	printf("%d %d [%s]\n", index(x, y), rindex(x, y), strstr(x, y) == NULL ? "NULL" : strstr(x, y));
	y = "the end of the line";
	printf("%d %d [%s]\n", index(x, y), rindex(x, y), strstr(x, y) == NULL ? "NULL" : strstr(x, y));
	y = "quick brown fox jumps over the lazy dog, and the end of the line!";
	printf("%d %d [%s]\n", index(x, y), rindex(x, y), strstr(x, y) == NULL ? "NULL" : strstr(x, y));
	exit(0);
}
