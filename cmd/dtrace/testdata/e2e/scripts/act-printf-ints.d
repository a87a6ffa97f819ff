/*
 * An integer is recorded at the size of its D type and read back at
 * that size: %d follows the type's sign, %i is always signed, %u, %x
 * and %o always unsigned (illumos's printf/tst.ints.d and tst.signs.d).
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", (char)0x1234567890abcdef, (short)0x1234567890abcdef,
	    (int)0x1234567890abcdef, (long long)0x1234567890abcdef);
	printf("%d %d %d %d\n", (unsigned char)0x1234567890abcdef, (unsigned short)0x1234567890abcdef,
	    (unsigned int)0x1234567890abcdef, (unsigned long long)0x1234567890abcdef);
	printf("%u %u %u %u\n", (char)-1, (short)-1, (int)-1, (long long)-1);
	printf("%x %x %x %x\n", (char)-1, (short)-1, (int)-1, (long long)-1);
	printf("%o %o\n", (unsigned char)0x1234567890abcdef, (long long)0x1234567890abcdef);
	printf("%d %i %u\n", (unsigned short)0xffffffff, (unsigned short)0xffffffff, (unsigned short)0xffffffff);
	printf("%d %i %u\n", (short)0xffffffff, (short)0xffffffff, (short)0xffffffff);
	printf("%p %p %#p\n", (void *)0x12345678, (uintptr_t)0x90abcdef, 4096);
	exit(0);
}
