/*
 * Many string comparisons in one clause: each must leave the verifier
 * one state to come back to, not two per byte compared, or the clause
 * is refused ("the sequence of 8193 jumps is too complex").
 */
#pragma D option quiet

BEGIN
{
	s1 = "abcdefghi";
	s2 = "jklmnopqr";
	s3 = "stuvwxyz!";
	n = 0;
	n = n * 2 + (s1 <= s2);
	n = n * 2 + (s1 < s2);
	n = n * 2 + (s1 == s2);
	n = n * 2 + (s1 != s2);
	n = n * 2 + (s1 >= s2);
	n = n * 2 + (s1 > s2);
	n = n * 2 + (s2 <= s2);
	n = n * 2 + (s2 < s2);
	n = n * 2 + (s2 == s2);
	n = n * 2 + (s2 != s2);
	n = n * 2 + (s2 >= s2);
	n = n * 2 + (s2 > s2);
	n = n * 2 + (s3 <= s2);
	n = n * 2 + (s3 < s2);
	n = n * 2 + (s3 == s2);
	n = n * 2 + (s3 != s2);
	n = n * 2 + (s3 >= s2);
	n = n * 2 + (s3 > s2);
	n = n * 2 + (s2 <= s1);
	n = n * 2 + (s2 < s1);
	n = n * 2 + (s2 == s1);
	n = n * 2 + (s2 != s1);
	n = n * 2 + (s2 >= s1);
	n = n * 2 + (s2 > s1);
	printf("%x\n", n);
	exit(0);
}
