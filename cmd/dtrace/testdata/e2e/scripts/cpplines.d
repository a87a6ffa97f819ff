#include "defs.h"

BEGIN
{
	x = ANSWER;
	y = x + ;
}
