/*
 * strjoin(): joins that fit in strsize (16 here) characters, and ones
 * that do not, which Oracle DTrace cuts at strsize characters (illumos
 * faults with "out of scratch space").
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
	printf("[%s]\n", strjoin("abcdefgh", "ijklmnopq"));
	printf("[%s]\n", strjoin("abcdefghijklmnopq", "r"));
	printf("[%s]\n", strjoin("", "abcdefghijklmnopq"));
	s = strjoin("abcdefghij", "klmnopqrstuvwxyz");
	printf("[%s] %d\n", s, strlen(s));
}

BEGIN
{
	printf("after\n");
	exit(0);
}
