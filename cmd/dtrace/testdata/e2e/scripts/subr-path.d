/*
 * basename() and dirname() of paths with and without slashes, with
 * trailing and repeated slashes, and of "".
 */
#pragma D option quiet

BEGIN
{
	printf("%s %s\n", basename("/foo/bar/baz"), dirname("/foo/bar/baz"));
	printf("%s %s\n", basename("/foo/bar/"), dirname("/foo/bar/"));
	printf("%s %s\n", basename("/foo"), dirname("/foo"));
	printf("%s %s\n", basename("foo"), dirname("foo"));
	printf("%s %s\n", basename("foo/"), dirname("foo/"));
	printf("%s %s\n", basename("/"), dirname("/"));
	printf("%s %s\n", basename("///"), dirname("///"));
	printf("%s %s\n", basename(""), dirname(""));
	printf("%s %s\n", basename("//foo//bar//"), dirname("//foo//bar//"));
	printf("%s %s\n", basename("a//b"), dirname("a//b"));
	printf("%s %s\n", basename(".."), dirname(".."));
	exit(0);
}
