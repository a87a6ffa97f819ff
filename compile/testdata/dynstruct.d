/* Struct, union and array values in dynamic variables: member and
 * element stores (creating the variable), loads (zeros when absent),
 * whole copies both ways, a run-time index, and freeing by assigning 0. */
struct pt {
	int x;
	short y;
	char name[8];
	long v[4];
};

union u {
	int i;
	char c[4];
};

struct pt g;
self struct pt s;
self long arr[8];
self union u un;
self struct task_struct t;
struct pt a[int, string];
this struct pt l;

syscall::read:entry
{
	self->s.x = arg0;
	self->s.y += 2;
	self->s.name[arg1 & 7] = 'q';
	self->s.v[arg2]++;
	self->arr[arg0] = arg1;
	self->un.i = arg2;
	a[pid, execname].x++;
	a[tid, "k"].v[arg0 & 3] = self->arr[arg1];
	this->l = self->s;
	a[1, "c"] = this->l;
	g = a[2, "absent"];
	self->s = g;
	self->t = *curthread;
	@[self->s.x, a[pid, execname].v[1]] = count();
	trace(self->un.c[1]);
	trace(self->s);
}

syscall::openat:return
/self->s.x/
{
	printf("%d %s %d", self->s.y, self->s.name, self->t.pid);
	self->s = 0;
	a[pid, execname] = 0;
	self->t = 0;
}

/* Compound assignments and ++/-- into dynamic memory find their target
 * once: side-effecting keys and a run-time, bounds-checked index. */
syscall::mmap:entry
{
	i = arg0;
	a[i++, execname].v[arg1]++;
	self->s.v[i++] += arg2;
	self->arr[i--] *= 3;
	this->x = self->s.y--;
	this->y = ++a[tid, "k"].x;
	a[i, "k"].y -= this->x + this->y;
}
