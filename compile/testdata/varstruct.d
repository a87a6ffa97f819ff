/* Struct and array variables: member and element stores and loads, a
 * run-time index (bounds-checked), whole-struct copies, and structs as
 * associative array keys. */
struct pt {
	int x;
	short y;
	char name[8];
};

struct pt a, b;
int v[4];
this struct pt p;

syscall::read:entry
{
	a.x = arg0;
	a.y += 2;
	a.name[1] = 'z';
	v[arg0 & 3]++;
	v[arg2] = 1;
	b = a;
	this->p = b;
	this->p.name[arg1 & 7] = 'q';
	@[a.x, v[1]] = count();
	trace(this->p.name[0]);
}

/* Compound assignments and ++/-- into global and clause-local memory
 * find their target once, with a run-time, bounds-checked index. */
syscall::mmap:entry
{
	k = arg0;
	v[k++] -= 2;
	a.name[k--] += 1;
	this->p.name[arg1]++;
	this->x = --v[k];
	trace(this->x + this->p.name[0]);
}

syscall::openat:entry
{
	assoc[a] = arg0;
	self->sk[this->p, execname] = assoc[b] + 1;
}
