/*
 * With strsize=4, DTrace's string subroutines take a string's length as
 * at most 4: strlen() counts no further, and substr(), index() and
 * basename()/dirname() see only the first 4 bytes.
 */
#pragma D option quiet
#pragma D option strsize=4

BEGIN
{
	x = "abcdefgh";
	printf("%d %d %d %d\n", strlen("abcdefgh"), strlen(x), strlen("abcd"), strlen("abc"));
	printf("%d %d\n", strlen(strjoin("ab", "c")), strlen(""));
	printf("%s|%s|%s\n", substr("abcdefgh", 2), substr("abcdefgh", -2), substr(x, 1, 10));
	printf("%d %d %d\n", index("abcdefgh", "cd"), index("abcdefgh", "ef"), rindex("abcdefgh", "b"));
	printf("%s %s\n", basename("/a/bcdefg"), dirname("/a/bcdefg"));
	exit(0);
}
