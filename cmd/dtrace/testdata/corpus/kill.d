#!/usr/sbin/dtrace -s
/*
 * kill.d - snoop signals sent with kill(2) and tgkill(2): sender, target,
 * signal and result.
 *
 * Resembles the DTraceToolkit's kill.d, written for Linux system calls.
 */

#pragma D option quiet

dtrace:::BEGIN
{
	printf("%-6s %-12s %5s %-6s %s\n", "FROM", "COMMAND", "SIG", "TO",
	    "RESULT");
}

syscall::kill:entry,
syscall::tgkill:entry
{
	self->target = probefunc == "kill" ? (int)arg0 : (int)arg1;
	self->sig = probefunc == "kill" ? (int)arg1 : (int)arg2;
}

syscall::kill:return,
syscall::tgkill:return
/self->target != 0 || self->sig != 0/
{
	printf("%-6d %-12s %5d %-6d %d\n", pid, execname, self->sig,
	    self->target, (int)arg0);
	@sigs[self->sig == SIGKILL ? "SIGKILL" : self->sig == SIGTERM ?
	    "SIGTERM" : "other"] = count();
	self->target = 0;
	self->sig = 0;
}

dtrace:::END
{
	printa("%-8s %@d\n", @sigs);
}
