#!/usr/sbin/dtrace -Cs
#include "defs.h"

BEGIN
{
	printf("%s: %d\n", GREETING, ANSWER);
	exit(0);
}
