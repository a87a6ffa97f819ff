/*
 * Kernel typedefs are type names in casts, sizeof and declarations, as
 * they are to DTrace's lexer; D's built-in typedefs too.
 */
rwlock_t *lock;

BEGIN
{
	p = (rwlock_t *)arg0;
	q = (spinlock_t *)0;
	r = (struct mutex *)arg1;
	n = sizeof (rwlock_t) + sizeof (u32) + (u64)arg2 + (uint_t)arg3 + (ushort_t)1;
	this->s = (spinlock_t *)p;
	v = (rwlock_t)arg0;		/* ERROR D_CAST_INVAL "invalid cast expression: \"int64_t\" to \"rwlock_t\"" */
}
