#pragma D option lockmem=1

BEGIN
{
	exit(0);
}
