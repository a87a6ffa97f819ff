/*
 * A string subroutine's result holds up to strsize characters (6 here),
 * as in Oracle DTrace; illumos keeps strsize-1.
 */
#pragma D option quiet
#pragma D option strsize=6

BEGIN
{
	printf("[%s] [%s]\n", lltostr(1234567), lltostr(-123456));
	printf("[%s] [%s]\n", toupper("abcdefgh"), tolower("ABCDEFGH"));
	printf("[%s] [%s]\n", substr("abcdefgh", 1), strjoin("abc", "defgh"));
	printf("%d %d\n", strlen(strjoin("abc", "defgh")), strlen(lltostr(1234567)));
	exit(0);
}
