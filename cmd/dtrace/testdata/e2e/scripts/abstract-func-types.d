#pragma D option quiet

int (*ap)[3];

BEGIN
{
	printf("%d %d %d %d %d\n", (int)(7), sizeof(int (*)(void)),
	    sizeof(int (*)[3]), sizeof(*ap), sizeof(int *[3]));
	exit(0);
}
