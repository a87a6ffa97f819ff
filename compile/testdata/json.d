/*
 * json() at its largest: text and selector of strsize bytes read from
 * user memory, a result fed back to json(), results in a predicate, an
 * aggregation key and a variable.
 */
syscall::openat:entry
{
	this->sel = copyinstr(arg2);
	this->v = json(copyinstr(arg1), this->sel);
	printf("%s %s\n", this->v, json(this->v, "a[1].b"));
}

syscall::openat:entry
/json(copyinstr(arg1), "k") != ""/
{
	@[json(copyinstr(arg1), "k.l[0]")] = count();
	self->j = json(execname, "[0]");
}
