/*
 * Every conversion of DTrace's printf dictionary that takes an integer
 * or a string, once, on the value 'a' (as illumos's printf/tst.basics.d),
 * then the size prefixes on values of the matching type.
 */
#pragma D option quiet

BEGIN
{
	i = (int)'a';
	printf("%%c = %c\n", i);
	printf("%%d = %d\n", i);
	printf("%%hd = %hd\n", (short)i);
	printf("%%hi = %hi\n", (short)i);
	printf("%%ho = %ho\n", (ushort_t)i);
	printf("%%hu = %hu\n", (ushort_t)i);
	printf("%%hx = %hx\n", (ushort_t)i);
	printf("%%hX = %hX\n", (ushort_t)i);
	printf("%%i = %i\n", i);
	printf("%%lc = %lc\n", i);
	printf("%%ld = %ld\n", (long)i);
	printf("%%li = %li\n", (long)i);
	printf("%%lo = %lo\n", (ulong_t)i);
	printf("%%lu = %lu\n", (ulong_t)i);
	printf("%%lx = %lx\n", (ulong_t)i);
	printf("%%lX = %lX\n", (ulong_t)i);
	printf("%%o = %o\n", (uint_t)i);
	printf("%%p = %p\n", (uintptr_t)i);
	printf("%%s = %s\n", "hello");
	printf("%%u = %u\n", (uint_t)i);
	printf("%%wc = %wc\n", i);
	printf("%%x = %x\n", (uint_t)i);
	printf("%%X = %X\n", (uint_t)i);
	printf("%%lld = %lld %%lli = %lli %%llo = %llo\n", (long long)-5, (long long)-5, (unsigned long long)8);
	printf("%%llu = %llu %%llx = %llx %%llX = %llX\n", (unsigned long long)-1, (long long)0xdeadbeefcafe, (long long)0xdeadbeefcafe);
	exit(0);
}
