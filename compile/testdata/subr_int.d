/* Byte order, rand(), device numbers, progenyof(), kernel locks, and
 * alloca() memory with bcopy() and copyinto(), in a predicate, under an
 * if and in two clauses of one probe. */
BEGIN
{
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678), htonll(0x0102030405060708));
	printf("%x %x %x\n", ntohs(arg0), ntohl(timestamp), ntohll(timestamp));
	printf("%d %d\n", rand(), rand() % 10);
	printf("%d %d\n", getmajor(0x0800001), getminor(arg0));
	printf("%d %d %d\n", progenyof(1), progenyof(ppid), progenyof(pid + 1));
	m = (struct mutex *)arg1;
	printf("%d %d %d\n", mutex_owned(m), mutex_type_adaptive(m), mutex_type_spin(m));
	r = (void *)arg1;
	printf("%d %d %d\n", rw_read_held(r), rw_write_held(r), rw_iswriter(r));
}

BEGIN
/alloca(8) != 0/
{
	p = alloca(16);
	bcopy((void *)&curthread->pid, p, 4);
	bcopy(curthread->comm, (char *)p + 4, 12);
	q = (char *)alloca(arg0);
	bcopy("abc", q, arg1);
	printf("%d %s\n", *(int *)p, stringof((char *)p + 4));
}

BEGIN
{
	if (arg0 > 0) {
		b = alloca(arg0 & 0xff);
		copyinto(arg1, arg0 & 0xff, b);
	}
	c = alloca(64);
	copyinto(arg2, 64, c);
	trace(*(uint64_t *)c);
}

syscall::read:entry
/execname == "e2eload"/
{
	this->buf = (char *)alloca(arg2 < 256 ? arg2 : 256);
	copyinto(arg1, arg2 < 256 ? arg2 : 256, this->buf);
	printf("%s\n", stringof(this->buf));
}
