/*
 * The sched provider's variables, as DTrace's sched library declares
 * them: the current CPU's processor set, chip and locality group, from
 * curcpu (cpu is built in).
 */

typedef id_t chipid_t;
typedef id_t lgrp_id_t;

inline psetid_t pset = curcpu->cpu_pset;
#pragma D attributes Stable/Stable/Common pset
#pragma D binding "1.0" pset

inline chipid_t chip = curcpu->cpu_chip;
#pragma D attributes Stable/Stable/Common chip
#pragma D binding "1.0" chip

inline lgrp_id_t lgrp = curcpu->cpu_lgrp;
#pragma D attributes Stable/Stable/Common lgrp
#pragma D binding "1.0" lgrp
