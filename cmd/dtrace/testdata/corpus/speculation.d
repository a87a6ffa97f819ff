#!/usr/sbin/dtrace -s
/*
 * speculation.d - trace every system call made while an openat() is in
 * progress, but keep the trace only when the open fails.
 *
 * Resembles the Dynamic Tracing Guide's speculative tracing example
 * (specopen.d).
 */

#pragma D option nspec=16
#pragma D option specsize=64k
#pragma D option flowindent

syscall::openat:entry
{
	self->spec = speculation();
	speculate(self->spec);
	printf("%s", copyinstr(arg1));
}

syscall:::
/self->spec/
{
	speculate(self->spec);
	printf("%s:%s", probefunc, probename);
}

syscall::openat:return
/self->spec && errno != 0/
{
	speculate(self->spec);
	printf("failed with errno %d", errno);
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec && errno == 0/
{
	discard(self->spec);
	self->spec = 0;
}
