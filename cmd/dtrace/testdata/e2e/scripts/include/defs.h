#ifndef DEFS_H
#define DEFS_H

/* A header for include.d: a macro and a D inline. */
#define	GREETING	"hello from a header"
inline int ANSWER = 42;

#endif
