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

#pragma D depends_on library procfs.d

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

/*
 * bufinfo_t and devinfo_t: the io provider's view of a block I/O,
 * translated from the block layer's struct request (io:::start and
 * io:::done see it as it is issued and completed).
 */

typedef char *caddr_t;

typedef struct bufinfo {
	int b_flags;		/* B_READ or B_WRITE, B_ASYNC */
	size_t b_bcount;	/* bytes to transfer */
	caddr_t b_addr;		/* buffer address: not available, 0 */
	uint64_t b_lblkno;	/* first 512-byte sector on the disk */
	uint64_t b_blkno;	/* the same */
	size_t b_resid;		/* bytes not transferred: 0 */
	size_t b_bufsize;	/* the same as b_bcount */
	caddr_t b_iodone;	/* completion routine (the request's end_io) */
	int b_error;		/* error: not available, 0 */
	dev_t b_edev;		/* device number, for getmajor()/getminor() */
} bufinfo_t;

inline int B_BUSY = 0x000001;
inline int B_DONE = 0x000002;
inline int B_ERROR = 0x000004;
inline int B_PAGEIO = 0x000010;
inline int B_PHYS = 0x000020;
inline int B_READ = 0x000040;
inline int B_WRITE = 0x000100;
inline int B_ASYNC = 0x000400;

/*
 * A request's operation is the low byte of cmd_flags; odd operations
 * write (op_is_write()). REQ_SYNC is flag bit 11.
 */
translator bufinfo_t < struct request *R > {
	b_flags = ((R->cmd_flags & 0xff) & 1 ? B_WRITE : B_READ) |
	    (R->cmd_flags & 0x800 ? 0 : B_ASYNC);
	b_bcount = R->__data_len;
	b_addr = 0;
	b_lblkno = R->__sector;
	b_blkno = R->__sector;
	b_resid = 0;
	b_bufsize = R->__data_len;
	b_iodone = (caddr_t)R->end_io;
	b_error = 0;
	b_edev = R->part != NULL ? R->part->bd_dev : 0;
};

typedef struct devinfo {
	int dev_major;		/* major number */
	int dev_minor;		/* minor number */
	int dev_instance;	/* the disk's index among its driver's disks */
	string dev_name;	/* driver name ("virtio_blk", "nvme") */
	string dev_statname;	/* disk or partition name ("vda", "vda1") */
	string dev_pathname;	/* "/dev/" and dev_statname */
} devinfo_t;

/*
 * R->part is the disk or partition the request is for (NULL for a
 * request without one, passed through to the driver). The driver is
 * that of the disk's parent device; a disk without one (loop, ram) has
 * dev_name "<unknown>". A disk's minors are consecutive, so the first
 * one over their count numbers the disk.
 */
translator devinfo_t < struct request *R > {
	dev_major = R->part != NULL ? getmajor(R->part->bd_dev) : 0;
	dev_minor = R->part != NULL ? getminor(R->part->bd_dev) : 0;
	dev_instance = R->part == NULL ? 0 :
	    R->part->bd_disk->minors == 0 ? 0 :
	    R->part->bd_disk->first_minor / R->part->bd_disk->minors;
	dev_name = R->part == NULL ? "<unknown>" :
	    R->part->bd_disk->part0->bd_device.parent == NULL ? "<unknown>" :
	    R->part->bd_disk->part0->bd_device.parent->driver == NULL ? "<unknown>" :
	    stringof(R->part->bd_disk->part0->bd_device.parent->driver->name);
	dev_statname = R->part == NULL ? "<unknown>" :
	    stringof(R->part->bd_device.kobj.name);
	dev_pathname = R->part == NULL ? "<unknown>" :
	    strjoin("/dev/", stringof(R->part->bd_device.kobj.name));
};
