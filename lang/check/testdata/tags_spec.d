/*
 * Speculations: one annotated line for each D_* tag the checker raises
 * for speculation(), speculate(), commit() and discard(), and for where
 * they may stand among a clause's actions, with DTrace's tag and wording
 * (messages.go). See tags_test.go.
 */
BEGIN
{
	self->spec = speculation();
	s = "str";
}

BEGIN
{
	speculate(self->spec);
	printf("%d\n", 1);
	trace(s);
	speculate(self->spec);		/* ERROR D_SPEC_SPEC "speculate( ) may not follow speculate( )" */
}

BEGIN
{
	printf("%d\n", 1);
	speculate(self->spec);		/* ERROR D_SPEC_DREC "speculate( ) may not follow data-recording action(s)" */
}

BEGIN
{
	@a = count();
	speculate(self->spec);		/* ERROR D_SPEC_DREC "speculate( ) may not follow data-recording action(s)" */
}

BEGIN
{
	commit(self->spec);
	speculate(self->spec);		/* ERROR D_SPEC_COMM "speculate( ) may not follow commit( )" */
}

BEGIN
{
	speculate(self->spec);
	@b = count();			/* ERROR D_AGG_SPEC "aggregating actions may not follow speculate( )" */
}

BEGIN
{
	speculate(self->spec);
	exit(0);			/* ERROR D_EXIT_SPEC "exit( ) may not follow speculate( )" */
}

BEGIN
{
	speculate(self->spec);
	raise(9);			/* ERROR D_ACT_SPEC "destructive actions may not follow speculate( )" */
}

BEGIN
{
	speculate(self->spec);
	copyout(s, 0, 1);		/* ERROR D_ACT_SPEC "destructive actions may not follow speculate( )" */
}

BEGIN
{
	commit(self->spec);
	commit(self->spec + 1);		/* Oracle allows several commits; illumos said D_COMM_COMM */
}

BEGIN
{
	trace(1);
	commit(self->spec);		/* ERROR D_COMM_DREC "commit( ) may not follow data-recording action(s)" */
}

BEGIN
{
	commit(self->spec);
	@c = count();			/* ERROR D_AGG_COMM "aggregating actions may not follow commit( )" */
}

BEGIN
{
	speculate(self->spec);
	commit(self->spec);
	@d = count();			/* ERROR D_AGG_COMM "aggregating actions may not follow commit( )" */
}

BEGIN
{
	commit(self->spec);
	printf("%d\n", 1);		/* ERROR D_DREC_COMM "data-recording actions may not follow commit( )" */
}

BEGIN
{
	commit(self->spec);
	exit(0);			/* ERROR D_DREC_COMM "data-recording actions may not follow commit( )" */
}

BEGIN
{
	speculate();			/* ERROR D_PROTO_LEN "speculate( ) prototype mismatch: 0 args passed, 1 expected" */
	commit(1, 2);			/* ERROR D_PROTO_LEN "commit( ) prototype mismatch: 2 args passed, 1 expected" */
	discard(s);			/* ERROR D_PROTO_ARG "discard( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string" */
	x = speculation(1);		/* ERROR D_PROTO_LEN "speculation( ) prototype mismatch: 1 arg passed, 0 expected" */
}

/* Accepted, as by DTrace: what speculate() is followed by is speculative,
 * so commit() may follow it; discard() records nothing. */
BEGIN
{
	speculate(self->spec);
	printf("%d\n", 1);
	printa(@a);
	commit(self->spec);
	self->spec = 0;
}

BEGIN
{
	printf("%d\n", 1);
	discard(self->spec);
	trace(1);
	exit(0);
}

BEGIN
{
	commit(self->spec);
	discard(self->spec);
}

BEGIN
{
	discard(self->spec);
	commit(self->spec);
}

BEGIN
{
	speculate(self->spec);
	discard(self->spec);
}

BEGIN
/speculation() > 0/
{
	speculate(speculation());
}
