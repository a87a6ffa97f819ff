/*
 * Selecting an object or array gives its text as written, strings
 * (with braces in them) and whitespace included.
 */
BEGIN
{
	this->j = "{\"o\":{\"x\":[1, {\"y\":\"}]\"}]} , \"a\":[ [], {} ],\"e\":{}}";
	printf("[%s]\n", json(this->j, "o"));
	printf("[%s]\n", json(this->j, "o.x"));
	printf("[%s]\n", json(this->j, "o.x[1]"));
	printf("[%s]\n", json(this->j, "a"));
	printf("[%s]\n", json(this->j, "a[1]"));
	printf("[%s]\n", json(this->j, "e"));
	exit(0);
}
