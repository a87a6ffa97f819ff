/*
 * Struct and union values as associative array keys: equal bytes are
 * the same key (r1 and r2), whatever names the value (a global, alloca()
 * memory through a pointer); a key tuple may mix them with strings, and
 * a union is the bytes of its largest member.
 */
#pragma D option quiet
struct rec { int pos; char c; };
union u { int i; char ch; };
struct rec r1, r2, r3;
union u u1;
BEGIN
{
	r1.pos = 1; r1.c = 'a';
	r2.pos = 1; r2.c = 'a';
	r3.pos = 2; r3.c = 'a';
	a[r1] = 1000;
	a[r2] = 2000;
	a[r3] = 3000;
	printf("%d %d %d\n", a[r1], a[r2], a[r3]);
	p = (struct rec *)alloca(sizeof (struct rec));
	p->pos = 2; p->c = 'a';
	printf("alloca: %d\n", a[*p]);
	self->t[r3, "x"] = 5;
	printf("self: %d %d\n", self->t[r3, "x"], self->t[r1, "x"]);
	u1.i = 0x161;
	b[u1] = 7;
	u1.ch = 0x61;
	printf("union: %d\n", b[u1]);
	u1.i = 0x61;
	printf("union: %d\n", b[u1]);
	exit(0);
}
