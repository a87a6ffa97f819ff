/*
 * illumos aggs/tst.aggpack.d: packed quantize() and lquantize() lines,
 * keys of every size, and aggzoom set and cleared by setopt(). The
 * illumos test has quantize(1 << 32): godtrace folds that constant in 32
 * bits (0), so the shift is made 64-bit here.
 */
#pragma D option aggpack
#pragma D option encoding=ascii
#pragma D option quiet

BEGIN
{
	@x = quantize((long)1 << 32);
	@y[1] = quantize(1);
	@z["mumble"] = quantize(1);
	@xx["foo", (char)1, (short)2, (long)3] = quantize(1);

	@neg = lquantize(-10, -10, 20, 1, -1);
	@neg = lquantize(-5, -10, 20, 1, 1);
	@neg = lquantize(0, -10, 20, 1, 1);

	i = 0;
}

tick-1ms
{
	@a[i] = quantize(0, i);
	@a[i] = quantize(1, 100 - i);
	i++;
}

tick-1ms
/i > 100/
{
	exit(0);
}

END
{
	setopt("aggzoom", "true");
	printa(@neg);
	setopt("aggzoom", "false");
	printa(@neg);
}
