/*
 * A string holds strsize characters, like DTrace's: with strsize=6 a
 * variable keeps all of "dtrace", and longer strings are cut to 6. Keys
 * cut to the same 6 characters are the same key, in an associative
 * array and in an aggregation alike.
 */
#pragma D option quiet
#pragma D option strsize=6

BEGIN
{
	x = probeprov;
	y = "abcdefgh";
	self->z = y;
	printf("[%s][%s][%s] %d %d\n", x, y, self->z, strlen(x), strlen(y));
	a["abcdefX"] = 1;
	a["abcdefY"] = 2;
	@c["abcdefX"] = count();
	@c[y] = count();
	printf("%d %d\n", a["abcdef"], a["abcdefZ"]);
	exit(0);
}
