/* posix backend: every abstract op as system calls on a local or mounted
 * path (docs/posix-mapping.md).  Synchronous: one proc per engine thread;
 * with outstanding_ios (queue()) reads and writes go through an io_uring
 * ring with that many in flight and complete in poll() (posix_uring.c).
 * Paths are resolved relative to an O_DIRECTORY fd of the proc root. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <linux/magic.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include "posix_priv.h"
#include "posix_descriptor.h"
#include "config.h"
#include "options.h"

static const char *rel(const char *p)
{
    return p && p[0] ? p : ".";
}

static void fill_attr(sfs_attr *a, const struct stat *st)
{
    a->size = (uint64_t)st->st_size;
    a->mode = st->st_mode;
    a->nlink = (uint32_t)st->st_nlink;
    a->mtime_ns = (uint64_t)st->st_mtim.tv_sec * 1000000000ULL + (uint64_t)st->st_mtim.tv_nsec;
    a->atime_ns = (uint64_t)st->st_atim.tv_sec * 1000000000ULL + (uint64_t)st->st_atim.tv_nsec;
    a->uid = st->st_uid;
    a->gid = st->st_gid;
}

/* --- open / close --- */

/* the options of docs/engine.md: how a logical transfer is cut into requests */
struct posix_opts {
    int block_size, biod_reads, biod_writes, uring_spin_us;
};

/* what open allocated; no fd of the cache is open */
static void ctx_free(struct posix_ctx *c)
{
    posix_sink_put(c->rbuf);
    free(c->cache);
    free(c);
}

/* A target that is an existing file or block device (workload access): the
 * requests name its path and use one fd opened here, read-only unless
 * target_writes allows writing it; a block device bypasses the page cache
 * (O_DIRECT) so the device is measured, not the client's memory.  The
 * root is the target's folder: nothing is created there. */
static int open_object(struct posix_ctx *c, const struct sfs_cfg *cfg, int proc,
                       const struct stat *st, void **ctxp, char *err, size_t errlen)
{
    const char *target = cfg->target[proc];
    int flags = (cfg->target_writes ? O_RDWR : O_RDONLY) | O_CLOEXEC;
    if (S_ISBLK(st->st_mode) || cfg->direct_io) flags |= O_DIRECT;
    if (strlen(target) >= sizeof c->cache[0].path) {
        snprintf(err, errlen, "target.%d=%s: path longer than %zu bytes", proc, target,
                 sizeof c->cache[0].path - 1);
        goto fail;
    }
    int fd = open(target, flags);
    if (fd < 0) {
        snprintf(err, errlen, "target.%d=%s: %s (opened %s)", proc, target, strerror(errno),
                 cfg->target_writes ? "for reading and writing: target_writes=1" : "read-only");
        goto fail;
    }
    struct fd_entry *e = posix_fd_home(c, target);
    e->fd = fd;
    c->fd_cached = 1;
    snprintf(e->path, sizeof e->path, "%s", target);
    snprintf(c->rootpath, sizeof c->rootpath, "%s", target);
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", target);
    char *slash = strrchr(dir, '/');
    if (slash == dir) slash[1] = '\0'; else *slash = '\0';
    c->rootfd = open(dir, O_DIRECTORY | O_RDONLY | O_CLOEXEC);
    if (c->rootfd < 0) {
        snprintf(err, errlen, "%s: %s", dir, strerror(errno));
        close(fd);
        goto fail;
    }
    *ctxp = c;
    return 0;
fail:
    ctx_free(c);
    return -1;
}

