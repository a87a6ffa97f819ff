/*
 * Struct and union values as associative array keys (Oracle DTrace):
 * the key is the value's bytes; another struct type than the first use
 * is a prototype mismatch, and so is a struct where a scalar was used.
 */
struct rec { int pos; char c; };
struct other { int pos; char c; };
union u { int i; char c; };
union v { int i; char c; };

struct rec r;
struct other o;
union u u1;
union v v1;
struct rec *rp;

BEGIN
{
	a[r] = 1;
	a[*rp] = 2;
	x = a[r];
	self->t[r, "k"] = 3;
	b[u1] = 4;
	c[1] = 5;
	a[o] = 6;		/* ERROR D_PROTO_ARG "a[ ] key #1 is incompatible with prototype:\n\tprototype: struct rec\n\t      key: struct other" */
	b[v1] = 7;		/* ERROR D_PROTO_ARG "b[ ] key #1 is incompatible with prototype:\n\tprototype: union u\n\t      key: union v" */
	b[r] = 8;		/* ERROR D_PROTO_ARG "b[ ] key #1 is incompatible with prototype:\n\tprototype: union u\n\t      key: struct rec" */
	c[r] = 9;		/* ERROR D_PROTO_ARG "c[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: struct rec" */
	a[1] = 10;		/* ERROR D_PROTO_ARG "a[ ] key #1 is incompatible with prototype:\n\tprototype: struct rec\n\t      key: int" */
}
