/*
 * procfs.d: DTrace's process and thread views, psinfo_t and lwpsinfo_t,
 * translated from Linux's struct task_struct, and curpsinfo and
 * curlwpsinfo for the current thread.
 *
 * The structures keep DTrace's member names and types so that scripts
 * written for illumos work unchanged. Members with no Linux meaning
 * (projects, zones, pools, contracts, processor sets) are zero.
 */

typedef int taskid_t;
typedef int projid_t;
typedef int poolid_t;
typedef int zoneid_t;
typedef int psetid_t;
typedef unsigned long dev_t;

typedef struct timestruc {
	long	tv_sec;
	long	tv_nsec;
} timestruc_t;

typedef struct lwpsinfo {
	int	pr_flag;	/* flags */
	id_t	pr_lwpid;	/* thread id (the task's pid) */
	uintptr_t pr_addr;	/* the task_struct's address */
	uintptr_t pr_wchan;	/* wait address: not available, 0 */
	char	pr_stype;	/* synchronization event type: 0 */
	char	pr_state;	/* numeric state: 1 sleeping, 2 runnable, 6 stopped */
	char	pr_sname;	/* state letter: 'S', 'R', 'T', 'Z' ... */
	char	pr_nice;	/* nice value */
	short	pr_syscall;	/* system call number: not available, 0 */
	char	pr_oldpri;	/* old priority: 0 */
	char	pr_cpu;		/* CPU usage: 0 */
	int	pr_pri;		/* kernel priority (task_struct.prio) */
	ushort_t pr_pctcpu;	/* %CPU: 0 */
	timestruc_t pr_start;	/* start time: not available, 0 */
	timestruc_t pr_time;	/* CPU time: not available, 0 */
	char	pr_clname[8];	/* scheduling class name */
	char	pr_name[16];	/* thread name (comm) */
	processorid_t pr_onpro;	/* CPU the thread last ran on */
	processorid_t pr_bindpro; /* bound CPU: -1 */
	psetid_t pr_bindpset;	/* processor set: -1 */
	int	pr_lgrp;	/* locality group: 0 */
} lwpsinfo_t;

typedef struct psinfo {
	int	pr_nlwp;	/* number of threads */
	pid_t	pr_pid;		/* process id (tgid) */
	pid_t	pr_ppid;	/* parent's process id */
	pid_t	pr_pgid;	/* process group id */
	pid_t	pr_sid;		/* session id */
	uid_t	pr_uid;		/* real user id */
	uid_t	pr_euid;	/* effective user id */
	gid_t	pr_gid;		/* real group id */
	gid_t	pr_egid;	/* effective group id */
	uintptr_t pr_addr;	/* the task_struct's address */
	size_t	pr_size;	/* virtual size in kilobytes */
	size_t	pr_rssize;	/* resident size: not available, 0 */
	dev_t	pr_ttydev;	/* controlling tty: not available, 0 */
	ushort_t pr_pctcpu;	/* %CPU: 0 */
	ushort_t pr_pctmem;	/* %memory: 0 */
	timestruc_t pr_start;	/* start time: not available, 0 */
	timestruc_t pr_time;	/* CPU time: not available, 0 */
	timestruc_t pr_ctime;	/* children's CPU time: not available, 0 */
	char	pr_fname[16];	/* executable name (comm) */
	char	pr_psargs[80];	/* arguments: the executable name for now */
	int	pr_wstat;	/* exit status */
	int	pr_argc;	/* argument count: not available, 0 */
	uintptr_t pr_argv;	/* user address of the arguments */
	uintptr_t pr_envp;	/* user address of the environment */
	char	pr_dmodel;	/* data model: 2 (LP64) */
	taskid_t pr_taskid;
	projid_t pr_projid;
	int	pr_nzomb;
	poolid_t pr_poolid;
	zoneid_t pr_zoneid;
	id_t	pr_contract;
	lwpsinfo_t pr_lwp;	/* the representative thread: not filled */
} psinfo_t;

