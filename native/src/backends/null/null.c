/* Backend "null": every request completes at once and moves no data, as
 * fio's null engine does.  It measures the engine's own cost per op
 * (bench/engine-cost) and, with 'capacity', stands in for a server that
 * saturates (the load above it turns into latency, not throughput).
 * With null_async=1 it is an asynchronous backend: submit queues the
 * request on its event loop's completion queue and signals that loop's fd
 * (an eventfd, a pipe on other POSIX systems; Windows refuses it: WSAPoll
 * waits only on sockets), and poll completes the queue, so the
 * engine's event loops carry every op (their own cost, and their scaling).
 * Any target name is accepted; nothing is opened. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <pthread.h>
#include <unistd.h>
#include "platform_poll.h"
#ifndef _WIN32
#include <fcntl.h>
#endif
#ifdef __linux__
#include <sys/eventfd.h>
#endif
#include "backend.h"
#include "config.h"
#include "options.h"
#include "clock.h"

struct null_opts {
    double capacity;        /* ops/s of the whole engine, 0 = no limit */
    int async;              /* null_async: completions through the event loop */
};

static const sfs_option null_options[] = {
    { "capacity", SFS_KEY_NUM, 0, 1e9, "0",
      "ops/s this engine completes at most, shared evenly by its procs (0 = no limit)",
      SFS_OPT_AT(struct null_opts, capacity) },
    { "null_async", SFS_KEY_INT, 0, 1, "0",
      "1 = asynchronous: requests complete through the engine's event loops (their own cost), "
      "0 = inside submit",
      SFS_OPT_AT(struct null_opts, async) },
    { NULL, 0, 0, 0, NULL, NULL, 0, 0 },
};

struct null_ctx;
struct null_job { sfs_req *req; struct null_ctx *c; };

/* The completion queue of one event loop, shared by the contexts of the
 * procs that loop drives (backend.h: sharing stays within a loop). */
struct null_queue {
    struct null_queue *next;
    const struct sfs_cfg *cfg;
    int loop;
    int refs;
    int fd[2];              /* eventfd twice, or a pipe's read and write ends */
    struct null_job *q;     /* requests to complete, in order */
    int len, cap;
    int signalled;          /* the fd is readable: no need to write again */
};

struct null_ctx {
    uint64_t spacing_ns;    /* per proc: 1 / (capacity / procs); 0 = no limit */
    uint64_t next_free_ns;  /* when this proc's share of the capacity is free again */
    struct null_queue *cq;  /* null_async */
    int inflight;
};

static struct null_queue *queues;
static pthread_mutex_t queues_lock = PTHREAD_MUTEX_INITIALIZER;

static void queue_release(struct null_queue *n)
{
    pthread_mutex_lock(&queues_lock);
    int last = --n->refs == 0;
    if (last)
        for (struct null_queue **pp = &queues; *pp; pp = &(*pp)->next)
            if (*pp == n) { *pp = n->next; break; }
    pthread_mutex_unlock(&queues_lock);
    if (!last) return;
    close(n->fd[0]);
    if (n->fd[1] != n->fd[0]) close(n->fd[1]);
    free(n->q);
    free(n);
}

/* The queue of cfg's loop 'loop', made by its first proc.  NULL + message. */
static struct null_queue *queue_get(const struct sfs_cfg *cfg, int loop, char *err, size_t errlen)
{
    pthread_mutex_lock(&queues_lock);
    struct null_queue *n = queues;
    while (n && !(n->cfg == cfg && n->loop == loop)) n = n->next;
    if (n) {
        n->refs++;
        pthread_mutex_unlock(&queues_lock);
        return n;
    }
    n = calloc(1, sizeof *n);
    int rc = -1;
    if (n) {
#if defined(__linux__)
        n->fd[0] = n->fd[1] = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        rc = n->fd[0] < 0 ? -1 : 0;
#elif defined(_WIN32)
        errno = ENOTSUP;
        snprintf(err, errlen, "null_async=1: not on Windows (its event loop waits with WSAPoll, "
                 "which takes only sockets; use null_async=0)");
        free(n);
        pthread_mutex_unlock(&queues_lock);
        return NULL;
#else
        rc = pipe(n->fd);
        if (rc == 0) {
            fcntl(n->fd[0], F_SETFL, O_NONBLOCK);
            fcntl(n->fd[1], F_SETFL, O_NONBLOCK);
        }
#endif
    }
    if (rc < 0) {
        snprintf(err, errlen, "null_async: cannot make the completion fd: %s", strerror(errno));
        free(n);
        pthread_mutex_unlock(&queues_lock);
        return NULL;
    }
    n->cfg = cfg;
    n->loop = loop;
    n->refs = 1;
    n->next = queues;
    queues = n;
    pthread_mutex_unlock(&queues_lock);
    return n;
}

