struct pt { int x; int y; int v[3]; };
union u { int i; char c[4]; };
struct pt g;
self struct pt s;
self int arr[4];
self union u un;
self struct task_struct t;
struct pt a[int];
this struct pt l;

BEGIN
{
	printf("absent: %d %d %d\n", self->s.x, self->arr[3], a[7].v[2]);
	self->s.x = 1;
	self->s.y = 2;
	self->s.y++;
	self->s.v[1] += 40;
	printf("self->s: %d %d %d\n", self->s.x, self->s.y, self->s.v[1]);
	self->arr[2] = 5;
	i = 3;
	self->arr[i] = 6;
	printf("self->arr: %d %d %d %d\n", self->arr[0], self->arr[1], self->arr[2], self->arr[3]);
	a[pid].x++;
	a[pid].x++;
	a[1].v[i - 1] = 9;
	printf("a: %d %d %d\n", a[pid].x, a[1].v[2], a[2].x);
	g.x = 7;
	self->s = g;
	g.x = 8;
	printf("self->s = g: %d %d, g.x %d\n", self->s.x, self->s.y, g.x);
	this->l.y = 11;
	a[3] = this->l;
	a[3].y *= 2;
	this->l = a[3];
	printf("copies: %d %d\n", this->l.y, a[3].y);
	this->l = a[4];
	printf("absent copy: %d\n", this->l.y);
	self->un.i = 0x41424344;
	printf("union: %c%c %d\n", self->un.c[0], self->un.c[3], sizeof (self->un));
	self->t = *curthread;
	printf("task: %d %d\n", self->t.pid == tid, self->t.comm == execname);
	self->s = 0;
	printf("freed: %d\n", self->s.x);
}

BEGIN
{
	i = 4;
	self->arr[i] = 1;
	printf("not printed\n");
}

BEGIN
{
	printf("a[3]: %d %d %d\n", a[3].x, a[3].y, a[3].v[2]);
	exit(0);
}