static int posix_open(const struct sfs_cfg *cfg, int proc, const char *root,
                      void **ctxp, char *err, size_t errlen)
{
    const char *target = cfg->target[proc];
    struct stat st;
    if (target[0] != '/') {
        snprintf(err, errlen, "target.%d=%s: the posix backend needs an absolute path", proc, target);
        return -1;
    }
    if (stat(target, &st) != 0) {
        snprintf(err, errlen, "target.%d=%s: %s (missing mount point?)", proc, target, strerror(errno));
        return -1;
    }
    int object = S_ISREG(st.st_mode) || S_ISBLK(st.st_mode);
    if (!S_ISDIR(st.st_mode) && !(object && cfg->target_objects)) {
        snprintf(err, errlen, "target.%d=%s: not a directory%s", proc, target,
                 object ? " (an existing file or block device is a target of workload access only)" : "");
        return -1;
    }
    struct posix_ctx *c = calloc(1, sizeof *c);
    if (!c || !(c->rbuf = posix_sink_get(proc))) {
        free(c);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < SFS_MAX_HANDLES; i++) c->slots[i] = -1;
    c->cfg = cfg;
    const struct posix_opts *o = cfg->backend_opts;
    c->block = o->block_size;
    c->biod_reads = o->biod_reads;
    c->biod_writes = o->biod_writes;
    c->qspin_ns = (uint64_t)o->uring_spin_us * 1000u;
    c->dflag = cfg->direct_io ? O_DIRECT : 0;
    /* fds each proc keeps: its folder, a target object's fd, the rings */
    int own = 1 + !S_ISDIR(st.st_mode) + (c->block && (c->biod_reads > 1 || c->biod_writes > 1))
              + (cfg->outstanding_ios > 1);
    if (posix_fd_budget(c, cfg->procs, own, err, errlen))
        goto fail;
    if (!S_ISDIR(st.st_mode)) {
        c->fd_cap++;   /* the object's fd lives in the cache */
        return open_object(c, cfg, proc, &st, ctxp, err, errlen);
    }

    if (posix_open_root(c, proc, target, root, err, errlen))
        goto fail;
    /* io_uring only pays when a logical op has several blocks in flight */
#ifdef SFS_WITH_URING
    if (c->block && (c->biod_reads > 1 || c->biod_writes > 1))
        c->ring_ok = io_uring_queue_init(32, &c->ring, 0) == 0;
#endif
    *ctxp = c;
    return 0;
fail:
    ctx_free(c);
    return -1;
}

/* Request lifecycle (backend.h): requests of queued mode still in flight
 * are waited for by the kernel, never completed here. */
static void posix_close(void *ctx)
{
    struct posix_ctx *c = ctx;
    posix_uring_close(c);
    for (int i = 0; i < SFS_MAX_HANDLES; i++)
        if (c->slots[i] >= 0) close(c->slots[i]);
    posix_fd_close_all(c);
#ifdef SFS_WITH_URING
    if (c->ring_ok) io_uring_queue_exit(&c->ring);
#endif
    close(c->rootfd);
    ctx_free(c);
}

/* --- data transfer: blocks of c->block bytes, up to 'depth' in flight
 * through io_uring when there are several, else plain pread/pwrite --- */

#ifdef SFS_WITH_URING
/* Blocks of one logical transfer through io_uring, up to 'depth' in flight.
 * After an error no new block is issued but every submitted one is reaped
 * (the kernel must be done with buf before the op completes); if the ring
 * itself fails it is given up for plain system calls. */
static int uring_xfer(struct posix_ctx *c, int fd, int write, unsigned char *buf, uint64_t len,
                      uint64_t off, uint64_t chunk, int depth, sfs_req *req)
{
    uint64_t nchunks = (len + chunk - 1) / chunk;
    uint64_t prepared = 0, submitted = 0, completed = 0, done = 0;
    int err = 0;
    for (;;) {
        while (!err && prepared < nchunks && prepared - completed < (uint64_t)depth) {
            struct io_uring_sqe *sqe = io_uring_get_sqe(&c->ring);
            if (!sqe) break;
            uint64_t o = prepared * chunk, l = len - o < chunk ? len - o : chunk;
            if (write) io_uring_prep_write(sqe, fd, buf + o, (unsigned)l, off + o);
            else io_uring_prep_read(sqe, fd, buf + o, (unsigned)l, off + o);
            prepared++;
        }
        if (!err && submitted < prepared) {
            int n = io_uring_submit(&c->ring);
            if (n < 0) { err = n; c->ring_ok = 0; }
            else submitted += (uint64_t)n;
        }
        if (completed == submitted)
            break;    /* all done, or nothing more can be reaped after an error */
        struct io_uring_cqe *cqe;
        int rc = io_uring_wait_cqe(&c->ring, &cqe);
        if (rc == -EINTR) continue;
        if (rc < 0) { c->ring_ok = 0; return rc; }
        int res = cqe->res;
        io_uring_cqe_seen(&c->ring, cqe);
        completed++;
        req->physical++;
        if (res < 0) { if (!err) err = res; }
        else done += (uint64_t)res;
    }
    req->result_bytes = done;
    return err;
}

#endif

