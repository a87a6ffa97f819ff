#pragma D option quiet

/*
 * Inlines with parameters, as DTrace's libraries declare fds[]: each use
 * binds the parameters to its arguments, also in a nested use and
 * through a translation.
 */
inline int sq[int x] = x * x;
inline int add[int a, int b] = a + b;
inline int quad[int y] = sq[y] + sq[sq[y]] + add[y, sq[y + 1]];
inline int len[string s] = strlen(s);

struct info { int id; char name[8]; };
translator struct info < int v > { id = v + 1; name = "in"; };
inline struct info infos[int n] = xlate <struct info> (n * 2);

BEGIN
{
	printf("%d %d %d %d\n", sq[3], sq[sq[2]], add[sq[2], 1], quad[2]);
	printf("%d %d\n", len["hello"], len[probename]);
	printf("%d %s %d\n", infos[20].id, infos[1].name, infos[infos[1].id].id);
	exit(0);
}
