/*
 * A program using every construct of the skeleton's D subset; it must
 * check without errors.
 */
#pragma D option quiet
#pragma D option bufsize=8m

int declared;
self int tdeclared;

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
