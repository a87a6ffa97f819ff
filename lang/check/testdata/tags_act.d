/*
 * usym() and its kin, tracemem(), print() and setopt(): the tags their
 * arguments raise, with DTrace's tag and wording (dt_cc.c
 * dt_action_tracemem, dt_action_trace; dt_open.c's prototypes). See
 * tags_test.go.
 */
struct foo {
	int a;
};

struct foo *fp;
struct undone *up;
int arr[4];

BEGIN
{
	i = 1;
	ufunc(arg0);
	usym(arg0);
	uaddr(arg0);
	umod(arg0);
	@u[ufunc(arg0), umod(arg0)] = count();
	tracemem(arg0, 16);
	tracemem(fp, 16, i);
	print(fp);
	print(&fp->a);
	print(arr);
	setopt("quiet");
	setopt("bufsize", "1m");

	ufunc("x");			/* ERROR D_PROTO_ARG "ufunc( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: string" */
	umod();				/* ERROR D_PROTO_LEN "umod( ) prototype mismatch: 0 args passed, 1 expected" */
	tracemem(arg0);			/* ERROR D_PROTO_LEN "tracemem( ) prototype mismatch: 1 arg passed, at least 2 expected" */
	tracemem("x", 8);		/* ERROR D_TRACEMEM_ADDR "tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: string" */
	tracemem(arg0, i);		/* ERROR D_TRACEMEM_SIZE "tracemem( ) argument #2 must be a non-zero positive integral constant expression" */
	tracemem(arg0, 0);		/* ERROR D_TRACEMEM_SIZE "tracemem( ) argument #2 must be a non-zero positive integral constant expression" */
	tracemem(arg0, "x");		/* ERROR D_PROTO_ARG "tracemem( ) argument #2 is incompatible with prototype:\n\tprototype: size_t\n\t argument: string" */
	tracemem(arg0, 8, "x");		/* ERROR D_TRACEMEM_DYNSIZE "tracemem ( ) dynamic size (argument #3) must be of scalar type" */
	tracemem(arg0, 8, 1, 2);	/* ERROR D_PROTO_LEN "tracemem( ) prototype mismatch: 4 args passed, at most 3 expected" */
	print(@u);			/* ERROR D_PRINT_AGG "print( ) may not be applied to an aggregation -- did you mean printa()?" */
	print((void)0);			/* ERROR D_PROTO_ARG "print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: void" */
	print(i);			/* ERROR D_PROTO_ARG "print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: int" */
	print(*fp);			/* ERROR D_PROTO_ARG "print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: struct foo" */
	print("s");			/* ERROR D_PROTO_ARG "print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: string" */
	print((void *)fp);		/* ERROR D_PRINT_SIZE "print( ) argument #1 reference has type 'void' with size 0; cannot print( ) it." */
	print(up);			/* ERROR D_PRINT_SIZE "print( ) argument #1 reference has type 'struct undone' with size 0; cannot print( ) it." */
	print(1, 2);			/* ERROR D_PROTO_LEN "print( ) prototype mismatch: 2 args passed, 1 expected" */
	setopt();			/* ERROR D_PROTO_LEN "setopt( ) prototype mismatch: 0 args passed, at least 1 expected" */
	setopt("a", "b", "c");		/* ERROR D_PROTO_LEN "setopt( ) prototype mismatch: 3 args passed, at most 2 expected" */
	setopt(1);			/* ERROR D_PROTO_ARG "setopt( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
}

/* pcap(), godtrace's refusal aside (errors.d), is checked against its prototype, void(void *, int). */
struct { int a; } tagpcap;
BEGIN
{
	pcap();				/* ERROR D_PROTO_LEN "pcap( ) prototype mismatch: 0 args passed, 2 expected" */
	pcap(0);			/* ERROR D_PROTO_LEN "pcap( ) prototype mismatch: 1 arg passed, 2 expected" */
	pcap(0, 1, 2);			/* ERROR D_PROTO_LEN "pcap( ) prototype mismatch: 3 args passed, 2 expected" */
	pcap(tagpcap, 1);		/* ERROR D_PROTO_ARG "pcap( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: struct " */
	pcap(1, 1);			/* ERROR D_PROTO_ARG "pcap( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: int" */
	pcap(fp, "a");			/* ERROR D_PROTO_ARG "pcap( ) argument #2 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
}
