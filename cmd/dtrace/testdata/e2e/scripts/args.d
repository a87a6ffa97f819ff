BEGIN
{
	trace($1);
	exit(0);
}
