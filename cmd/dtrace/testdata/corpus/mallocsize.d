#!/usr/sbin/dtrace -s
/*
 * mallocsize.d - distribution of malloc() request sizes in the target
 * process, and the user stacks that ask for the most bytes.
 *
 * Resembles the Dynamic Tracing Guide's pid provider examples.
 * Usage: dtrace -s mallocsize.d -p PID
 */

pid$target::malloc:entry
{
	@sizes = quantize(arg0);
	@bytes[ustack(5)] = sum(arg0);
}

pid$target::free:entry
{
	@frees = count();
}

dtrace:::END
{
	trunc(@bytes, 10);
}
