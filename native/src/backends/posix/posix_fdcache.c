/* posix backend: the cache of open data files (posix_priv.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/resource.h>
#include "posix_priv.h"
#include "platform.h"

/* fds of the process besides the procs' own: log, sockets, libraries */
#define FD_RESERVE 256

/* Entries for fd_cap fds and no more (each holds a path: the full cache is
 * 33 KiB per proc); at least one set, where a target object's fd lives. */
static int alloc_cache(struct posix_ctx *c, char *err, size_t errlen)
{
    c->fd_sets = 1;
    while (c->fd_sets < FD_SETS && (int)(c->fd_sets * FD_WAYS) < c->fd_cap) c->fd_sets *= 2;
    c->cache = malloc(c->fd_sets * FD_WAYS * sizeof *c->cache);
    if (!c->cache) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (unsigned i = 0; i < c->fd_sets * FD_WAYS; i++) c->cache[i].fd = -1;
    return 0;
}

int posix_fd_budget(struct posix_ctx *c, int procs, int own, char *err, size_t errlen)
{
    sfs_proc_fd_room((long)procs * (own + FD_CACHE) + FD_RESERVE);
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) {
        c->fd_cap = FD_CACHE;
        return alloc_cache(c, err, errlen);
    }
    long limit = (long)rl.rlim_cur, need = (long)procs * own + FD_RESERVE;
    if (limit < need) {
        snprintf(err, errlen, "%d posix procs need %ld open files (%d per proc: its folder%s; %d for "
                 "the process) but RLIMIT_NOFILE is %ld (hard limit %ld): raise it (ulimit -n, "
                 "LimitNOFILE=) or run fewer procs per client", procs, need, own,
                 own > 1 ? " and io_uring rings" : "", FD_RESERVE, limit,
                 rl.rlim_max == RLIM_INFINITY ? -1L : (long)rl.rlim_max);
        return -1;
    }
    long per = (limit - FD_RESERVE) / procs - own;
    c->fd_cap = per > FD_CACHE ? FD_CACHE : (int)per;
    return alloc_cache(c, err, errlen);
}

/* Close one cached fd (round robin over the entries) to stay within fd_cap. */
static void evict_one(struct posix_ctx *c)
{
    unsigned entries = c->fd_sets * FD_WAYS;
    for (unsigned n = 0; n < entries; n++) {
        struct fd_entry *e = &c->cache[c->fd_victim++ % entries];
        if (e->fd >= 0) {
            close(e->fd);
            e->fd = -1;
            c->fd_cached--;
            return;
        }
    }
}

/* The process ran out of fds (other procs' caches, the workload's open
 * files): give back this proc's cached ones. */
static void evict_all(struct posix_ctx *c)
{
    while (c->fd_cached > 0) evict_one(c);
}

/* O_RDWR fds of data files by path, 4-way set associative
 * (a miss costs openat+close, which in a multi-threaded process also
 * contends on the shared fd table).  Entries of a removed or renamed path
 * are dropped so a re-created file is reopened. */

static unsigned path_set(const struct posix_ctx *c, const char *p)
{
    unsigned h = 2166136261u;
    for (; *p; p++) h = (h ^ (unsigned char)*p) * 16777619u;
    return h & (c->fd_sets - 1);
}

static struct fd_entry *cache_find(struct posix_ctx *c, const char *path)
{
    struct fd_entry *set = &c->cache[path_set(c, path) * FD_WAYS];
    for (int w = 0; w < FD_WAYS; w++)
        if (set[w].fd >= 0 && strcmp(set[w].path, path) == 0)
            return &set[w];
    return NULL;
}

/* Too long a path, or no room for any fd in the cache. */
static int cacheable(const struct posix_ctx *c, const char *path)
{
    return c->fd_cap > 0 && strlen(path) < sizeof c->cache[0].path;
}

int posix_cached_fd(struct posix_ctx *c, const char *path)
{
    struct fd_entry *e = c->last_fd;
    if (e && e->fd >= 0 && strcmp(e->path, path) == 0)
        return e->fd;
    if ((e = cache_find(c, path))) {
        c->last_fd = e;
        return e->fd;
    }
    int fd = openat(c->rootfd, path, O_RDWR | O_CLOEXEC | c->dflag);
    if (fd < 0 && errno == EMFILE && c->fd_cached > 0) {
        evict_all(c);
        fd = openat(c->rootfd, path, O_RDWR | O_CLOEXEC | c->dflag);
    }
    if (fd < 0 && errno == EACCES)
        fd = openat(c->rootfd, path, O_RDONLY | O_CLOEXEC | c->dflag);
    if (fd < 0)
        return -errno;
    if (!cacheable(c, path))
        return fd;  /* posix_put_fd closes it */
    unsigned s = path_set(c, path);
    e = &c->cache[s * FD_WAYS + c->evict[s]];
    c->evict[s] = (c->evict[s] + 1) % FD_WAYS;
    if (e->fd >= 0) {
        close(e->fd);
        c->fd_cached--;
    }
    while (c->fd_cached >= c->fd_cap) evict_one(c);
    e->fd = fd;
    c->fd_cached++;
    snprintf(e->path, sizeof e->path, "%s", path);
    c->last_fd = e;
    return fd;
}

/* posix_cached_fd caches every fd but those cacheable() refuses: no second lookup */
void posix_put_fd(struct posix_ctx *c, const char *path, int fd)
{
    if (!cacheable(c, path)) close(fd);
}

void posix_forget(struct posix_ctx *c, const char *path)
{
    struct fd_entry *e = cache_find(c, path);
    if (e) {
        close(e->fd);
        e->fd = -1;
        c->fd_cached--;
    }
}

struct fd_entry *posix_fd_home(struct posix_ctx *c, const char *path)
{
    return &c->cache[path_set(c, path) * FD_WAYS];
}

void posix_fd_close_all(struct posix_ctx *c)
{
    for (unsigned i = 0; c->cache && i < c->fd_sets * FD_WAYS; i++)
        if (c->cache[i].fd >= 0) close(c->cache[i].fd);
    free(c->cache);
    c->cache = NULL;
}