static int xfer(struct posix_ctx *c, int fd, int write, unsigned char *buf, uint64_t len,
                uint64_t off, int depth, sfs_req *req)
{
    uint64_t chunk = c->block && c->block < len ? c->block : len;
    uint64_t nchunks = chunk ? (len + chunk - 1) / chunk : 0;
    uint64_t done = 0;
    if (len == 0) {
        req->physical = 1;  /* a zero-length transfer is still one request */
        return 0;
    }
#ifdef SFS_WITH_URING
    if (nchunks > 1 && depth > 1 && c->ring_ok)
        return uring_xfer(c, fd, write, buf, len, off, chunk, depth, req);
#else
    (void)nchunks; (void)depth;
#endif
    while (done < len) {
        uint64_t l = len - done < chunk ? len - done : chunk;
        ssize_t n = write ? pwrite(fd, buf + done, l, (off_t)(off + done))
                          : pread(fd, buf + done, l, (off_t)(off + done));
        req->physical++;
        if (n < 0) return -errno;
        if (n == 0) break;  /* end of file */
        done += (uint64_t)n;
    }
    req->result_bytes = done;
    return 0;
}

static int read_or_write(struct posix_ctx *c, sfs_req *req, int write, int sync)
{
    int fd = posix_cached_fd(c, req->path);
    if (fd < 0) return fd;
    unsigned char *buf = req->buf ? req->buf : c->rbuf;
    uint64_t len = req->length;
    if (!req->buf && len > SFS_XFER_MAX) len = SFS_XFER_MAX;
    req->physical = 0;
    int rc = xfer(c, fd, write, buf, len, req->offset,
                  write ? c->biod_writes : c->biod_reads, req);
    if (rc == 0 && sync) {
        req->physical++;
        if (fdatasync(fd) != 0) rc = -errno;
    }
    posix_put_fd(c, req->path, fd);
    return rc;
}

