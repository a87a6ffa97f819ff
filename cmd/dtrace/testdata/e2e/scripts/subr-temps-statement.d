/*
 * Each statement reuses the clause temporaries of the one before: at
 * strsize 2048 five string results of one clause need more than the 8 KiB
 * a clause has, but one statement needs only two.
 */
#pragma D option strsize=2048
#pragma D option quiet
BEGIN {
	a = strjoin("a", "b");
	b = strjoin(a, "c");
	c = strjoin(b, "d");
	d = strjoin(c, "e");
	e = strjoin(d, "f");
	printf("%s\n", e);
	exit(0);
}
