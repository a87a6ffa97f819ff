/*
 * io.d: DTrace's view of an open file, fileinfo_t, translated from
 * Linux's struct file, and the fds[] array of the current process's
 * open files.
 *
 * fi_pathname comes from d_path(), which walks the dentry tree to the
 * global root; files of kernel-internal mounts (pipes, sockets) have no
 * path there and are "<unknown>", as unnamed files are in DTrace. fi_mount, the mount point of the file's file system,
 * has no cheap Linux equivalent (the kernel builds it from the parent
 * mount) and is "<unknown>".
 */

typedef long long offset_t;

typedef struct fileinfo {
	string fi_name;		/* name (basename of fi_pathname) */
	string fi_dirname;	/* directory (dirname of fi_pathname) */
	string fi_pathname;	/* full path name */
	offset_t fi_offset;	/* offset within the file */
	string fi_fs;		/* file system type */
	string fi_mount;	/* mount point of the file system */
	int fi_oflags;		/* open(2) flags of the file descriptor */
} fileinfo_t;

translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" :
	    stringof(F->f_path.dentry->d_name.name) == "" ? "<unknown>" :
	    stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" :
	    d_path(&F->f_path) == "" ? "<unknown>" : dirname(d_path(&F->f_path));
	fi_pathname = F == NULL ? "<none>" :
	    d_path(&F->f_path) == "" ? "<unknown>" : d_path(&F->f_path);
	fi_offset = F == NULL ? 0 : F->f_pos;
	fi_fs = F == NULL ? "<none>" : stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : "<unknown>";
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

/*
 * fds[fd] is the current process's open file fd, translated; a closed or
 * out-of-range descriptor translates from NULL ("<none>").
 */
inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
    fd >= 0 && fd < curthread->files->fdt->max_fds ?
    curthread->files->fdt->fd[fd] : NULL);
