#!/usr/sbin/dtrace -s
/*
 * vfs_fbt.d - count vfs_read() and vfs_write() calls and bytes by file
 * name, reading the name through the struct file argument.
 *
 * Resembles the Dynamic Tracing Guide's fbt examples and Brendan Gregg's
 * "((struct file *)arg0)->f_path.dentry->d_name.name" one-liners.
 */

#pragma D option quiet

fbt::vfs_read:entry,
fbt::vfs_write:entry
{
	self->file = (struct file *)arg0;
	@calls[probefunc, stringof(self->file->f_path.dentry->d_name.name)] =
	    count();
}

fbt::vfs_read:return,
fbt::vfs_write:return
/self->file != NULL && (long)arg1 > 0/
{
	@bytes[probefunc, stringof(self->file->f_path.dentry->d_name.name)] =
	    sum(arg1);
	self->file = 0;
}

tick-10s
{
	trunc(@calls, 10);
	trunc(@bytes, 10);
	exit(0);
}
