#!/usr/sbin/dtrace -s
/*
 * Several clauses for one probe run in program order, sharing this->
 * variables; globals persist across firings; END prints last.
 */
#pragma D option quiet

BEGIN
{
	n = 0;
	this->x = 10;
}

BEGIN
/this->x == 10/
{
	printf("clause 2 sees this->x = %d\n", this->x);
	n++;
}

syscall::getppid:entry
/execname == "e2eload"/
{
	n++;
	@calls[probefunc] = count();
}

syscall::getppid:entry
/execname == "e2eload" && n >= 3/
{
	printf("n reached %d\n", n);
	exit(0);
}

END
{
	printf("end: n = %d\n", n);
	printa("%s was called %@d times\n", @calls);
}
