/* execargs, curcpu, stackdepth and caller, and mutex_owner(): in
 * predicates, as aggregation keys, stored and compared. */
syscall::read:entry
/execargs != ""/
{
	@args[execargs] = count();
	this->c = curcpu;
	printf("%s %d %d %d %d\n", execargs, this->c->cpu_id, curcpu->cpu_pset, curcpu->cpu_chip, curcpu->cpu_lgrp);
	m = (struct mutex *)&curthread->mm->owner;
	printf("%p %d\n", mutex_owner(m), mutex_owner(m)->pid);
}

profile-997
/curcpu->cpu_id == cpu && stackdepth > 1/
{
	@depth[stackdepth, caller] = count();
	printf("%a %d %s\n", caller, stackdepth, execargs);
}

syscall::read:entry
/stackdepth > 2/
{
	@tp[stackdepth, caller] = count();
	printf("%a %d\n", caller, stackdepth);
}
