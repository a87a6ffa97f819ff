/* Speculations: every way of making, using and ending one. */
#pragma D option nspec=4

syscall::openat:entry
{
	self->spec = speculation();
	speculate(self->spec);
	printf("%s", copyinstr(arg1));
}

syscall::read:entry
/self->spec/
{
	speculate(self->spec);
}

syscall::openat:return
/self->spec && arg1 < 0/
{
	speculate(self->spec);
	trace(arg1);
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec/
{
	if (arg1 == 0) {
		discard(self->spec);
	} else {
		commit(self->spec);
	}
	self->spec = 0;
}

BEGIN
{
	i = speculation();
	if (i > 0) {
		speculate(i);
	}
	printf("%d\n", i);
}

BEGIN
{
	printf("before\n");
	discard(i);
}

BEGIN
{
	commit(i + 1);
	discard(i);
}
