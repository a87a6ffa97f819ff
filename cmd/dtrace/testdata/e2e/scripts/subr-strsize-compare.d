/*
 * With strsize=4, DTrace compares two strings over at most their first 4
 * bytes, like strncmp(a, b, 4): bytes past strsize never decide.
 */
#pragma D option quiet
#pragma D option strsize=4

BEGIN
{
	x = "abcdX";
	y = "abcdY";
	printf("%d %d %d %d %d %d\n", x == y, x != y, x < y, x <= y, x > y, x >= y);
	printf("%d %d\n", "abcd" == "abcdefgh", "abcdefgh" != "abcd");
	printf("%d %d %d\n", "abc" == "abcd", "abc" < "abcd", "abcX" < "abcY");
	printf("%d\n", strjoin("ab", "c") == "abcdef");
	exit(0);
}
