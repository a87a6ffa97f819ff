/* Only declarations and pragmas: DTrace has nothing to compile. */
#pragma D option quiet
int x;
