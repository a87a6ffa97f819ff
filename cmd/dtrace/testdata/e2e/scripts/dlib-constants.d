/*
 * The D library's constants and variables: procfs.d's PR_*, state and
 * CLD_* values, and sched.d's pset, chip and lgrp, which are curcpu's.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %x %x %x %x\n", PR_MODEL_ILP32, PR_MODEL_LP64, PR_STOPPED, PR_ISTOP, PR_DSTOP, PR_IDLE);
	printf("%d %d %d %d %d %d %d\n", SSLEEP, SRUN, SZOMB, SSTOP, SIDL, SONPROC, SWAIT);
	printf("%d %d %d %d %d %d\n", CLD_EXITED, CLD_KILLED, CLD_DUMPED, CLD_TRAPPED, CLD_STOPPED, CLD_CONTINUED);
	printf("%d %d %d\n", sizeof(pset), sizeof(chip), sizeof(lgrp));
	printf("%d %d %d\n", pset == curcpu->cpu_pset, chip == curcpu->cpu_chip, lgrp == curcpu->cpu_lgrp);
	exit(0);
}
