/*
 * inet_ntoa(), inet_ntoa6(), inet_ntop() and link_ntop() of the
 * addresses the "inet" workload hands to pread64, read through copyin()
 * (whose copy lasts until the end of its clause).
 */
#pragma D option quiet

syscall::pread64:entry
/execname == "e2eload" && arg3 == 4545 && arg2 == 4/
{
	this->a = copyin(arg1, 4);
	printf("%s %s\n", inet_ntoa((uint32_t *)this->a), inet_ntop(2, this->a));
}

syscall::pread64:entry
/execname == "e2eload" && arg3 == 4545 && arg2 == 16/
{
	this->a = copyin(arg1, 16);
	printf("%s %s\n", inet_ntoa6(this->a), inet_ntop(10, this->a));
}

syscall::pread64:entry
/execname == "e2eload" && arg3 == 4545 && arg2 == 6/
{
	this->a = copyin(arg1, 6);
	printf("%s\n", link_ntop(1, this->a));
}

syscall::pread64:entry
/execname == "e2eload" && arg3 == 4545 && arg2 == 20/
{
	this->a = copyin(arg1, 20);
	printf("%s\n", link_ntop(32, this->a));
	exit(0);
}
