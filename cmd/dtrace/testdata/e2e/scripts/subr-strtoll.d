/*
 * strtoll(): blanks, signs, the "0x" prefix in base 16, digits of either
 * case, and the first byte that is not a digit of the base.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", strtoll("123"), strtoll("  -42"), strtoll("\t+7x"), strtoll("- 5"));
	printf("%d %d %d %d\n", strtoll("0x1f", 16), strtoll("0X1F", 16), strtoll("1f", 16), strtoll("0x10"));
	printf("%d %d %d\n", strtoll("0x", 16), strtoll("0xg", 16), strtoll("-0xff", 16));
	printf("%d %d %d %d\n", strtoll("zz", 36), strtoll("777", 8), strtoll("789", 8), strtoll("101", 2));
	printf("%d %d %d\n", strtoll(""), strtoll("abc"), strtoll("-"));
	printf("%d %d\n", strtoll("9223372036854775807"), strtoll("9223372036854775808"));
	printf("%d\n", strtoll(lltostr(-123456789)));
}

BEGIN
{
	printf("%d\n", strtoll("1", 0));
}

BEGIN
{
	exit(0);
}
