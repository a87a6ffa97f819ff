/*
 * A struct declared in D laid over user memory: members at C offsets,
 * bit-fields (a signed one negative), a char array as a string, and the
 * struct traced as memory, which Oracle's libdtrace always dumps in hex.
 * The workload's buffer holds 'A', 'B', 'C' ...
 */
#pragma D option quiet

struct foo {
	char c;
	int a;			/* offset 4: "EFGH" */
	unsigned int bf:3;	/* offset 8: 'I' = 0x49, low 3 bits = 1 */
	int sbf:4;		/* next 4 bits = 9, as signed 4 bits = -7 */
	char name[8];		/* the next byte after the bit-fields, 9, as in
				   GCC: "JKLMNOPQ", no NUL; sizeof 20 */
};

syscall::pread64:entry
/execname == "e2eload" && arg3 == 4343/
{
	f = (userland struct foo *)arg1;
	printf("%c %x %d %d %s %d\n", f->c, f->a, f->bf, f->sbf, f->name, sizeof (*f));
	trace(*f);
	printf("\n");
	exit(0);
}
