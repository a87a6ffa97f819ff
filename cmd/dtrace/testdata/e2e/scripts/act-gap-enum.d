/*
 * print() of an enum prints the enumerator's name, or the number when
 * none has the value: a D enum, alone (RED, 0, too) and as a member (left
 * out when 0, as every zero member is), and a kernel one.
 */
#pragma D option quiet

enum color { RED, GREEN = 5, BLUE };
struct paint { enum color c; int n; };

BEGIN
{
	e = (enum color *)alloca(sizeof (enum color));
	*e = BLUE;
	print(e);
	*e = RED;
	print(e);
	*e = (enum color)7;
	print(e);
	v = (struct paint *)alloca(sizeof (struct paint));
	v->c = GREEN;
	v->n = 3;
	print(v);
	v->c = RED;
	print(v);
	k = (enum pid_type *)alloca(sizeof (enum pid_type));
	*k = (enum pid_type)1;
	print(k);
	*k = (enum pid_type)77;
	print(k);
	exit(0);
}
