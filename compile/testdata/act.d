/*
 * usym() and its kin as statements and keys, tracemem() with and
 * without a dynamic size, print() of what pointers and arrays point
 * to: a struct in user memory, a member, an array's element, alloca()
 * memory and a kernel struct; and setopt().
 */
struct foo {
	char c;
	int a;
	unsigned int bf:3;
	int sbf:4;
	char name[8];
};

profile-997
/arg1 != 0/
{
	ufunc(arg1);
	usym(arg1);
	uaddr(arg1);
	umod(arg1);
	@f[ufunc(arg1)] = count();
	@m[pid, umod(arg1), uaddr(arg1)] = sum(arg1);
}

syscall::read:entry
{
	f = (userland struct foo *)arg1;
	tracemem(copyin(arg1, 32), 32);
	tracemem(copyin(arg1, 64), 64, arg2);
	tracemem(f, 20);
	print(f);
	print(f->name);
	print(&f->a);
	print((struct foo *)alloca(sizeof (struct foo)));
	print(curthread->mm);
	setopt("quiet");
	setopt("aggsortkey", "1");
}
