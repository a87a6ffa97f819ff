#pragma D option bpflog

BEGIN
{
	exit(0);
}
