/*
 * The fault codes the ERROR probe passes in arg4 (the DTRACEFLT_* values
 * of DTrace's fault table), so that an ERROR clause can tell what went
 * wrong: ERROR /arg4 == DTRACEFLT_BADADDR/ { ... }.
 */

inline int DTRACEFLT_UNKNOWN = 0;	/* no better description */
#pragma D binding "1.0" DTRACEFLT_UNKNOWN
inline int DTRACEFLT_BADADDR = 1;	/* a load from an unmapped address */
#pragma D binding "1.0" DTRACEFLT_BADADDR
inline int DTRACEFLT_BADALIGN = 2;	/* a misaligned access */
#pragma D binding "1.0" DTRACEFLT_BADALIGN
inline int DTRACEFLT_ILLOP = 3;		/* an operation D forbids here */
#pragma D binding "1.0" DTRACEFLT_ILLOP
inline int DTRACEFLT_DIVZERO = 4;	/* division or remainder by zero */
#pragma D binding "1.0" DTRACEFLT_DIVZERO
inline int DTRACEFLT_NOSCRATCH = 5;	/* scratch memory used up */
#pragma D binding "1.0" DTRACEFLT_NOSCRATCH
inline int DTRACEFLT_KPRIV = 6;		/* kernel memory not allowed */
#pragma D binding "1.0" DTRACEFLT_KPRIV
inline int DTRACEFLT_UPRIV = 7;		/* user memory not allowed */
#pragma D binding "1.0" DTRACEFLT_UPRIV
inline int DTRACEFLT_TUPOFLOW = 8;	/* too many tuple elements */
#pragma D binding "1.0" DTRACEFLT_TUPOFLOW
inline int DTRACEFLT_BADSTACK = 9;	/* a stack that cannot be walked */
#pragma D binding "1.4.1" DTRACEFLT_BADSTACK
