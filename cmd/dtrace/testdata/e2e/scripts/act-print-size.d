/*
 * The printsize option bounds what print() shows: an item that starts
 * past it is "..." and the printing ends there, the open braces closed;
 * setopt() changes it while tracing, and 0 is 8192 bytes, as in Oracle.
 * print(NULL) faults as a bad address.
 */
#pragma D option quiet
#pragma D option printsize=12

struct inner { int x; int y; };
struct s { long a; struct inner in; long b; };

BEGIN
{
	p = (struct s *)alloca(sizeof (struct s));
	p->a = 1;
	p->in.x = 2;
	p->in.y = 3;
	p->b = 4;
	print(p);
	setopt("printsize", "0");
	print(p);
}

BEGIN
{
	print((struct s *)NULL);
}

BEGIN
{
	exit(0);
}
