/*
 * Oracle's aggs/tst.trunc-lquantize-neg5.d, driven by the workload's
 * getppid calls: trunc(@, -5) keeps the five entries with the smallest
 * weighted sums. trunc() runs in the consumer, when it reads the buffer
 * (every switchrate), so the last key is added once it has surely run:
 * 500 ms later, from a tick.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	i = 0;
}

syscall::getppid:entry
/execname == "e2eload" && i < 100/
{
	@[100 + i] = lquantize(i + 1, 0, 150, 1, 10000 + i);
	@[100 + i] = lquantize(i + 2, 0, 150, 1, 10000 + i);
	@[100 + i] = lquantize(i + 3, 0, 150, 1, 10000 + i);
	@[100 + i] = lquantize(i + 4, 0, 150, 1, 10000 + i);
	i++;
}

syscall::getppid:entry
/execname == "e2eload" && i == 100/
{
	trunc(@, -5);
	tstop = timestamp + 500000000;
	i++;
}

tick-10ms
/i > 100 && timestamp > tstop/
{
	@[200 + i] = lquantize(i + 1, 0, 150, 1, 20000 + i);
	@[200 + i] = lquantize(i + 2, 0, 150, 1, 20000 + i);
	@[200 + i] = lquantize(i + 3, 0, 150, 1, 20000 + i);
	@[200 + i] = lquantize(i + 4, 0, 150, 1, 20000 + i);
	exit(0);
}
