/* The event loop of one engine thread (docs/engine.md, Event loops).
 *
 * Items (the engine's procs, 0..items-1) name the fd their backend context
 * waits on; an fd is registered once when an item first names it and
 * changed only when the events wanted change, not rebuilt on every wait:
 * epoll on Linux, a kept pollfd array with poll() elsewhere.  Several items
 * may name one fd (contexts sharing a connection): it is registered once,
 * and a wait reports it once, through one of its items.
 *
 * Items may also be posted ready from inside the process (a backend that
 * already knows its completions, as null_async does): a wait returns them
 * first, does not block while any is posted, and asks the kernel (with a
 * zero timeout) only when fds are registered, so completions known
 * in-process cost no system call.
 *
 * Timers: a min-heap of deadlines by id, so that a thread wakes for the
 * earliest of its procs' next starts and backend timeouts without looking
 * at every proc. */
#ifndef SFS_EVLOOP_H
#define SFS_EVLOOP_H

#include <stdint.h>

struct sfs_evloop;

/* NULL when out of memory or the kernel refuses (errno set). */
struct sfs_evloop *sfs_evloop_new(int items);
void sfs_evloop_free(struct sfs_evloop *l);
/* Item waits on fd for events (POLLIN/POLLOUT); fd < 0 = on nothing.
 * Makes a system call only when the item's fd or the fd's events change,
 * or always with force (the fd may have been closed and its number reused
 * by a new connection).  0, or -1 with errno. */
int sfs_evloop_watch(struct sfs_evloop *l, int item, int fd, short events, int force);
/* The posted items, then up to timeout_ns (0 if any was posted) for
 * registered fds; writes each posted item and one item per ready fd to
 * ready[] (at most max, each item once; posted items beyond max stay
 * posted).  The count, 0 on timeout, -1 with errno. */
int sfs_evloop_wait(struct sfs_evloop *l, int64_t timeout_ns, int *ready, int max);
/* Item has work its backend completes without waiting: the next wait
 * returns it (once, however often it was posted). */
void sfs_evloop_post(struct sfs_evloop *l, int item);
/* Fds registered now (tests, DEBUG). */
int sfs_evloop_fds(const struct sfs_evloop *l);

/* --- timers: ids 0..n-1, each with one deadline or none --- */
struct sfs_timers {
    int n, len;
    int *heap;          /* ids, earliest deadline first */
    int *pos;           /* id -> index in heap, -1 = not set */
    uint64_t *at;       /* id -> deadline */
};

int  sfs_timers_init(struct sfs_timers *t, int n);
void sfs_timers_free(struct sfs_timers *t);
/* Set (or move) id's deadline to at_ns. */
void sfs_timers_set(struct sfs_timers *t, int id, uint64_t at_ns);
void sfs_timers_cancel(struct sfs_timers *t, int id);
/* The earliest deadline, 0 if none is set. */
static inline uint64_t sfs_timers_first(const struct sfs_timers *t)
{
    return t->len ? t->at[t->heap[0]] : 0;
}
/* Remove and return an id whose deadline is <= now, or -1. */
int  sfs_timers_pop(struct sfs_timers *t, uint64_t now);

#endif
