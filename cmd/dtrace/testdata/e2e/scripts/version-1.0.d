#pragma D option version=1.0

int strstr;
int index;

BEGIN
{
	strstr = index + 1;
}
