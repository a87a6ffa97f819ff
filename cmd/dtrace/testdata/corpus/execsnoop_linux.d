#!/usr/sbin/dtrace -s
/*
 * execsnoop_linux.d - print every execve(2): the caller, the program path
 * and its first two arguments, read from user memory, then the result.
 *
 * Resembles execsnoop, written for Linux's syscall::execve probe instead
 * of proc:::exec-success.
 */

#pragma D option quiet

syscall::execve:entry
{
	this->argv = (uint64_t *)copyin(arg1, 3 * sizeof (uint64_t));
	printf("%6d %6d %-16s %s", pid, ppid, execname, copyinstr(arg0));
	self->argp = this->argv[1] != NULL ? this->argv[1] : 0;
	self->ok = 1;
}

syscall::execve:entry
/self->argp/
{
	printf(" %s", copyinstr(self->argp));
}

syscall::execve:entry
{
	printf("\n");
	self->argp = 0;
}

syscall::execve:return
/self->ok/
{
	printf("%6d %-16s returned %d\n", pid, execname, (int)arg0);
	self->ok = 0;
}
