/*
 * As in Oracle DTrace, an absent dynamic string variable reads as NULL:
 * it compares equal to NULL and not to "", and used as a string it
 * faults with an invalid address of 0. Assigning NULL deletes one;
 * "" is kept as any other string.
 */
#pragma D option quiet

string a[int];
self string s;

BEGIN
{
	printf("%d %d %d\n", self->s == NULL, self->s == "", a[1] == NULL);
	self->s = "";
	a[1] = "";
	printf("%d %d %d\n", self->s == NULL, self->s == "", a[1] == "");
	self->s = "x";
	self->s = NULL;
	a[1] = NULL;
	printf("%d %d\n", self->s == NULL, a[1] == NULL);
}

BEGIN
{
	trace(a[2]);
}

BEGIN
{
	printf("%s|\n", self->s);
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("ERROR %d %d %d\n", arg2, arg4, arg5);
}
