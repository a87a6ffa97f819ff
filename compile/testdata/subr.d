/* Every string subroutine, on literals, built-in strings, user strings and variables. */
BEGIN
{
	s = "/usr/lib/libc.so.1";
	j = strjoin(s, execname);
	printf("%s %s %s\n", j, strjoin("", ""), strjoin(strjoin("a", "b"), lltostr(pid)));
	printf("%s %s %s\n", substr(s, 5), substr(s, -4, 2), substr(j, timestamp % 7, -1));
	printf("%d %d %d %d\n", index(s, "lib"), index(s, "lib", 6), rindex(s, "/"), rindex(j, s, -1));
	printf("%s %s %s\n", strchr(s, 'l'), strrchr(s, '/'), strstr(j, s));
	printf("%s %s %s %s\n", basename(s), dirname(s), basename(j), dirname(""));
	printf("%s %s\n", toupper(s), tolower(execname));
	printf("%s %s %s\n", lltostr(-42), lltostr(255, 16), lltostr(arg0, 2));
	printf("%d %d %d\n", strtoll("  -123"), strtoll("0x1f", 16), strtoll(s, 36));
	printf("%s %s\n", stringof(pid), stringof(timestamp));
	exit(0);
}

syscall::openat:entry
{
	this->path = copyinstr(arg1);
	self->dir = dirname(this->path);
	@[basename(this->path), strstr(this->path, self->dir)] = count();
	@idx[index(this->path, execname), rindex(this->path, ".", strlen(this->path) / 2)] = count();
}

syscall::openat:entry
/index(copyinstr(arg1), "/etc/") >= 0 && strchr(execname, 'a') == "ash"/
{
	trace(substr(copyinstr(arg1), index(copyinstr(arg1), "/etc/") + 5));
}
