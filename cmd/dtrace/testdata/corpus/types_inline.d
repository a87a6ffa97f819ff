/*
 * types_inline.d - user types in D: inline constants, typedefs, struct,
 * union and enum declarations, casts and sizeof; counts syscalls by
 * class.
 *
 * Resembles the Dynamic Tracing Guide's chapters on types, operators and
 * expressions, and the DTraceToolkit's habit of naming constants with
 * inline.
 */

#pragma D option quiet

inline int MAXCOUNT = 1000;
inline string BANNER = "syscall classes";
inline uint64_t NS_PER_MS = 1000000;

typedef uint32_t myfd_t;

enum sclass {
	SC_READ = 1,
	SC_WRITE,
	SC_OTHER = 10
};

struct sample {
	int64_t	s_count;
	uint64_t s_when;
	char	s_name[16];
};

union word {
	uint64_t w_u64;
	uint32_t w_u32[2];
};

struct sample *lastp;

dtrace:::BEGIN
{
	printf("%s: struct sample is %d bytes, union word %d\n", BANNER,
	    sizeof (struct sample), sizeof (union word));
	start = timestamp;
}

syscall::read:entry
{
	@class[SC_READ] = count();
	this->fd = (myfd_t)arg0;
	@fds[(int)this->fd] = count();
}

syscall::write:entry
{
	@class[SC_WRITE] = count();
}

syscall::getpid:entry,
syscall::getppid:entry
{
	@class[SC_OTHER] = count();
}

tick-1s
/(timestamp - start) / NS_PER_MS > MAXCOUNT/
{
	printa("class %d: %@d\n", @class);
	exit(0);
}
