/* The header does not exist: cpp fails. */
#include "nonexistent.h"

BEGIN
{
	exit(0);
}
