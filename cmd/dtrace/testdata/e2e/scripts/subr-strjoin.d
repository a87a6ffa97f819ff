/*
 * strjoin(): joins that fit in strsize (16 here) with their NUL, and one
 * that does not, which DTrace reports as out of scratch space.
 */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	printf("[%s]\n", strjoin("foo", "bar"));
	printf("[%s]\n", strjoin("", ""));
	printf("[%s]\n", strjoin("", "x"));
	printf("[%s]\n", strjoin("abcdefgh", "ijklmno"));
	s = strjoin("a", strjoin("b", "c"));
	printf("[%s] %d\n", s, s == "abc");
}

BEGIN
{
	printf("[%s]\n", strjoin("abcdefgh", "ijklmnop"));
}

BEGIN
{
	printf("after\n");
	exit(0);
}
