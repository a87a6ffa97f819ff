#!/usr/sbin/dtrace -s
/*
 * profile_stacks.d - sample kernel and user stacks at 997 Hz for thirty
 * seconds, for flame graphs.
 *
 * Resembles Brendan Gregg's flame graph one-liners:
 *   dtrace -x ustackframes=100 -n 'profile-997 /arg1/ { @[ustack()] = count(); }'
 */

#pragma D option ustackframes=100
#pragma D option stackframes=100

profile-997
/arg0/
{
	@kern[stack()] = count();
}

profile-997
/arg1 && execname != "dtrace"/
{
	@user[execname, ustack(20)] = count();
}

tick-30s
{
	trunc(@kern, 50);
	trunc(@user, 50);
	exit(0);
}
