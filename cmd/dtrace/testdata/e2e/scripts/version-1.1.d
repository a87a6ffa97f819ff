#pragma D option version=1.1

int strstr;
int index;

BEGIN
{
	strstr = index + 1;
}
