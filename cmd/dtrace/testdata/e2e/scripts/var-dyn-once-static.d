/*
 * Compound assignments and ++/-- whose target is memory inside a global
 * or clause-local struct or array variable: the index is evaluated once,
 * so each side effect happens once and the value read is the one written.
 */
struct pt {
	int x;
	unsigned char u;
	long arr[4];
};

struct pt g;
int v[4];
this struct pt l;
this int a[4];

BEGIN
{
	k = 0;
	g.arr[k++] -= 2;
	g.arr[k++] += 7;
	g.u = 250;
	g.u += 10;
	printf("g: %d %d %d %d k=%d\n", g.arr[0], g.arr[1], g.arr[2], g.u, k);

	i = 0;
	this->a[0] = 1;
	this->a[1] = 10;
	this->a[i++] += 3;
	this->a[i++] <<= 2;
	printf("this->a: %d %d %d i=%d\n", this->a[0], this->a[1], this->a[2], i);

	j = 3;
	this->l.arr[3] = 5;
	x = this->l.arr[j--]++;
	y = --this->l.arr[j--];
	printf("this->l: %d %d %d j=%d x=%d y=%d\n", this->l.arr[3],
	    this->l.arr[2], this->l.arr[1], j, x, y);
}

BEGIN
{
	/* The last element is written; the next index faults. */
	n = 3;
	v[n++] += 1;
	v[n++] += 1;
	printf("not printed\n");
}

BEGIN
{
	printf("v[3]=%d n=%d\n", v[3], n);
	exit(0);
}
