/*
 * cleanpath() of paths covering each of Oracle DTrace's rules (Go's
 * path.Clean, but "" stays ""; ten per clause: each result takes strsize
 * bytes of the clause's scratch space).
 */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s]\n", "", cleanpath(""));
	printf("[%s] [%s]\n", "/", cleanpath("/"));
	printf("[%s] [%s]\n", "//", cleanpath("//"));
	printf("[%s] [%s]\n", "a", cleanpath("a"));
	printf("[%s] [%s]\n", ".", cleanpath("."));
	printf("[%s] [%s]\n", "..", cleanpath(".."));
	printf("[%s] [%s]\n", "/.", cleanpath("/."));
	printf("[%s] [%s]\n", "/..", cleanpath("/.."));
	printf("[%s] [%s]\n", "./", cleanpath("./"));
	printf("[%s] [%s]\n", "../", cleanpath("../"));
}

BEGIN
{
	printf("[%s] [%s]\n", "/a/", cleanpath("/a/"));
	printf("[%s] [%s]\n", "/a/.", cleanpath("/a/."));
	printf("[%s] [%s]\n", "/a/..", cleanpath("/a/.."));
	printf("[%s] [%s]\n", "/a/b/..", cleanpath("/a/b/.."));
	printf("[%s] [%s]\n", "/a//b", cleanpath("/a//b"));
	printf("[%s] [%s]\n", "/a/./b", cleanpath("/a/./b"));
	printf("[%s] [%s]\n", "/a/../b", cleanpath("/a/../b"));
	printf("[%s] [%s]\n", "/a/b/../../c", cleanpath("/a/b/../../c"));
	printf("[%s] [%s]\n", "/a/b/../../../c", cleanpath("/a/b/../../../c"));
	printf("[%s] [%s]\n", "a/../../b", cleanpath("a/../../b"));
}

BEGIN
{
	printf("[%s] [%s]\n", "x/../..", cleanpath("x/../.."));
	printf("[%s] [%s]\n", "../a", cleanpath("../a"));
	printf("[%s] [%s]\n", "../../a/b/../c", cleanpath("../../a/b/../c"));
	printf("[%s] [%s]\n", "/usr/lib/../lib64/./libc.so", cleanpath("/usr/lib/../lib64/./libc.so"));
	printf("[%s] [%s]\n", "/foo/bar/../baz/./qux//", cleanpath("/foo/bar/../baz/./qux//"));
	printf("[%s] [%s]\n", "/a/..b/...", cleanpath("/a/..b/..."));
	printf("[%s] [%s]\n", "/a/.b/c", cleanpath("/a/.b/c"));
	printf("[%s] [%s]\n", "/a/b/.../", cleanpath("/a/b/.../"));
	printf("[%s] [%s]\n", "///a///b///", cleanpath("///a///b///"));
	printf("[%s] [%s]\n", "/./././", cleanpath("/./././"));
}

BEGIN
{
	printf("[%s] [%s]\n", "/a/b/c/../../..", cleanpath("/a/b/c/../../.."));
	printf("[%s] [%s]\n", "a/b/..", cleanpath("a/b/.."));
	printf("[%s] [%s]\n", "./a/./b/.", cleanpath("./a/./b/."));
	printf("[%s] [%s]\n", "/..a", cleanpath("/..a"));
	printf("[%s] [%s]\n", "/a/...", cleanpath("/a/..."));
}

BEGIN
{
	printf("[%s] [%s]\n", "a/..", cleanpath("a/.."));
	printf("[%s] [%s]\n", "a/../..", cleanpath("a/../.."));
	printf("[%s] [%s]\n", "../x/../..", cleanpath("../x/../.."));
	printf("[%s] [%s]\n", "./../a/./..", cleanpath("./../a/./.."));
	printf("[%s] [%s]\n", "/../a/../..", cleanpath("/../a/../.."));
	printf("[%s] [%s]\n", ".../..", cleanpath(".../.."));
	printf("[%s] [%s]\n", "a/b/../../..", cleanpath("a/b/../../.."));
	printf("[%s] [%s]\n", "./", cleanpath("./"));
	printf("[%s] [%s]\n", "//./a/./", cleanpath("//./a/./"));
	printf("[%s] [%s]\n", "a/./../b/.", cleanpath("a/./../b/."));
}

BEGIN
{
	exit(0);
}
