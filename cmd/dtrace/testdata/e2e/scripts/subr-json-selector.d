/*
 * illumos's reading of the selector: "]" is dropped anywhere, a "["
 * that starts it too; an index is read as strtoll() reads it, so a name
 * in an array selects element 0; the first member that matches wins,
 * and keys match as written, escapes and all.
 */
BEGIN
{
	printf("[%s]\n", json("[5,6]", "x"));
	printf("[%s]\n", json("[5,6]", ""));
	printf("[%s]\n", json("[5,6]", " +1"));
	printf("[%s]\n", json("[5,6]", "1]"));
	printf("[%s]\n", json("{\"a]b\":1,\"ab\":2}", "a]b"));
	printf("[%s]\n", json("{\"a\":1,\"a\":2}", "a"));
	printf("[%s]\n", json("{\"k\\\"\":1}", "k\\\""));
	printf("[%s]\n", json("{\"a\":1.2.3}", "a"));
	printf("[%s]\n", json("{\"a\":1}}", "a"));
	exit(0);
}
