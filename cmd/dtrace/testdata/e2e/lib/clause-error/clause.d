/* A clause in a library that calls a function D does not have. */
BEGIN
{
	nonexistent_action();
}
