/*
 * A clause's temporaries are given back after each statement: six
 * statements each making three strsize (1024) strings fit in its 8 KiB.
 * A comparison's strings are free again once it is made: 32 strjoin()
 * results compared in one expression fit too.
 */
#pragma D option quiet
#pragma D option strsize=1024

BEGIN
{
	x = strjoin(strjoin("a", "0"), strjoin("b", "c"));
	x = strjoin(strjoin("a", "1"), strjoin("b", "c"));
	x = strjoin(strjoin("a", "2"), strjoin("b", "c"));
	x = strjoin(strjoin("a", "3"), strjoin("b", "c"));
	x = strjoin(strjoin("a", "4"), strjoin("b", "c"));
	x = strjoin(strjoin("a", "5"), strjoin("b", "c"));
	printf("%s %s\n", x, strjoin(x, x));
	trace(strjoin("abc", "def") > strjoin("def", "abc") ? 1 :
	    strjoin("ABC", "def") > strjoin("def", "ABC") ? 2 :
	    strjoin("abc", "DEF") > strjoin("DEF", "abc") ? 3 :
	    strjoin("ABC", "DEF") > strjoin("DEF", "ABC") ? 4 :
	    strjoin("abc", "deF") > strjoin("deF", "abc") ? 5 :
	    strjoin("ABC", "deF") > strjoin("deF", "ABC") ? 6 :
	    strjoin("abc", "DEf") > strjoin("DEf", "abc") ? 7 :
	    strjoin("ABC", "DEf") > strjoin("DEf", "ABC") ? 8 :
	    strjoin("abC", "def") > strjoin("def", "abC") ? 9 :
	    strjoin("ABc", "def") > strjoin("def", "ABc") ? 10 :
	    strjoin("abC", "DEF") > strjoin("DEF", "abC") ? 11 :
	    strjoin("ABc", "DEF") > strjoin("DEF", "ABc") ? 12 :
	    strjoin("abC", "deF") > strjoin("deF", "abC") ? 13 :
	    strjoin("ABc", "deF") > strjoin("deF", "ABc") ? 14 :
	    strjoin("abC", "DEf") > strjoin("DEf", "abC") ? 15 :
	    strjoin("ABc", "DEf") > strjoin("DEf", "ABc") ? 16 : 0);
	printf("\n");
	exit(0);
}
