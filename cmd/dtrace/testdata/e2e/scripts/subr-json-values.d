/*
 * json() gives strings without their quotes, escapes as written, and
 * numbers, true, false and null as written, whatever the whitespace.
 */
BEGIN
{
	this->j = " {\n\t\"s\" : \"x\\\"y\\\\z\\u00e9\" ,\r\n \"i\":-12,\"f\":1.5e+3, \"t\":true,\"n\":null , \"z\":false } ";
	printf("[%s]\n", json(this->j, "s"));
	printf("[%s]\n", json(this->j, "i"));
	printf("[%s]\n", json(this->j, "f"));
	printf("[%s]\n", json(this->j, "t"));
	printf("[%s]\n", json(this->j, "n"));
	printf("[%s]\n", json(this->j, "z"));
	printf("[%s]\n", json("{\"e\":\"\",\"d\":0.25}", "e"));
	printf("[%s]\n", json("{\"e\":\"\",\"d\":0.25}", "d"));
	exit(0);
}
