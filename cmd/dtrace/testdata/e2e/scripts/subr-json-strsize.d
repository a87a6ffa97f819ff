/*
 * With strsize 1024: a text longer than the default 256 bytes, its
 * value past byte 256, and a selector of strsize bytes. The strings
 * are built in a clause of their own: a clause's temporaries add up.
 */
BEGIN
{
	this->x = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
	this->j = strjoin(strjoin(strjoin("{\"pad\":\"", this->x), strjoin(this->x, this->x)),
	    "\",\"v\":{\"w\":[7,8,9]}}");
	this->s = strjoin("v.w[", "2]");
}

BEGIN
{
	printf("%d [%s] [%s]\n", strlen(this->j), json(this->j, this->s), json(this->j, "v"));
	exit(0);
}
