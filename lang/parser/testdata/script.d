#!/usr/sbin/dtrace -s
/*
 * Times reads by bash and summarizes them. Every construct here must
 * parse: this file carries no ERROR annotations.
 */
#pragma D option quiet
#pragma D option bufsize=8m

inline int LIMIT = 100;
int a[int, string];
self uint64_t ts;
typedef unsigned long long counter_t;
counter_t nreads;

BEGIN
{
	printf("Tracing... Hit Ctrl-C to end.\n");
}

syscall::read:entry,
syscall::readv:entry
/execname == "bash" && pid != $pid/
{
	self->ts = timestamp;
	a[pid, execname] = 1;	// remember who read
	this->x = 1;
	nreads++;
}

syscall::read:return
/self->ts && (timestamp - self->ts) / 1000 < LIMIT/
{
	this->delta = (timestamp - self->ts) / 1000;
	@h[probefunc] = lquantize(arg0, 0, LIMIT, 10);
	@avg[execname] = avg(this->delta > 10 ? this->delta : 0);
	@bytes = sum(arg0 > 0 ? arg0 : 0);
	self->ts = 0;
}

profile:::tick-1s
{
	if (++secs >= 10) {
		exit(0);
	} else
		n = secs % 2 == 0 ? "even" : "odd";
}

fbt::vfs_read:entry
/(counter_t)arg2 > 4096 && stringof(curthread->comm) != "init"/
{
	@big[stack(5)] = count();
	x = `jiffies;
}

END
{
	printa("%s %@d\n", @h);
	printa(@avg);
	trunc(@big, 10)
}
