/* A library clause with nothing wrong in it. */
BEGIN
{
	trace(1);
}
