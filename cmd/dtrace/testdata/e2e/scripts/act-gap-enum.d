/*
 * print() of an enum prints the enumerator's name, or the number when
 * none has the value (illumos's dt_print_enum()): a D enum, alone and
 * as a member, and a kernel one.
 */
#pragma D option quiet

enum color { RED, GREEN = 5, BLUE };
struct paint { enum color c; int n; };
struct paint v;

BEGIN
{
	e = BLUE;
	print(e);
	print((enum color)5);
	print((enum color)7);
	v.c = GREEN;
	v.n = 3;
	print(v);
	printf("\n");
	print((enum pid_type)1);
	print((enum pid_type)77);
	exit(0);
}
