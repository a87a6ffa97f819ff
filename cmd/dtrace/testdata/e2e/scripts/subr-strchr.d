/*
 * strchr(), strrchr() and strstr(): the rest of the string from what they
 * find. When they find nothing DTrace returns NULL; godtrace's NULL
 * string reads as "".
 */
#pragma D option quiet

BEGIN
{
	str = "fooeyfooeyfoo";
	printf("[%s] [%s]\n", strchr(str, 'f'), strrchr(str, 'f'));
	printf("[%s] [%s]\n", strchr(str, 'y'), strrchr(str, 'y'));
	printf("[%s]\n", strrchr(strchr(str, 'y'), 'y'));
	printf("[%s] [%s] [%s]\n", strchr(str, 'a'), strchr(str, 0), strchr(str, 'f' + 256));
	printf("%d %d\n", strchr(str, 'a') == "", strrchr(str, 'a') == "");
	printf("[%s] [%s] [%s]\n", strstr("foobarbaz", "bar"), strstr("foobarbaz", ""), strstr("", ""));
	printf("[%s] [%s] [%s]\n", strstr("foo", "foox"), strstr("abcabc", "ca"), strstr(str, "yfooeyf"));
	exit(0);
}
