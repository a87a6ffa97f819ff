/*
 * substr() with DTrace's (Perl's) rules for negative and out-of-range
 * indexes and lengths.
 */
#pragma D option quiet

BEGIN
{
	s = "hello";
	printf("[%s] [%s] [%s]\n", substr(s, 0), substr(s, 1), substr(s, 1, 3));
	printf("[%s] [%s]\n", substr(s, -2), substr(s, -4, 2));
	printf("[%s] [%s] [%s]\n", substr(s, -10, 7), substr(s, -10, 3), substr(s, -10));
	printf("[%s] [%s]\n", substr(s, 5), substr(s, 10));
	printf("[%s] [%s] [%s]\n", substr(s, 1, -1), substr(s, 1, -10), substr(s, 0, 0));
	printf("[%s] [%s] [%s]\n", substr(s, 2, 100), substr("", 0), substr(execname, 1, 3));
	exit(0);
}
