/*
 * Declarations as DTrace's grammar has them: function prototypes and
 * extern declarations declare kernel symbols, not D variables; a storage
 * class alone declares an int; a character constant is an int.
 */
#pragma D option quiet

extern int getint(void);
extern int *(*funcptr)(void);
extern int varargs(int, ...);
int twoparms(int, register int);
extern int a1[], a2[2][3];

self x;
this y;

BEGIN
{
	self->x = 7;
	this->y = self->x * 6;
	printf("%d %d %d %d\n", self->x, this->y, sizeof (self->x), sizeof ('c'));
	getint = 3;	/* a D variable: the extern named a symbol */
	printf("%d\n", getint);
	exit(0);
}
