/* Struct and array variables: member and element stores and loads, a
 * run-time index (bounds-checked), and whole-struct copies. */
struct pt {
	int x;
	short y;
	char name[8];
};

struct pt a, b;
int v[4];
this struct pt p;

syscall::read:entry
{
	a.x = arg0;
	a.y += 2;
	a.name[1] = 'z';
	v[arg0 & 3]++;
	v[arg2] = 1;
	b = a;
	this->p = b;
	this->p.name[arg1 & 7] = 'q';
	@[a.x, v[1]] = count();
	trace(this->p.name[0]);
}
