/*
 * strtok(), cleanpath() and the network address subroutines, with
 * strings of the largest kind (execname is 16 bytes, the rest strsize)
 * and addresses read from user and kernel memory.
 */
syscall::openat:entry
{
	this->t = strtok(copyinstr(arg1), "/");
	printf("%s %s %s\n", this->t, strtok(NULL, execname), strtok(NULL, "/."));
	printf("%s %s\n", cleanpath(copyinstr(arg1)), cleanpath(execname));
	this->a = copyin(arg1, 20);
	printf("%s %s %s %s\n", inet_ntoa((uint32_t *)this->a), inet_ntoa6(this->a),
	    inet_ntop(arg0, this->a), inet_ntop(10, (void *)arg1));
	printf("%s %s %s\n", link_ntop(1, this->a), link_ntop(arg2, this->a),
	    link_ntop(32, this->a));
}

syscall::openat:return
/strtok(NULL, ",") != NULL/
{
	trace(strtok(NULL, ","));
}
