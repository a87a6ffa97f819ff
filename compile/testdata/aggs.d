/* Every aggregating function the code generator supports. */
syscall::read:entry
{
	@c[probefunc] = count();
	@s[pid] = sum(arg2);
	@a = avg(arg2);
	@mn = min(arg2);
	@mx = max(arg2);
	@q = quantize(arg2);
	@l = lquantize(arg2, 0, 4096, 512);
}
tick-1 { printa(@c); exit(0); }

syscall::openat:return
{
	@sd[probefunc] = stddev(arg0);
	@ll = llquantize(arg0, 10, 0, 6, 20);
	@ll2[execname] = llquantize(arg0, 2, 0, 30, 4, 3);
}
