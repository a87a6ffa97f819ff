/* Kernel types through BTF: members, arrays, bit-fields, casts, pointer
 * arithmetic, stringof, and types declared in D. */
typedef struct foo foo_t;
struct foo {
	char c;
	int a;
	unsigned int bf:3;
	int sbf:4;
	struct foo *next;
	char name[8];
};
enum color { RED, GREEN = 5, BLUE };
inline int X = 5;

BEGIN
{
	t = (struct task_struct *)curthread;
	printf("%s %d %d %s %c\n", curthread->comm, t->pid, t->real_parent->tgid, stringof(t->comm), t->comm[1]);
	printf("%d %d %d\n", (t + 1) - t, *(&t->tgid), (*t).pid);
	printf("%d %d\n", GREEN + X, sizeof (struct foo) + offsetof(struct task_struct, pid));
	@[curthread->comm] = count();
	s = curthread->comm;
	self->c = t->comm;
	a[t->comm] = 1;
	trace(t->comm);
}

syscall::read:entry
/arg0 == 12345/
{
	f = (foo_t *)arg1;
	printf("%d %d %d %s\n", f->bf, f->sbf, f->next->a, f->name);
	trace(*f);
	trace(f->name);
	u = (userland char *)arg1;
	printf("%s\n", stringof(u));
}

typedef struct myinfo {
	int	pid;
	int	ppid;
	char	fname[16];
} myinfo_t;

translator myinfo_t < struct task_struct *T > {
	pid = T->tgid;
	ppid = T->real_parent->tgid;
	fname = T->comm;
};

inline myinfo_t *curinfo = xlate <myinfo_t *> (curthread);

profile-97
{
	@pairs[curinfo->fname, xlate<myinfo_t>(curthread->real_parent).fname] = count();
	printf("%d %d\n", curinfo->pid, xlate<myinfo_t>(curthread).ppid);
}
