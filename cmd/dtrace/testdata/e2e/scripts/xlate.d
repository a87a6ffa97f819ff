/*
 * A translator from struct task_struct to a psinfo-like struct, used
 * through an inline as curpsinfo is, and through xlate directly.
 */
#pragma D option quiet

typedef struct myinfo {
	int	pr_pid;
	int	pr_ppid;
	char	pr_fname[16];
	unsigned long pr_addr;
} myinfo_t;

translator myinfo_t < struct task_struct *T > {
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_fname = T->comm;
	pr_addr = (unsigned long)T;
};

inline myinfo_t *curinfo = xlate <myinfo_t *> (curthread);

BEGIN
{
	printf("%d %d %s %d %d\n", curinfo->pr_pid == pid, curinfo->pr_ppid == ppid,
	    curinfo->pr_fname, curinfo->pr_addr == (unsigned long)curthread,
	    xlate<myinfo_t>(curthread->real_parent).pr_pid == ppid);
	exit(0);
}
