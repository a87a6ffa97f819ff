/*
 * lltostr() in bases 10, 16, 8, 2 and 36: only base 10 is signed, 16 has
 * a "0x" prefix and 8 a "0". A base outside [2, 36] is an illegal
 * operation.
 */
#pragma D option quiet

BEGIN
{
	printf("%s %s %s %s\n", lltostr(0), lltostr(42), lltostr(-42), lltostr(9223372036854775807));
	printf("%s %s\n", lltostr((long long)0x8000000000000000), lltostr(-5, 10));
	printf("%s %s %s\n", lltostr(255, 16), lltostr(0, 16), lltostr(-1, 16));
	printf("%s %s %s\n", lltostr(8, 8), lltostr(0, 8), lltostr(-5, 8));
	printf("%s %s %s\n", lltostr(5, 2), lltostr(0, 2), lltostr(-1, 2));
	printf("%s %s %s\n", lltostr(35, 36), lltostr(36, 36), lltostr(1295, 36));
	printf("%d\n", lltostr(pid) == stringof(pid));
}

BEGIN
{
	printf("%s\n", lltostr(1, 1));
}

BEGIN
{
	printf("%s\n", lltostr(1, 37));
}

BEGIN
{
	exit(0);
}
