/*
 * The string subroutines: calls the checker accepts, and prototype errors.
 */
BEGIN
{
	s = "/usr/lib/libc.so.1";
	j = strjoin(s, execname);
	a = substr(s, 1);
	b = substr(s, -2, 1);
	i = index(s, "lib") + index(s, "lib", 2) + rindex(s, "/") + rindex(s, "/", -1);
	c = strchr(s, 'l');
	d = strrchr(execname, 0);
	e = strstr(j, probename);
	f = basename(s);
	g = dirname(copyinstr(arg0));
	h = cleanpath(s);
	k = toupper(s) == tolower(s);
	l = lltostr(arg0) == lltostr(-1, 16);
	m = strtoll("123") + strtoll(s, 16);
	n = stringof(pid) == stringof(1 + 2);
	o = strlen(strjoin(substr(s, 1), basename(dirname(s))));
	@agg[basename(s), index(s, "/")] = count();
}

BEGIN
/strstr(execname, "sh") == "sh" && strtoll(lltostr(pid)) == pid/
{
	trace(toupper(strchr(execname, 'a')));
}

BEGIN
{
	x1 = strjoin(s);	/* ERROR D_PROTO_LEN "strjoin( ) prototype mismatch: 1 arg passed, 2 expected" */
	x2 = strjoin(s, 1);	/* ERROR D_PROTO_ARG "strjoin( ) argument #2 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
	x3 = substr(s);		/* ERROR D_PROTO_LEN "substr( ) prototype mismatch: 1 arg passed, at least 2 expected" */
	x4 = substr(s, 1, 2, 3);	/* ERROR D_PROTO_LEN "substr( ) prototype mismatch: 4 args passed, at most 3 expected" */
	x5 = substr(s, "1");	/* ERROR D_PROTO_ARG "substr( ) argument #2 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	x6 = index(s);		/* ERROR D_PROTO_LEN "index( ) prototype mismatch: 1 arg passed, at least 2 expected" */
	x7 = rindex(1, s);	/* ERROR D_PROTO_ARG "rindex( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
	x8 = strchr(s, "l");	/* ERROR D_PROTO_ARG "strchr( ) argument #2 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	x9 = strstr(s);		/* ERROR D_PROTO_LEN "strstr( ) prototype mismatch: 1 arg passed, 2 expected" */
	y1 = basename();	/* ERROR D_PROTO_LEN "basename( ) prototype mismatch: 0 args passed, 1 expected" */
	y2 = dirname(0);	/* NULL passes char *, as in Oracle DTrace (it faults at run time) */
	y2 = dirname(1);	/* ERROR D_PROTO_ARG "dirname( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
	y3 = toupper(s, s);	/* ERROR D_PROTO_LEN "toupper( ) prototype mismatch: 2 args passed, 1 expected" */
	y4 = lltostr(s);	/* ERROR D_PROTO_ARG "lltostr( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	y5 = lltostr(1, 2, 3);	/* ERROR D_PROTO_LEN "lltostr( ) prototype mismatch: 3 args passed, at most 2 expected" */
	y6 = strtoll(1);	/* ERROR D_PROTO_ARG "strtoll( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int" */
	y7 = s * strtoll(s);	/* ERROR D_OP_ARITH "operator * requires operands of arithmetic type" */
	y8 = strjoin(s, s) * 1;	/* ERROR D_OP_ARITH "operator * requires operands of arithmetic type" */
	y9 = stringof(curthread->comm);
	z1 = stringof(s);
	z2 = stringof(*curthread);	/* ERROR D_STRINGOF_TYPE "cannot apply stringof to a value of type struct task_struct" */
}

/*
 * inet_ntoa6(struct in6_addr *, [int]) as Oracle DTrace has it: the
 * optional strict flag is an integer constant; link_ntop()'s address is
 * a void *, which a char array passes as its bytes.
 */
uint8_t hw[20];

BEGIN
{
	v6 = inet_ntoa6((struct in6_addr *)alloca(16));
	v6 = inet_ntoa6((struct in6_addr *)alloca(16), 1);
	v6 = inet_ntoa6(copyin(arg0, 16));
	v6 = inet_ntoa6((int *)alloca(16));	/* ERROR D_PROTO_ARG "inet_ntoa6( ) argument #1 is incompatible with prototype:\n\tprototype: struct in6_addr *\n\t argument: int *" */
	v6 = inet_ntoa6((struct in6_addr *)alloca(16), arg0);	/* ERROR D_PROTO_ARG "inet_ntoa6( ) argument #2 must be an integer constant" */
	v6 = inet_ntoa6((struct in6_addr *)alloca(16), "");	/* ERROR D_PROTO_ARG "inet_ntoa6( ) argument #2 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	v6 = link_ntop(32, hw);
}
