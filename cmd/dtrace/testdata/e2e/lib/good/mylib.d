/* Uses errno.d, which is compiled first. */
#pragma D depends_on library errno.d
inline int MYERR = EPERM + 1000;
