/*
 * print() of a struct over user memory (the struct of struct.d), of a
 * member array, an integer, a pointer's target member and a string: the
 * workload's buffer holds 'A', 'B', 'C' ...
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

syscall::pread64:entry
/execname == "e2eload" && arg3 == 4343/
{
	f = (userland struct foo *)arg1;
	print(*f);
	printf("\n");
	print(f->name);
	print(f->name[1]);
	print(f->a);
	print(f->c);
	print("str");
	exit(0);
}
