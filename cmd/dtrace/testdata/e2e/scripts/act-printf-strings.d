/*
 * Strings: %S and %C escape what they print (stopping after a NUL, as
 * strchr2esc() does); comparisons order strings as strcmp() does; a
 * ternary may choose between strings.
 */
#pragma D option quiet

BEGIN
{
	printf("%%C = %C%C%C%C\n", 'a', '\n', '\t', '\\');
	printf("%%S = %S\n", "tab\there \"q\" \\ \001");
	printf("%%s = [%s]\n", "tab\there");
	a = "apple";
	b = "banana";
	e = "";
	printf("%d %d %d %d %d %d\n", a < b, a <= b, a > b, a >= b, a == b, a != b);
	printf("%d %d %d %d %d\n", a == "apple", "apple" != a, e < a, "abc" < "abd", "ab" < "abc");
	s = a < b ? "less" : "more";
	printf("%s %s\n", s, a > b ? "gt" : "le");
	x = 3;
	printf("[%s] [%-8s|%8s]\n", x > 2 ? a : b, x ? "yes" : "no", x == 0 ? "zero" : "nonzero");
	trace(x > 2 ? "tern" : "nope");
	printf("\n");
	exit(0);
}
