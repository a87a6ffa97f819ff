/*
 * strchr(), strrchr(), strstr(), strtok() and json() return NULL when
 * they find nothing. Compared, NULL equals only NULL and is less than
 * every string, "" included, as in Oracle DTrace (also in a ternary's
 * branch); a string variable holds it, as in Oracle DTrace;
 * traced, passed to a subroutine or used as a key, it faults with an
 * invalid address of 0 and fires ERROR, also when read from a variable.
 */
#pragma D option quiet
BEGIN {
	x = strtok("abc", "abc");
	printf("%d %d %d %d\n", x == NULL, x == "", x < "", "" > x);
}
BEGIN {
	printf("%d %d %d %d\n", strchr("abc",'z') == NULL, strchr("abc", 'b') == NULL, (1 ? strstr("abc", "x") : "q") == NULL, strtok("a,b", ",") != NULL);
	printf("%d\n", strtok(NULL, ",") == "b");
	printf("%d\n", strtok(NULL, ",") == NULL);
}
BEGIN { trace(strchr("abc",'z')); }
BEGIN { y = strrchr("abc", 'q'); z = y; printf("%d\n", z == NULL); trace(z); }
BEGIN { printf("%d\n", strlen(json("{\"a\":1}", "b"))); }
BEGIN { @[strstr("abc", "d")] = count(); }
BEGIN { printf("%s\n", strchr("abc", 'b')); exit(0); }
ERROR { printf("ERROR %d %d %d\n", arg3 >= 0, arg4, arg5); }