static int list_dir(struct posix_ctx *c, sfs_req *req, int plus)
{
    int fd = openat(c->rootfd, rel(req->path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -errno;
    DIR *d = fdopendir(fd);
    if (!d) { int e = errno; close(fd); return -e; }
    uint64_t n = 0;
    struct dirent *de;
    struct stat st;
    req->physical = 1;
    while ((de = readdir(d)) != NULL) {
        n++;
        if (req->entry && strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
            req->entry(req, de->d_name);
        if (plus && fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
            req->physical++;
    }
    closedir(d);
    req->result_bytes = n;
    return 0;
}

static int slot_fd(struct posix_ctx *c, sfs_req *req)
{
    if (req->slot < 0 || req->slot >= SFS_MAX_HANDLES || c->slots[req->slot] < 0)
        return -EBADF;
    return c->slots[req->slot];
}

static int do_op(struct posix_ctx *c, sfs_req *req)
{
    struct stat st;
    struct statvfs sv;
    int fd, r = c->rootfd;
    const char *p = rel(req->path);
#define SYS(call) do { if ((call) != 0) return -errno; } while (0)
    req->physical = 1;
    switch (req->op) {
    case SFS_OP_NULL: case SFS_OP_CIFS_ECHO:
        (void)getppid();
        return 0;
    case SFS_OP_ROOT:
        SYS(fstat(r, &st));
        fill_attr(&req->attr, &st);
        return 0;
    case SFS_OP_GETATTR: case SFS_OP_LOOKUP: case SFS_OP_CIFS_QUERY_PATH_INFO:
        SYS(fstatat(r, p, &st, AT_SYMLINK_NOFOLLOW));
        fill_attr(&req->attr, &st);
        return 0;
    case SFS_OP_SETATTR:
        if (req->mode)
            SYS(fchmodat(r, p, req->mode & 07777, 0));
        else   /* no mode: set the times to now, like a touch */
            SYS(utimensat(r, p, NULL, AT_SYMLINK_NOFOLLOW));
        return 0;
    case SFS_OP_ACCESS:
        SYS(faccessat(r, p, R_OK, AT_EACCESS));
        return 0;
    case SFS_OP_READLINK: {
        char buf[4096];
        ssize_t n = readlinkat(r, p, buf, sizeof buf);
        if (n < 0) return -errno;
        req->result_bytes = (uint64_t)n;
        if (req->buf && req->length) {
            size_t l = (size_t)n < req->length ? (size_t)n : req->length;
            memcpy(req->buf, buf, l);
        }
        return 0;
    }
    case SFS_OP_READ:
        return read_or_write(c, req, 0, 0);
    case SFS_OP_WRITE:
        return read_or_write(c, req, 1, req->stable);
    case SFS_OP_WRCACHE:
        return read_or_write(c, req, 1, 0);
    case SFS_OP_COMMIT:
        fd = posix_cached_fd(c, p);
        if (fd < 0) return fd;
        {
            int rc = fsync(fd) == 0 ? 0 : -errno;
            posix_put_fd(c, p, fd);
            return rc;
        }
    case SFS_OP_CREATE:
        fd = openat(r, p, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, req->mode ? req->mode : 0644);
        if (fd < 0) return -errno;
        close(fd);
        return 0;
    case SFS_OP_REMOVE:
        posix_forget(c, p);
        SYS(unlinkat(r, p, 0));
        return 0;
    case SFS_OP_RENAME:
        posix_forget(c, p);
        posix_forget(c, req->path2);
        SYS(renameat(r, p, r, req->path2));
        return 0;
    case SFS_OP_LINK:
        SYS(linkat(r, p, r, req->path2, 0));
        return 0;
    case SFS_OP_SYMLINK:
        SYS(symlinkat(req->path2, r, p));
        return 0;
    case SFS_OP_MKDIR:
        SYS(mkdirat(r, p, req->mode ? req->mode : 0755));
        return 0;
    case SFS_OP_RMDIR:
        SYS(unlinkat(r, p, AT_REMOVEDIR));
        return 0;
    case SFS_OP_MKNOD:
        SYS(mkfifoat(r, p, req->mode ? req->mode : 0644));
        return 0;
    case SFS_OP_READDIR: case SFS_OP_CIFS_FIND_FIRST2:
        return list_dir(c, req, 0);
    case SFS_OP_READDIRPLUS:
        return list_dir(c, req, 1);
    case SFS_OP_FSSTAT: case SFS_OP_CIFS_QUERY_FS_INFO:
        SYS(fstatvfs(r, &sv));
        req->result_bytes = (uint64_t)sv.f_bavail * sv.f_frsize;
        req->attr.size = (uint64_t)sv.f_blocks * sv.f_frsize;
        return 0;
    case SFS_OP_FSINFO:
        SYS(fstatvfs(r, &sv));
        errno = 0;
        if (fpathconf(r, _PC_FILESIZEBITS) < 0 && errno) return -errno;
        req->physical = 2;
        req->result_bytes = sv.f_bsize;
        return 0;
    case SFS_OP_PATHCONF: {
        errno = 0;
        long n = fpathconf(r, _PC_NAME_MAX);
        if (n < 0 && errno) return -errno;
        req->result_bytes = (uint64_t)(n < 0 ? 0 : n);
        return 0;
    }
    /* CIFS ops on open-file slots */
    case SFS_OP_CIFS_NT_CREATE_ANDX:
        if (req->slot < 0 || req->slot >= SFS_MAX_HANDLES) return -EBADF;
        if (c->slots[req->slot] >= 0) { close(c->slots[req->slot]); c->slots[req->slot] = -1; }
        fd = openat(r, p, O_RDWR | O_CLOEXEC | c->dflag | (req->mode ? O_CREAT : 0), req->mode);
        if (fd < 0 && (errno == EISDIR || errno == EACCES))
            fd = openat(r, p, O_RDONLY | O_CLOEXEC | (errno == EISDIR ? 0 : c->dflag));
        if (fd < 0) return -errno;
        c->slots[req->slot] = fd;
        return 0;
    case SFS_OP_CIFS_CLOSE:
        if ((fd = slot_fd(c, req)) < 0) return fd;
        c->slots[req->slot] = -1;
        SYS(close(fd));
        return 0;
    case SFS_OP_CIFS_READ_ANDX: case SFS_OP_CIFS_WRITE_ANDX: {
        if ((fd = slot_fd(c, req)) < 0) return fd;
        int w = req->op == SFS_OP_CIFS_WRITE_ANDX;
        unsigned char *buf = req->buf ? req->buf : c->rbuf;
        uint64_t len = req->length;
        if (!req->buf && len > SFS_XFER_MAX) len = SFS_XFER_MAX;
        req->physical = 0;
        return xfer(c, fd, w, buf, len, req->offset, w ? c->biod_writes : c->biod_reads, req);
    }
    case SFS_OP_CIFS_QUERY_FILE_INFO:
        if ((fd = slot_fd(c, req)) < 0) return fd;
        SYS(fstat(fd, &st));
        fill_attr(&req->attr, &st);
        return 0;
    case SFS_OP_CIFS_SET_FILE_INFO:
        if ((fd = slot_fd(c, req)) < 0) return fd;
        SYS(futimens(fd, NULL));
        return 0;
    case SFS_OP_CIFS_FLUSH:
        if ((fd = slot_fd(c, req)) < 0) return fd;
        SYS(fsync(fd));
        return 0;
    case SFS_OP_CIFS_QUERY_SECDESC: {
        if ((fd = slot_fd(c, req)) < 0) return fd;
        char acl[512];
        if (fgetxattr(fd, "system.posix_acl_access", acl, sizeof acl) < 0) {
            if (errno != ENODATA && errno != ENOTSUP && errno != ERANGE) return -errno;
            SYS(fstat(fd, &st));  /* no ACL: the mode bits are the descriptor */
            fill_attr(&req->attr, &st);
        }
        return 0;
    }
    case SFS_OP_CIFS_LOCKING_ANDX: {
        if ((fd = slot_fd(c, req)) < 0) return fd;
        struct flock fl = {
            .l_type = req->mode ? F_UNLCK : F_WRLCK, .l_whence = SEEK_SET,
            .l_start = (off_t)req->offset, .l_len = (off_t)req->length,
        };
        SYS(fcntl(fd, F_SETLK, &fl));
        return 0;
    }
    default:
        return -ENOTSUP;
    }
#undef SYS
}

/* After a failure that could mean the target itself is gone: is the proc
 * root still there?  A removed root or a stale/broken mount turns the
 * op-level error into -ENODEV (fatal, sfs_status_is_fatal) with a reason. */
static int check_target(struct posix_ctx *c, int rc)
{
    struct stat st;
    if (rc != -ENOENT && rc != -ESTALE && rc != -EIO)
        return rc;
    if (fstat(c->rootfd, &st) != 0) {
        snprintf(c->why, sizeof c->why, "%s: %s", c->rootpath, strerror(errno));
        return -ENODEV;
    }
    if (st.st_nlink == 0) {
        snprintf(c->why, sizeof c->why, "%s was removed", c->rootpath);
        return -ENODEV;
    }
    return rc;
}

void posix_complete(struct posix_ctx *c, sfs_req *req, int rc)
{
    if (rc < 0 && rc != req->expect_status)
        rc = posix_ride(c, req, rc, do_op);
    if (rc < 0 && rc != req->expect_status)
        rc = check_target(c, rc);
    req->status = rc;
    req->proto_status = rc == -ENODEV ? ENODEV : -rc;
    if (req->done) req->done(req);
}

static int posix_poll(void *ctx, int64_t timeout_ns)
{
    return posix_uring_poll(ctx, timeout_ns);
}

static int posix_submit(void *ctx, sfs_req *req)
{
    struct posix_ctx *c = ctx;
    req->physical = 0;
    req->result_bytes = 0;
    if (posix_uring_takes(c, req)) {
        int rc = posix_uring_submit(c, req);
        if (rc < 0) posix_complete(c, req, rc);
        return 0;
    }
    posix_complete(c, req, do_op(c, req));
    return 0;
}

static const char *posix_error(void *ctx)
{
    return ((struct posix_ctx *)ctx)->why;
}

static int posix_inflight(void *ctx)
{
    return ((struct posix_ctx *)ctx)->qrequests;
}

static const sfs_option posix_options[] = {
    SFS_OPT_BLOCK_SIZE(struct posix_opts, block_size),
    SFS_OPT_BIOD_READS(struct posix_opts, biod_reads),
    SFS_OPT_BIOD_WRITES(struct posix_opts, biod_writes),
    { "uring_spin_us", SFS_KEY_INT, 0, 1000, "50",
      "outstanding_ios > 1: microseconds a wait for completions polls the ring before it "
      "sleeps (0 = sleep at once)", SFS_OPT_AT(struct posix_opts, uring_spin_us) },
    { NULL, 0, 0, 0, NULL, NULL, 0, 0 },
};

static const sfs_backend posix_backend = {
    SFS_POSIX_DESCRIPTOR,
    .async = 0,
    .proc_stack = SFS_PROC_STACK,
    .options = posix_options,
    .opts_size = sizeof(struct posix_opts),
    .open = posix_open,
    .submit = posix_submit,
    .poll = posix_poll,
    .inflight = posix_inflight,
    .close = posix_close,
    .error = posix_error,
    .queue = posix_queue,
};
SFS_REGISTER_BACKEND(posix_backend)
