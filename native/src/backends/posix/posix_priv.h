/* Internals of the posix backend shared by posix.c (open, close, the
 * synchronous path) and posix_uring.c (queued mode: outstanding_ios). */
#ifndef SFS_POSIX_PRIV_H
#define SFS_POSIX_PRIV_H

#include <stdint.h>
#ifdef SFS_WITH_URING
#include <liburing.h>
#endif
#include "backend.h"

#define FD_SETS 64               /* cache of open data files: up to 64 sets x 4 ways */
#define FD_WAYS 4
#define FD_CACHE (FD_SETS * FD_WAYS)

struct fd_entry { int fd; char path[128]; };

/* One logical read or write of queued mode: its blocks on the ring. */
struct posix_qio {
    sfs_req *req;               /* NULL = free */
    int fd, write;
    unsigned char *buf;
    uint64_t off, len, chunk;   /* logical range, bytes per block */
    uint64_t next;              /* bytes issued so far */
    int inflight, depth;        /* blocks on the ring, at most depth */
    int err, eof;
    uint64_t bytes;
};

struct posix_ctx {
    int rootfd;
    char rootpath[4096];
    uint64_t block;             /* bytes per physical request, 0 = whole op */
    int biod_reads, biod_writes;
    unsigned char *rbuf;        /* destination of reads with buf == NULL (posix_sink.c) */
    int dflag;                  /* O_DIRECT on data files (direct_io=1), else 0 */
    int slots[SFS_MAX_HANDLES]; /* CIFS open-file slots */
    struct fd_entry *cache;     /* [fd_sets * FD_WAYS]: as many as fd_cap needs */
    unsigned fd_sets;           /* a power of 2, 1..FD_SETS */
    unsigned evict[FD_SETS];    /* next way to replace, per set */
    struct fd_entry *last_fd;   /* the entry found last: a queued load's one file */
    int fd_cap;                 /* fds the cache may hold: FD_CACHE unless the
                                 * process's open-file limit is shared by many procs */
    int fd_cached;              /* fds it holds */
    unsigned fd_victim;         /* next entry to close when at fd_cap */
#ifdef SFS_WITH_URING
    struct io_uring ring;       /* synchronous multi-block transfers */
    struct io_uring qring;      /* queued mode: one entry per block in flight */
    struct __kernel_timespec qtimer_ts; /* the wake-up timeout on qring: its end */
#endif
    uint64_t qtimer_ns;         /* that end (CLOCK_MONOTONIC ns), 0 = none pending,
                                 * UINT64_MAX = the kernel refused it */
    uint64_t qsent_ns;          /* send time of the newest queued request (t_sent_ns),
                                 * 0 = unknown: a lower bound of now without a clock read */
    int ring_ok;                /* 0 without io_uring: blocks go one by one */
    int queued;                 /* queue() switched this ctx to queued mode */
    unsigned qentries;          /* its size: depth x biod, rounded up to a power of 2 */
    unsigned long qowner;       /* thread qring was made for (SINGLE_ISSUER), 0 = none */
    int qinflight;              /* blocks on qring not yet completed */
    int qrequests;              /* requests in flight (inflight()) */
    uint64_t qspin_ns;          /* uring_spin_us: how long a wait polls before it sleeps */
    unsigned qspin_skip;        /* waits left that sleep at once after polls found nothing */
    unsigned qspin_misses;      /* polls in a row that found nothing (the skip doubles) */
    struct posix_qio *qio;      /* [nqio] logical transfers in flight */
    int nqio;
    char why[4200];             /* why the target is gone ("" while it is there) */
    const struct sfs_cfg *cfg;  /* its engine's configuration (outage_max: posix_ride.c) */
};

/* posix_fdcache.c: O_RDWR fds of data files by path */
/* Set c->fd_cap from RLIMIT_NOFILE (raised to its hard limit) shared by the
 * procs of this engine, each keeping `own` fds besides its cache, and
 * allocate a cache of that size; -1 with a message naming the limit when
 * even those do not fit (or out of memory). */
/* opens the proc's folder target/root into c->rootfd (posix_root.c) */
int  posix_open_root(struct posix_ctx *c, int proc, const char *target, const char *root,
                     char *err, size_t errlen);
int  posix_fd_budget(struct posix_ctx *c, int procs, int own, char *err, size_t errlen);
void posix_fd_close_all(struct posix_ctx *c);                  /* and free the cache */
int  posix_cached_fd(struct posix_ctx *c, const char *path);   /* fd or -errno */
void posix_put_fd(struct posix_ctx *c, const char *path, int fd); /* after use */
void posix_forget(struct posix_ctx *c, const char *path);       /* removed/renamed */
/* The entry where path's fd would be cached first (a target object's fd). */
struct fd_entry *posix_fd_home(struct posix_ctx *c, const char *path);

/* posix_sink.c: the buffer reads without one land in, shared beyond the
 * first procs (their data is dropped); NULL when out of memory */
unsigned char *posix_sink_get(int proc);
void posix_sink_put(unsigned char *sink);

/* posix.c */
/* Set req's status (a lost target turns into -ENODEV) and call done. */
void posix_complete(struct posix_ctx *c, sfs_req *req, int rc);
/* posix_ride.c: rc of req after riding through EIO/ESTALE (outage_max > 0),
 * doing it again through 'again' */
int  posix_ride(struct posix_ctx *c, sfs_req *req, int rc, int (*again)(struct posix_ctx *, sfs_req *));

/* posix_uring.c: the backend's queue(), and queued mode */
int  posix_queue(void *ctx, int depth, char *err, size_t errlen);
/* 1 if req goes on the ring (it is then completed by posix_uring_poll),
 * 0 if it runs synchronously. */
int  posix_uring_takes(const struct posix_ctx *c, const sfs_req *req);
/* Put req's blocks on the ring; < 0 if it cannot be issued. */
int  posix_uring_submit(struct posix_ctx *c, sfs_req *req);
int  posix_uring_poll(struct posix_ctx *c, int64_t timeout_ns);
/* Close: wait until the kernel is done with what is in flight (request
 * lifecycle: without completing it), free the ring. */
void posix_uring_close(struct posix_ctx *c);

#endif
