#pragma D option destructive
#pragma D option quiet

BEGIN
{
	system("echo allowed by the pragma");
	exit(0);
}
