/*
 * A missing member or element, a selector going on past a value that
 * is not an object or array, and malformed text give NULL, which
 * compares equal to "" (as in DTrace, where the comparison reads NULL
 * as an empty string).
 */
BEGIN
{
	printf("%d", json("{\"a\":1}", "b") == "");
	printf("%d", json("{\"a\":[1,2]}", "a[2]") == "");
	printf("%d", json("{\"a\":[1,2]}", "a[-1]") == "");
	printf("%d", json("{\"a\":[]}", "a[0]") == "");
	printf("%d", json("{\"a\":\"x\"}", "a.b") == "");
	printf("%d", json("{\"a\":{\"b\":1}}", "a.b.c") == "");
	printf("%d", json("{\"a\":1", "a") == "");
	printf("%d", json("{\"a\":1,}", "b") == "");
	printf("%d", json("{\"a\":tru}", "a") == "");
	printf("%d", json("{\"a\":0x1}", "a") == "");
	printf("%d", json("{\"a\":\"\\u12g4\"}", "a") == "");
	printf("%d", json("{\"a\":{\"b\":1]}", "c") == "");
	printf("%d", json("{a:1}", "a") == "");
	printf("%d", json("\"a\"", "a") == "");
	printf("%d", json("", "a") == "");
	printf(" %d\n", json("{\"a\":1}", "a") == "");
	exit(0);
}
