/* String handling: literals, comparisons, variables of every kind, keys. */
BEGIN
{
	s = "abc";
	self->s = execname;
	this->s = probename;
	a[execname, "k"] = execname;
	t = s == "abc" ? execname : "a much longer string than sixteen bytes";
	@[t, a[execname, "k"]] = count();
	printf("%s %s %s %s %d\n", s, self->s, this->s, t, s < t);
	exit(0);
}
