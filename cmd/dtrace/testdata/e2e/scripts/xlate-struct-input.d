/*
 * A translator whose input is a struct value, not a pointer: its input
 * name stands for the struct's memory, which a cast to the struct's own
 * type leaves as it is. An inline of a struct is the struct it names.
 * A whole translated struct assigned to a variable is each member the
 * translator defines, the others 0.
 */
#pragma D option quiet

struct in { int i; char c; };
struct out { int oi; char oc; int unset; };

translator struct out < struct in v >
{
	oi = ((struct in)v).i * 2;
	oc = v.c;
};

struct in f;
inline struct in g = f;
struct out o;

BEGIN
{
	f.i = 21;
	f.c = 'x';
	printf("%d %c %d %c\n", xlate <struct out> (f).oi, xlate <struct out> (f).oc, g.i, g.c);
	o.unset = 5;
	o = xlate <struct out> (f);
	printf("%d %c %d\n", o.oi, o.oc, o.unset);
	exit(0);
}
