/*
 * illumos aggs/tst.aggzoom.d: an lquantize() graph scaled to its total,
 * then, after setopt("aggzoom"), to its largest bucket.
 */
#pragma D option encoding=ascii
#pragma D option quiet

tick-1ms
/i++ < 90/
{
	@ = lquantize(i, 0, 100, 1, 1000);
}

tick-1ms
/i == 100/
{
	@ = lquantize(i++, 0, 100, 1, 2000);
	@ = lquantize(i++, 0, 100, 1, 3000);

	printa(@);
	setopt("aggzoom");
	printa(@);
	exit(0);
}