static int null_open(const struct sfs_cfg *cfg, int proc, const char *root, void **ctx,
                     char *err, size_t errlen)
{
    (void)root;
    const struct null_opts *o = cfg->backend_opts;
    struct null_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (o->async && o->capacity > 0) {
        snprintf(err, errlen, "null_async=1 and capacity=%g: capacity waits inside submit, which "
                 "would stall the event loop (use one of them)", o->capacity);
        free(c);
        return -1;
    }
    if (o->async && !(c->cq = queue_get(cfg, sfs_cfg_loop(cfg, proc), err, errlen))) {
        free(c);
        return -1;
    }
    if (o->capacity > 0)
        c->spacing_ns = (uint64_t)(1e9 * cfg->procs / o->capacity);
    *ctx = c;
    return 0;
}

/* wait for this proc's share of the capacity: requests queue as on a busy server */
static void take_capacity(struct null_ctx *c)
{
    uint64_t now = sfs_now_ns();
    uint64_t start = c->next_free_ns > now ? c->next_free_ns : now;
    c->next_free_ns = start + c->spacing_ns;
    if (start > now)
        sfs_sleep_until(start);
}

static int null_submit(void *ctx, sfs_req *req)
{
    struct null_ctx *c = ctx;
    if (c->spacing_ns)
        take_capacity(c);
    req->status = 0;
    req->proto_status = 0;
    req->physical = 1;
    switch (req->op) {
    case SFS_OP_READ: case SFS_OP_WRITE: case SFS_OP_WRCACHE:
    case SFS_OP_CIFS_READ_ANDX: case SFS_OP_CIFS_WRITE_ANDX:
        req->result_bytes = req->length;
        break;
    default:
        req->result_bytes = 0;
        break;
    }
    struct null_queue *n = c->cq;
    if (!n) {
        if (req->done)
            req->done(req);
        return 0;
    }
    if (n->len == n->cap) {
        int cap = n->cap ? 2 * n->cap : 64;
        struct null_job *m = realloc(n->q, (size_t)cap * sizeof *m);
        if (!m) return -ENOMEM;
        n->q = m;
        n->cap = cap;
    }
    n->q[n->len++] = (struct null_job){ req, c };
    c->inflight++;
    if (!n->signalled) {   /* one write per batch, as a completion interrupt */
        uint64_t one = 1;
        if (write(n->fd[1], &one, sizeof one) < 0 && errno != EAGAIN)
            return -errno;
        n->signalled = 1;
    }
    return 0;
}

/* The loop's fd was ready: complete every queued request (of every
 * context of this loop; a done() may queue new ones, they wait for the next
 * signal). */
static int null_poll(void *ctx, int64_t timeout_ns)
{
    struct null_ctx *c = ctx;
    struct null_queue *n = c->cq;
    (void)timeout_ns;
    if (!n || !n->signalled) return 0;
    uint64_t v;
    while (read(n->fd[0], &v, sizeof v) > 0)
        ;
    n->signalled = 0;
    int len = n->len;
    struct null_job *batch = n->q;
    n->q = NULL;
    n->len = n->cap = 0;
    for (int i = 0; i < len; i++) {
        batch[i].c->inflight--;
        batch[i].req->done(batch[i].req);
    }
    free(batch);
    return 0;
}

static int null_pollfd(void *ctx, short *events)
{
    struct null_ctx *c = ctx;
    *events = POLLIN;
    return c->cq ? c->cq->fd[0] : -1;
}

static int null_inflight(void *ctx)
{
    return ((struct null_ctx *)ctx)->inflight;
}

/* Requests of this context still queued are cancelled: dropped without
 * done (backend.h, request lifecycle 3). */
static void null_close(void *ctx)
{
    struct null_ctx *c = ctx;
    struct null_queue *n = c->cq;
    if (n) {
        int k = 0;
        for (int i = 0; i < n->len; i++)
            if (n->q[i].c != c) n->q[k++] = n->q[i];
        n->len = k;
        queue_release(n);
    }
    free(c);
}

static int null_async_with(const struct sfs_cfg *cfg)
{
    const struct null_opts *o = cfg ? cfg->backend_opts : NULL;
    return o && o->async;
}

static const sfs_backend null_backend = {
    .name = "null",
    .description = "completes every request at once without I/O (the engine's own cost)",
    .async = 0,
    .caps = SFS_CAP_NO_IO,
    .ops = SFS_OPS_ALL,
    .standard_workload = "sfs2008-nfs",
    .options = null_options,
    .opts_size = sizeof(struct null_opts),
    .open = null_open,
    .submit = null_submit,
    .poll = null_poll,
    .inflight = null_inflight,
    .close = null_close,
    .pollfd = null_pollfd,
    .async_with = null_async_with,
};
SFS_REGISTER_BACKEND(null_backend)
