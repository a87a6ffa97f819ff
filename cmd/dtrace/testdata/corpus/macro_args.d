#!/usr/sbin/dtrace -s
/*
 * macro_args.d - count one system call, by process name and user, for
 * one named process, for N seconds.
 *
 * Resembles the DTraceToolkit's argument-taking scripts (for example
 * syscall counting by a named program) and the Guide's "Scripting"
 * chapter on $1 / $$1 macro arguments.
 * Usage: macro_args.d EXECNAME SYSCALL SECONDS   (e.g. bash read 5)
 */

#pragma D option quiet

dtrace:::BEGIN
{
	printf("Counting %s calls by %s for %d seconds\n", $$2, $$1, $3);
	secs = $3;
}

syscall::$2:entry
/execname == $$1/
{
	@calls[execname, uid] = count();
}

syscall::$$2:return
/execname == $$1 && (int)arg0 < 0/
{
	@errors[errno] = count();
}

tick-1sec
{
	secs--;
}

tick-1sec
/secs == 0/
{
	printa("%-16s uid %5d: %@d calls\n", @calls);
	printa("errno %3d: %@d\n", @errors);
	exit(0);
}
