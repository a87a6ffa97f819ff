/*
 * translator_xlate.d - define a stable view of a Linux task with a
 * translator, and use it through xlate.
 *
 * Resembles the Dynamic Tracing Guide's translator chapter and the
 * psinfo_t translators of /usr/lib/dtrace/procfs.d.
 */

#pragma D option quiet

typedef struct taskinfo {
	int	ti_pid;
	int	ti_ppid;
	uint32_t ti_uid;
	string	ti_comm;
	string	ti_pcomm;
} taskinfo_t;

translator taskinfo_t < struct task_struct *T > {
	ti_pid = T->tgid;
	ti_ppid = T->real_parent->tgid;
	ti_uid = T->cred->uid.val;
	ti_comm = stringof(T->comm);
	ti_pcomm = stringof(T->real_parent->comm);
};

inline taskinfo_t *curtask = xlate <taskinfo_t *> (curthread);

syscall::openat:entry
/curtask->ti_uid == 0/
{
	@opens[curtask->ti_comm, curtask->ti_pcomm] = count();
	@by_pid[xlate <taskinfo_t> ((struct task_struct *)curthread).ti_pid] =
	    count();
}

tick-5s
{
	printa("%-16s child of %-16s %@d\n", @opens);
	exit(0);
}
