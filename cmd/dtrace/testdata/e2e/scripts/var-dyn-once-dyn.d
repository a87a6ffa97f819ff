/*
 * Compound assignments and ++/-- whose target is memory inside a dynamic
 * struct or array variable: the keys and indexes are evaluated once, so
 * each side effect happens once and the value read is the one written.
 */
struct pt {
	int x;
	short y;
	long arr[4];
};

self struct pt s;
self long la[4];
struct pt b[int];
struct pt c[int, string];

BEGIN
{
	j = 0;
	b[j++].x += 1;
	b[j++].y -= 2;
	b[1].y -= 2;
	printf("b: %d %d %d %d j=%d\n", b[0].x, b[0].y, b[1].x, b[1].y, j);

	i = 1;
	self->s.arr[i++]++;
	self->s.arr[i++] += 5;
	x = self->s.arr[i--]--;
	y = ++self->s.arr[--i];
	printf("self->s: %d %d %d %d i=%d x=%d y=%d\n", self->s.arr[0],
	    self->s.arr[1], self->s.arr[2], self->s.arr[3], i, x, y);

	k = 0;
	self->la[0] = 7;
	self->la[k++] *= 3;
	self->la[k++] |= 6;
	printf("self->la: %d %d %d k=%d\n", self->la[0], self->la[1],
	    self->la[2], k);

	n = 0;
	m = 2;
	c[n++, "a"].arr[m--] += 10;
	c[n++, "a"].arr[m--] -= 4;
	printf("c: %d %d %d %d n=%d m=%d\n", c[0, "a"].arr[2], c[0, "a"].arr[1],
	    c[1, "a"].arr[1], c[1, "a"].arr[2], n, m);
}

BEGIN
{
	/* A run-time index past the end faults once, after its side effect. */
	p = 3;
	self->la[p++] += 1;
	self->la[p++] += 1;
	printf("not printed\n");
}

BEGIN
{
	printf("la[3]=%d p=%d\n", self->la[3], p);
	exit(0);
}
