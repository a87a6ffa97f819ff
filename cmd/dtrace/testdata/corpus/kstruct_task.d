#!/usr/sbin/dtrace -s
/*
 * kstruct_task.d - walk the current task_struct on Linux: parent, real
 * uid, priority, CPU time and the name of the file being closed.
 *
 * Resembles the Dynamic Tracing Guide's curthread examples (Solaris's
 * curthread->t_procp->p_parent->p_user.u_comm), written for struct
 * task_struct.
 */

#pragma D option quiet

syscall::close:entry
/curthread->files != NULL && arg0 < curthread->files->fdt->max_fds/
{
	this->task = (struct task_struct *)curthread;
	this->file = this->task->files->fdt->fd[arg0];
	this->name = this->file != NULL ?
	    stringof(this->file->f_path.dentry->d_name.name) : "<none>";
	printf("%-16s %6d parent %-16s %6d uid %5d prio %3d cpu %d ms: %s\n",
	    stringof(this->task->comm), this->task->tgid,
	    stringof(this->task->real_parent->comm),
	    this->task->real_parent->tgid, this->task->cred->uid.val,
	    this->task->prio, this->task->se.sum_exec_runtime / 1000000,
	    this->name);
}

tick-5s
{
	exit(0);
}
