#!/usr/sbin/dtrace -s
/*
 * strings.d - summarise the files opened: by directory, by base name and
 * by extension, using D's string subroutines on copyinstr() results.
 *
 * Resembles the DTraceToolkit's opensnoop -F/-n filtering and the
 * Guide's string examples (strjoin, basename, dirname, strlen, substr,
 * index, rindex, lltostr).
 */

#pragma D option quiet
#pragma D option strsize=256

syscall::openat:entry
{
	this->path = copyinstr(arg1);
	this->len = strlen(this->path);
	this->dot = rindex(this->path, ".");
	this->ext = this->dot > 0 ? substr(this->path, this->dot + 1) : "";
	@dirs[dirname(this->path)] = count();
	@bases[basename(this->path)] = count();
	@exts[this->ext] = count();
	@lens = quantize(this->len);
}

syscall::openat:entry
/index(copyinstr(arg1), "/etc/") >= 0/
{
	printf("%s opened %s\n", strjoin(execname, strjoin("[",
	    strjoin(lltostr(pid), "]"))), copyinstr(arg1));
}

tick-10s
{
	trunc(@dirs, 10);
	trunc(@bases, 10);
	trunc(@exts, 10);
	exit(0);
}
