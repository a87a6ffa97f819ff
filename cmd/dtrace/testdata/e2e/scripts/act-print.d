/*
 * print() of what a pointer points to (Oracle's print()): a struct in
 * user memory (the struct of struct.d), a char array (its first
 * element), an array's element through its address, and a
 * struct in alloca() memory with nested members, most of them zero.
 * The workload's buffer holds 'A', 'B', 'C' ...
 */
#pragma D option quiet

struct foo {
	char c;
	int a;
	unsigned int bf:3;
	int sbf:4;
	char name[8];
	short s[2];
};

struct outer {
	long z;
	struct {
		int x;
		int y;
	} in;
	union {
		unsigned char b;
		int i;
	} u;
	int *p;
	bool t;
};

syscall::pread64:entry
/execname == "e2eload" && arg3 == 4343/
{
	f = (userland struct foo *)arg1;
	print(f);
	print(f->name);
	print(&f->s[1]);
	o = (struct outer *)alloca(sizeof (struct outer));
	o->in.y = -3;
	o->u.i = 258;
	o->p = (int *)0x1234;
	o->t = 1;
	print(o);
	exit(0);
}
