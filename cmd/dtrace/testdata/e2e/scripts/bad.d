#pragma D option quiet

BEGIN
{
	s = "text";
	n = s * 1;
}
