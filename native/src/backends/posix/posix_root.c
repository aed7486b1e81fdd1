/* posix backend: the proc's folder under its target, created component by
 * component so an error names the one that failed, checked writable, and
 * probed for O_DIRECT when direct_io=1. */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <linux/magic.h>
#include "posix_priv.h"

/* direct_io=1: the file system must take O_DIRECT with 512-byte alignment
 * (what the workloads' io_align promises).  tmpfs and ramfs keep their files
 * in the page cache itself (tmpfs accepts O_DIRECT since Linux 6.6 and still
 * serves it from memory): there is no cache to bypass, so they are refused. */
static int direct_probe(struct posix_ctx *c, int proc, const char *target, char *err, size_t errlen)
{
    static const char probe[] = ".sfs_direct_io_probe";
    struct statfs sf;
    if (fstatfs(c->rootfd, &sf) == 0 && (sf.f_type == TMPFS_MAGIC || sf.f_type == RAMFS_MAGIC)) {
        snprintf(err, errlen, "target.%d=%s: direct_io=1: a %s file system keeps its files in "
                 "memory: there is no page cache to bypass", proc, target,
                 sf.f_type == TMPFS_MAGIC ? "tmpfs" : "ramfs");
        return -1;
    }
    int fd = openat(c->rootfd, probe, O_CREAT | O_RDWR | O_CLOEXEC | O_DIRECT, 0600);
    int e = fd < 0 ? errno : 0;
    if (fd >= 0) {
        /* its own block: reads of other procs may be landing in the shared sink */
        static _Alignas(4096) const unsigned char zeros[4096];
        if (pwrite(fd, zeros, 512, 0) != 512) e = errno ? errno : EIO;
        close(fd);
        unlinkat(c->rootfd, probe, 0);
    }
    if (e == 0) return 0;
    snprintf(err, errlen, "target.%d=%s: direct_io=1: %s%s", proc, target, strerror(e),
             e == EINVAL ? " (the file system refuses O_DIRECT or 512-byte alignment, "
                           "as tmpfs does: it cannot bypass its own cache)" : "");
    return -1;
}

int posix_open_root(struct posix_ctx *c, int proc, const char *target, const char *root,
                    char *err, size_t errlen)
{
    /* mkdir -p target/root, component by component, for a clear message */
    int fd = open(target, O_DIRECTORY | O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "target.%d=%s: %s", proc, target, strerror(errno));
        return -1;
    }
    snprintf(c->rootpath, sizeof c->rootpath, "%s", target);
    char comp[4096];
    snprintf(comp, sizeof comp, "%s", root);
    char *save = NULL;
    for (char *p = strtok_r(comp, "/", &save); p; p = strtok_r(NULL, "/", &save)) {
        size_t l = strlen(c->rootpath);
        snprintf(c->rootpath + l, sizeof c->rootpath - l, "%s%s", l && c->rootpath[l - 1] == '/' ? "" : "/", p);
        if (mkdirat(fd, p, 0755) != 0 && errno != EEXIST) {
            int e = errno;
            snprintf(err, errlen, "cannot create %s: %s%s", c->rootpath, strerror(e),
                     e == EACCES || e == EROFS || e == EPERM ? " (folder not writable)" :
                     e == ENOSPC ? " (disk full)" : "");
            close(fd);
            return -1;
        }
        int nfd = openat(fd, p, O_DIRECTORY | O_RDONLY | O_CLOEXEC);
        close(fd);
        if (nfd < 0) {
            snprintf(err, errlen, "cannot open %s: %s", c->rootpath, strerror(errno));
            return -1;
        }
        fd = nfd;
    }
    if (faccessat(fd, ".", W_OK | X_OK, AT_EACCESS) != 0) {
        snprintf(err, errlen, "%s: %s (folder not writable)", c->rootpath, strerror(errno));
        close(fd);
        return -1;
    }
    c->rootfd = fd;
    if (c->dflag && direct_probe(c, proc, target, err, errlen)) {
        close(fd);
        return -1;
    }
    return 0;
}
