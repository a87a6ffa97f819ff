/*
 * index() and rindex(), on the cases of DTrace's tst.index.d, with and
 * without a start position.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", index("foobarbaz", "barbaz"), rindex("foobarbaz", "barbaz"));
	printf("%d %d\n", index("foofoofoo", "foo"), rindex("foofoofoo", "foo"));
	printf("%d %d\n", index("boofoofoo", "foo"), rindex("boofoofoo", "foo"));
	printf("%d %d\n", index("foobarbaz", "barbazzy"), rindex("foobarbaz", "barbazzy"));
	printf("%d %d\n", index("foobar", "foobar"), rindex("foobar", "foobar"));
	printf("%d %d\n", index("foobar", "foobarbaz"), rindex("foobar", "foobarbaz"));
	printf("%d %d\n", index("", "foobar"), rindex("", "foobar"));
	printf("%d %d\n", index("foobar", ""), rindex("foobar", ""));
	printf("%d %d\n", index("", ""), rindex("", ""));
	printf("%d %d\n", index("foo", ""), rindex("foo", ""));
	printf("%d %d %d %d %d\n", index("foofoofoo", "foo", -400), index("foofoofoo", "foo", 1),
	    index("foofoofoo", "foo", 6), index("foofoofoo", "foo", 7), index("foofoofoo", "foo", 9));
	printf("%d %d %d %d\n", index("foo", "", 2), index("foo", "", 3), index("foo", "", 400),
	    index("foo", "", -1));
	printf("%d %d %d %d %d\n", rindex("foofoofoo", "foo", -1), rindex("foofoofoo", "foo", 0),
	    rindex("foofoofoo", "foo", 5), rindex("foofoofoo", "foo", 6), rindex("foofoofoo", "foo", 400));
	printf("%d %d %d\n", rindex("foo", "", -1), rindex("foo", "", 1), rindex("foo", "", 400));
	printf("%d %d %d %d\n", index("", "", 5), rindex("", "", -5), index("foobar", "o", 3), index("foobar", "o", 2));
	s = "a much longer string, longer than one word of eight bytes: long";
	printf("%d %d %d\n", index(s, "longer"), rindex(s, "longer"), index(s, s));
	printf("%d %d\n", index(s, "eight bytes: lonG"), rindex(s, "long", 20));
	exit(0);
}
