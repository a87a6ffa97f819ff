#pragma D option quiet

BEGIN
{
#ifdef __SUNW_D
	printf("%d %d\n", X, Y);
#endif
	exit(0);
}
