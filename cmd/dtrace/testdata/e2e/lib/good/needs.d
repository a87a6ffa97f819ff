/* A library for a provider this machine lacks is skipped. */
#pragma D depends_on provider nosuchprovider
inline int NEVER = ;
