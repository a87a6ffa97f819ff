/*
 * strtok(): DTrace's tst.strtok2.d (delimiters that change between
 * calls, empty strings and delimiters), then a position kept across the
 * clauses of one firing and forgotten by the next firing.
 */
#pragma D option quiet

int n;

BEGIN
{
	printf("%s\n", strtok(NULL, ",") == NULL ? "nothing before the first call" : "ERROR");
	x = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	y = "abcABC";
	printf("%s\n", strtok(x, y));
	y = "MNO";
	printf("%s\n", strtok(NULL, y));
	printf("%s\n", strtok(NULL, y));
	y = "0123456789";
	printf("%s\n", strtok(NULL, y));
	printf("%s\n", strtok(NULL, y) == NULL ? "got expected NULL" : "ERROR: non-NULL");
	x = "";
	y = "";
	printf("%s\n", strtok(x, y) == NULL ? "got expected NULL" : "ERROR: non-NULL");
	x = "foo";
	printf("%s\n", strtok(x, y));
	x = "";
	y = "foo";
	printf("%s\n", strtok(x, y) == NULL ? "got expected NULL" : "ERROR: non-NULL");
	this->str = ",,,Carrots,,Barley,Oatmeal,,,Beans,";
}
BEGIN { printf("[%s]\n", strtok(this->str, ",")); }
BEGIN { printf("[%s]\n", strtok(NULL, ",")); }
BEGIN { printf("[%s]\n", strtok(NULL, ",")); }
BEGIN { printf("[%s]\n", strtok(NULL, ",")); }
BEGIN { printf("%d %d\n", strtok(NULL, ",") == NULL, strtok(NULL, ",") == NULL); }
BEGIN { printf("%s|", strtok("  two  words ", " ")); printf("%s|", strtok(NULL, " ")); printf("%s\n", strtok(NULL, "")); }

tick-10ms
/n == 0/
{
	printf("%s ", strtok("a,b,c", ","));
}

tick-10ms
/n == 0/
{
	printf("%s\n", strtok(NULL, ","));
}

tick-10ms
/n == 1/
{
	printf("next firing: %s\n", strtok(NULL, ",") == NULL ? "NULL" : "ERROR");
	exit(0);
}

tick-10ms
{
	n++;
}
