/*
 * strchr(), strrchr() and strstr(): the rest of the string from what they
 * find. When they find nothing they return NULL, which compares equal
 * to NULL and, as in Oracle DTrace, not to "" (err-null-string: reading
 * it faults).
 */
#pragma D option quiet

BEGIN
{
	str = "fooeyfooeyfoo";
	printf("[%s] [%s]\n", strchr(str, 'f'), strrchr(str, 'f'));
	printf("[%s] [%s]\n", strchr(str, 'y'), strrchr(str, 'y'));
	printf("[%s]\n", strrchr(strchr(str, 'y'), 'y'));
	printf("%d [%s] [%s]\n", strchr(str, 'a') == NULL, strchr(str, 0), strchr(str, 'f' + 256));
	printf("%d %d\n", strchr(str, 'a') == "", strrchr(str, 'a') == "");
	printf("[%s] [%s] [%s]\n", strstr("foobarbaz", "bar"), strstr("foobarbaz", ""), strstr("", ""));
	printf("%d [%s] [%s]\n", strstr("foo", "foox") == NULL, strstr("abcabc", "ca"), strstr(str, "yfooeyf"));
	exit(0);
}
