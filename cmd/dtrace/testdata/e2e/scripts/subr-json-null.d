/*
 * A missing member or element, a selector going on past a value that
 * is not an object or array, and malformed text give NULL, which
 * compares equal to NULL (and, as in Oracle DTrace, not to "").
 */
BEGIN
{
	printf("%d", json("{\"a\":1}", "b") == NULL);
	printf("%d", json("{\"a\":[1,2]}", "a[2]") == NULL);
	printf("%d", json("{\"a\":[1,2]}", "a[-1]") == NULL);
	printf("%d", json("{\"a\":[]}", "a[0]") == NULL);
	printf("%d", json("{\"a\":\"x\"}", "a.b") == NULL);
	printf("%d", json("{\"a\":{\"b\":1}}", "a.b.c") == NULL);
	printf("%d", json("{\"a\":1", "a") == NULL);
	printf("%d", json("{\"a\":1,}", "b") == NULL);
	printf("%d", json("{\"a\":tru}", "a") == NULL);
	printf("%d", json("{\"a\":0x1}", "a") == NULL);
	printf("%d", json("{\"a\":\"\\u12g4\"}", "a") == NULL);
	printf("%d", json("{\"a\":{\"b\":1]}", "c") == NULL);
	printf("%d", json("{a:1}", "a") == NULL);
	printf("%d", json("\"a\"", "a") == NULL);
	printf("%d", json("", "a") == NULL);
	printf(" %d\n", json("{\"a\":1}", "a") == NULL);
	exit(0);
}
