/*
 * Translators: definitions, xlate<T>(x).m, xlate<T *>(x)->m, through an
 * inline, and DTrace's errors.
 */
typedef struct myinfo {
	int	pid;
	int	ppid;
	char	fname[16];
	long	unused;
} myinfo_t;

translator myinfo_t < struct task_struct *T > {
	pid = T->tgid;
	ppid = T->real_parent->tgid;
	fname = T->comm;
};

translator myinfo_t < int X > {
	pid = X;
	nosuch = 1;
	fname = 5;
};	/* ERROR D_XLATE_MEMB "translator member nosuch is not a member of myinfo_t" */

inline myinfo_t *curinfo = xlate <myinfo_t *> (curthread);

BEGIN
{
	a = curinfo->pid + xlate<myinfo_t>(curthread).ppid;
	s = curinfo->fname;
	b = xlate<myinfo_t>(pid).pid;
	c = curinfo->unused;	/* ERROR D_XLATE_NOCONV "translator does not define conversion for member: unused" */
	d = curinfo.pid;	/* ERROR D_OP_SOU "operator . cannot be applied to type \"myinfo_t *\"; must be applied to a struct or union" */
	e = xlate<myinfo_t>("str").pid;	/* ERROR D_XLATE_NONE "cannot translate from \"string\" to \"myinfo_t\"" */
}
