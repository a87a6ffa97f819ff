/*
 * A translator whose input is a struct value, not a pointer: its input
 * name stands for the struct's memory, which a cast to the struct's own
 * type leaves as it is. An inline of a struct is the struct it names.
 */
#pragma D option quiet

struct in { int i; char c; };
struct out { int oi; char oc; };

translator struct out < struct in v >
{
	oi = ((struct in)v).i * 2;
	oc = v.c;
};

struct in f;
inline struct in g = f;

BEGIN
{
	f.i = 21;
	f.c = 'x';
	printf("%d %c %d %c\n", xlate <struct out> (f).oi, xlate <struct out> (f).oc, g.i, g.c);
	exit(0);
}