/*
 * Linux's PIDTYPE_PGID and PIDTYPE_SID index task_struct.signal->pids[];
 * a struct pid's first number is the id in the initial namespace.
 */
translator psinfo_t < struct task_struct *T > {
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[2]->numbers[0].nr;
	pr_sid = T->signal->pids[3]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_size = T->mm != NULL ? T->mm->total_vm * 4 : 0;
	pr_fname = T->comm;
	pr_psargs = stringof(T->comm);
	pr_wstat = T->exit_code;
	pr_argv = T->mm != NULL ? T->mm->arg_start : 0;
	pr_envp = T->mm != NULL ? T->mm->env_start : 0;
	pr_dmodel = 2;
	pr_taskid = 0;
	pr_projid = 0;
	pr_nzomb = 0;
	pr_poolid = 0;
	pr_zoneid = 0;
	pr_contract = 0;
};

/*
 * __state: 0 runnable, 1 interruptible and 2 uninterruptible sleep,
 * 4 and 8 stopped or traced; exit_state: 16 zombie, 32 dead.
 */
translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = 0;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	pr_state = T->exit_state != 0 ? 3 : T->__state == 0 ? 2 : (T->__state & 12) != 0 ? 6 : 1;
	pr_sname = T->exit_state != 0 ? 'Z' : T->__state == 0 ? 'R' : (T->__state & 12) != 0 ? 'T' : 'S';
	pr_nice = T->static_prio - 120;
	pr_syscall = 0;
	pr_oldpri = 0;
	pr_cpu = 0;
	pr_pri = T->prio;
	pr_pctcpu = 0;
	pr_clname = T->prio < 100 ? "RT" : "TS";
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
	pr_bindpro = -1;
	pr_bindpset = -1;
	pr_lgrp = 0;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);

/*
 * The values of psinfo_t's pr_dmodel, of the pr_flag bits, and of
 * lwpsinfo_t's pr_state, as DTrace's procfs library names them.
 */
inline char PR_MODEL_ILP32 = 1;
#pragma D binding "1.0" PR_MODEL_ILP32
inline char PR_MODEL_LP64 = 2;
#pragma D binding "1.0" PR_MODEL_LP64
inline int PR_STOPPED = 0x00000001;
#pragma D binding "1.0" PR_STOPPED
inline int PR_ISTOP = 0x00000002;
#pragma D binding "1.0" PR_ISTOP
inline int PR_DSTOP = 0x00000004;
#pragma D binding "1.0" PR_DSTOP
inline int PR_IDLE = 0x10000000;
#pragma D binding "1.0" PR_IDLE
inline char SSLEEP = 1;
#pragma D binding "1.0" SSLEEP
inline char SRUN = 2;
#pragma D binding "1.0" SRUN
inline char SZOMB = 3;
#pragma D binding "1.0" SZOMB
inline char SSTOP = 4;
#pragma D binding "1.0" SSTOP
inline char SIDL = 5;
#pragma D binding "1.0" SIDL
inline char SONPROC = 6;
#pragma D binding "1.0" SONPROC
inline char SWAIT = 7;
#pragma D binding "1.0" SWAIT

/*
 * SIGCHLD's si_code values (Linux's <signal.h>), which the proc
 * provider's exit probe passes as args[0].
 */
inline int CLD_EXITED = 1;
#pragma D binding "1.0" CLD_EXITED
inline int CLD_KILLED = 2;
#pragma D binding "1.0" CLD_KILLED
inline int CLD_DUMPED = 3;
#pragma D binding "1.0" CLD_DUMPED
inline int CLD_TRAPPED = 4;
#pragma D binding "1.0" CLD_TRAPPED
inline int CLD_STOPPED = 5;
#pragma D binding "1.0" CLD_STOPPED
inline int CLD_CONTINUED = 6;
#pragma D binding "1.0" CLD_CONTINUED
