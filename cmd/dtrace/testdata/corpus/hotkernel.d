#!/usr/sbin/dtrace -s
/*
 * hotkernel.d - sample the kernel at 1001 Hz and count samples by kernel
 * function and module.
 *
 * Resembles the DTrace script inside the DTraceToolkit's hotkernel.
 */

#pragma D option quiet

profile:::profile-1001hz
/arg0/
{
	@funcs[func(arg0)] = count();
	@mods[mod(arg0)] = count();
}

profile:::profile-1001hz
/arg1/
{
	@user = count();
}

dtrace:::END
{
	trunc(@funcs, 20);
	printf("%-48s %8s\n", "FUNCTION", "COUNT");
	printa("%-48a %@8d\n", @funcs);
	printa("%-48a %@8d\n", @mods);
	printa("user samples: %@d\n", @user);
}
