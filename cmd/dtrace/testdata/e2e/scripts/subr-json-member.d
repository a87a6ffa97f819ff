/*
 * json() follows members, nested members and array indexes.
 */
BEGIN
{
	this->j = "{\"a\":1,\"b\":{\"c\":{\"d\":\"deep\"},\"e\":[10,20,[30,31]]}}";
	printf("[%s]\n", json(this->j, "a"));
	printf("[%s]\n", json(this->j, "b.c.d"));
	printf("[%s]\n", json(this->j, "b.e[1]"));
	printf("[%s]\n", json(this->j, "b.e[2][1]"));
	printf("[%s]\n", json("[1,[2,3],{\"k\":4}]", "[2].k"));
	printf("[%s]\n", json("[1,[2,3],{\"k\":4}]", "[1][0]"));
	printf("[%s]\n", json("[\"x\",\"y\"]", "[1]"));
	exit(0);
}
