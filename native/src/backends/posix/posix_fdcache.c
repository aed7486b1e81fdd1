/* posix backend: the cache of open data files (posix_priv.h). */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "posix_priv.h"

/* O_RDWR fds of data files by path, 4-way set associative
 * (a miss costs openat+close, which in a multi-threaded process also
 * contends on the shared fd table).  Entries of a removed or renamed path
 * are dropped so a re-created file is reopened. */

static unsigned path_set(const char *p)
{
    unsigned h = 2166136261u;
    for (; *p; p++) h = (h ^ (unsigned char)*p) * 16777619u;
    return h % FD_SETS;
}

static struct fd_entry *cache_find(struct posix_ctx *c, const char *path)
{
    struct fd_entry *set = &c->cache[path_set(path) * FD_WAYS];
    for (int w = 0; w < FD_WAYS; w++)
        if (set[w].fd >= 0 && strcmp(set[w].path, path) == 0)
            return &set[w];
    return NULL;
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
    if (fd < 0 && errno == EACCES)
        fd = openat(c->rootfd, path, O_RDONLY | O_CLOEXEC | c->dflag);
    if (fd < 0)
        return -errno;
    if (strlen(path) >= sizeof e->path)
        return fd;  /* not cacheable: posix_put_fd closes it */
    unsigned s = path_set(path);
    e = &c->cache[s * FD_WAYS + c->evict[s]];
    c->evict[s] = (c->evict[s] + 1) % FD_WAYS;
    if (e->fd >= 0) close(e->fd);
    e->fd = fd;
    snprintf(e->path, sizeof e->path, "%s", path);
    c->last_fd = e;
    return fd;
}

/* posix_cached_fd caches every fd but those of too long paths: no second lookup */
void posix_put_fd(struct posix_ctx *c, const char *path, int fd)
{
    if (strlen(path) >= sizeof c->cache[0].path) close(fd);
}

void posix_forget(struct posix_ctx *c, const char *path)
{
    struct fd_entry *e = cache_find(c, path);
    if (e) {
        close(e->fd);
        e->fd = -1;
    }
}

struct fd_entry *posix_fd_home(struct posix_ctx *c, const char *path)
{
    return &c->cache[path_set(path) * FD_WAYS];
}
