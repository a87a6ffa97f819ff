#include "broken.h"

BEGIN
{
	exit(0);
}
