/*
 * Pointers by DTrace's rules, over the current thread's comm (the
 * program's name, "dtrace"): an array cast to a pointer is its address;
 * a string cast, or stringof, of an address reads the string there; a
 * char pointer compares and assigns as a string; pointer arithmetic and
 * ++/--/+=/-= scale by the pointee's size; the difference of two
 * pointers counts elements, divided unsigned as DTrace does; a string
 * plus an integer is the rest of the string; a string variable assigned
 * 0 holds NULL, equal to 0 and to ""; ?: selects between structs.
 */
#pragma D option quiet

BEGIN
{
	t = curthread;
	cp = (char *)t->comm;
	printf("%s|%s|%s|%s\n", (string)cp, stringof(cp), stringof((void *)cp), (string)(uint64_t)cp);
	printf("%s %c %c %c\n", cp + 1 == "trace" ? "eq" : "ne", execname[1], *cp, cp[2]);
	ip = (int *)cp;
	iq = ip;
	iq++;
	iq += 2;
	printf("%d %d %d\n", iq - ip, (char *)iq - cp, &ip[3] == iq);
	iq--;
	iq -= 1;
	printf("%d %d\n", iq - ip, ip - iq);
	s = "";
	s = cp;
	printf("%s %s %s\n", s, execname + 2, 1 + execname);
	self->s = execname;
	self->s = 0;
	printf("%d %d %d %d\n", self->s == 0, self->s == "", cp != NULL, NULL == 0);
	printf("%d %d\n", (timestamp ? *t : *t).tgid == pid, (timestamp ? t : 0)->tgid == pid);
	exit(0);
}
