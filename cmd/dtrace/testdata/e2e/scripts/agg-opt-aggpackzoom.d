/*
 * illumos aggs/tst.aggpackzoom.d: keyed lquantize() graphs, then packed
 * after setopt("aggpack"), then zoomed after setopt("aggzoom").
 */
#pragma D option encoding=ascii
#pragma D option quiet

BEGIN
{
	@[1] = lquantize(0, 0, 40, 1, 0);
	@[2] = lquantize(0, 0, 40, 1, 0);
	@[3] = lquantize(0, 0, 40, 1, 0);
}

tick-1ms
/i++ < 30/
{
	@[1] = lquantize(i, 0, 40, 1, 1000);
	@[2] = lquantize(i, 0, 40, 1, 1000);
	@[3] = lquantize(i, 0, 40, 1, 1000);
}

tick-1ms
/i == 40/
{
	@[1] = lquantize(0, 0, 40, 1, 1);
	@[1] = lquantize(i, 0, 40, 1, 2000);
	@[2] = lquantize(0, 0, 40, 1, 1);
	@[2] = lquantize(i, 0, 40, 1, 2000);
	@[3] = lquantize(0, 0, 40, 1, 1);
	@[3] = lquantize(i, 0, 40, 1, 2000);

	printa(@);
	setopt("aggpack");
	printa(@);
	setopt("aggzoom");
	printa(@);
	exit(0);
}
