#pragma D option quiet

/*
 * Each pread64 of the workload (1, 2, 4, 8 and 16 bytes) is traced in a
 * speculation, which is committed for the reads of 4 and 16 bytes and
 * discarded for the others.
 */
syscall::pread64:entry
/execname == "e2eload" && arg3 == 4242/
{
	self->spec = speculation();
	self->size = arg2;
	speculate(self->spec);
	printf("entry: pread64 of %d bytes\n", arg2);
}

syscall::pread64:return
/self->spec/
{
	speculate(self->spec);
	printf("return: %d\n", arg1);
}

/* What follows speculate() is speculative, so commit() may follow it. */
syscall::pread64:return
/self->spec && (self->size == 4 || self->size == 16)/
{
	speculate(self->spec);
	printf("committed speculation %d\n", self->spec);
	commit(self->spec);
}

/* This printf() is not speculative: it comes out at once. */
syscall::pread64:return
/self->spec && self->size != 4 && self->size != 16/
{
	printf("discarding the read of %d bytes\n", self->size);
	discard(self->spec);
}

syscall::pread64:return
/self->spec && self->size == 16/
{
	exit(0);
}

syscall::pread64:return
/self->spec/
{
	self->spec = 0;
	self->size = 0;
}
