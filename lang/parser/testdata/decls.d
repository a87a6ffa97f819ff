/* Declarations that must parse. */
int x, y;
self int t;
this string s;
self tdefault;
this cdefault, *cdefaultp;
extern int ext;
static int st;
int a[string, int];
int v[4];
char *p;
struct foo {
	int a;
	char b[8];
	unsigned int c:3;
	struct foo *next;
};
struct foo f;
union u { int i; char c[4]; };
typedef unsigned long myulong_t;
myulong_t m;
enum e { A, B = 5, C };
inline int maxval = 10;
inline string greeting = "hello";
translator struct out < struct in *P > {
	a = P->x;
	b = 2;
};
translator psinfo_t < struct task_struct *T > {
	pr_pid = T->pid;
	pr_fname = stringof(T->comm);
};
BEGIN { f.a = maxval; m = (myulong_t)v[0]; printf("%s\n", greeting); }
/* Declaring nothing parses; the checker finds it useless (D_DECL_USELESS). */
int;
extern unsigned long;
typedef int;
