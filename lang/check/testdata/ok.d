/*
 * A program using every construct of the skeleton's D subset; it must
 * check without errors.
 */
#pragma D option quiet
#pragma D option bufsize=8m

int declared;
self int tdeclared;
inline int LOW = 0;	/* inlines of constants are constants */
inline int HIGH = LOW + 1000;

BEGIN, END
/pid != 0 && (execname == "dtrace" || uid >= 0)/
{
	declared = 1;
	g = arg0 + arg9 * 2 - (timestamp % 7) / 3;
	g += 1; g -= 1; g *= 2; g /= 2; g %= 5; g &= 0xff; g |= 1; g ^= 2; g <<= 1; g >>= 1;
	g++; ++g; g--; --g;
	s = execname;
	s = probefunc;
	t = g > 1 ? "yes" : "no";
	self->t = timestamp;
	self->s = probename;
	this->c = cpu;
	a[pid, execname] = 1;
	self->arr[1] = 2;
	@counts[probeprov, probemod] = count();
	@sum = sum(g);
	@avg[tid] = avg(g);
	@lo = min(g);
	@hi = max(g);
	@q = quantize(g);
	@q2 = quantize(g, 3);
	@l = lquantize(g, -10, 10);
	@l2 = lquantize(g, 0, 1000, 100, 2);
	@l3 = lquantize(g, LOW, HIGH, 100);
	printf("%d %s %s %d\n", g, s, t, a[pid, execname]);
	printa(@counts);
	printa("%s %s %@d\n", @counts);
	trace(g);
	trace(s);
	if (g > 1) {
		trace(1);
	} else if (g < 0)
		trace(2);
	else {
		exit(0);
	}
	x = $1 + 1;
	y = $$2;
	ppid_ok = ppid >= 0 && gid >= 0 && id > 0 && epid > 0 && walltimestamp > 0 && errno == 0;
	1 ^^ 0;
	n = strlen(execname) + strlen(copyinstr(arg0)) + strlen(copyinstr(arg1, 8));
	@hot[func(arg0), mod(arg0), sym(arg1)] = count();
	normalize(@sum, 10);
	denormalize(@sum);
	sz = sizeof(int) + sizeof (g) + sizeof(execname) + sizeof(uint64_t);
	~g;
	!g;
}

tick-1s { exit(0); }

/*
 * Pointers and strings by DTrace's rules: 0 and NULL stand for any
 * pointer, void pointers go with any pointer, pointer arithmetic scales
 * by the pointee, a string cast or stringof reads the string at an
 * address, and char pointers compare and assign as strings.
 */
struct okpair { int a; unsigned int bf:3; char name[8]; };

BEGIN
{
	ip = (int *)arg0;
	iq = (int *)arg1;
	cp = (char *)arg0;
	vp = (void *)arg0;
	op = (struct okpair *)arg0;
	ip = 0;
	ip = NULL;
	ip = iq;
	vp = ip;
	ip = vp;
	p1 = ip == 0 || NULL != ip || ip == iq || ip == vp || vp != cp || ip < iq;
	p2 = arg0 ? ip : 0;
	p3 = arg0 ? NULL : ip;
	p4 = arg0 ? vp : ip;
	p5 = ip - iq;
	p6 = ip + 1;
	p7 = 2 + ip;
	ip++;
	--ip;
	ip += 2;
	ip -= arg1;
	p8 = *ip + ip[1] + 1[ip];
	p9 = &op->a;
	p10 = &op->name[1];
	p11 = (char *)op->name;
	n = NULL;
	sz = sizeof (NULL) + sizeof ("abc");

	s1 = (string)cp;
	s2 = (string)arg0;
	s3 = (string)ip;
	s4 = stringof(ip);
	s5 = stringof(vp);
	s6 = (string)op->name;
	s7 = execname + 1;
	c1 = execname[0] + *execname;
	b1 = cp == "abc" || "abc" != cp || execname == 0 || 0 != execname;
	s8 = cp;
	str = "x";
	str = cp;
	str = 0;
	self->str = execname;
	self->str = 0;
	s9 = arg0 ? cp : "none";
	s10 = arg0 ? 0 : execname;

	trace(arg0 ? *op : *op);
	w = (arg0 ? *op : *op).a;
	x = -'a';
}

/*
 * Inlines with parameters; declarations after the clauses that use them
 * (DTrace processes declarations as it parses, and clauses after); a
 * predicate reading a variable its clause's actions assign (DTrace
 * checks the actions first).
 */
inline int oksq[int x] = x * x;
inline int okadd[int a, string s] = a + strlen(s);
inline int okquad[int y] = oksq[y] + oksq[oksq[y]] + okadd[y, "ab"];

BEGIN
{
	i1 = oksq[3] + oksq[oksq[2]] + okadd[1, execname] + okquad[2];
	oklater = 1;
	i2 = oklaterarr["x"];
}

syscall::read:entry
/okpred/
{
	okpred = 1;
}

syscall::read:entry
/self->okret++/
{
	trace(self->okret);
}

int oklater;
int oklaterarr[string];
