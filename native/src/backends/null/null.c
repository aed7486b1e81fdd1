/* Backend "null": every request completes at once and moves no data, as
 * fio's null engine does.  It measures the engine's own cost per op
 * (bench/engine-cost) and, with 'capacity', stands in for a server that
 * saturates (the load above it turns into latency, not throughput).
 * With null_async=1 it is an asynchronous backend: submit queues the
 * request on its context's completion list and ready() says so; the
 * engine's event loop then calls poll, which completes the list.  Every op
 * goes through the loops without a system call (evloop.h, posted items),
 * so bench/engine-cost shows the loops' own cost and their scaling.
 * Any target name is accepted; nothing is opened. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
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

struct null_ctx {
    uint64_t spacing_ns;    /* per proc: 1 / (capacity / procs); 0 = no limit */
    uint64_t next_free_ns;  /* when this proc's share of the capacity is free again */
    int async;              /* null_async */
    sfs_req **q;            /* null_async: accepted, to complete in order */
    int len, cap;
};

static int null_open(const struct sfs_cfg *cfg, int proc, const char *root, void **ctx,
                     char *err, size_t errlen)
{
    (void)root;
    (void)proc;
    const struct null_opts *o = cfg->backend_opts;
    if (o->async && o->capacity > 0) {
        snprintf(err, errlen, "null_async=1 and capacity=%g: capacity waits inside submit, which "
                 "would stall the event loop (use one of them)", o->capacity);
        return -1;
    }
    struct null_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    c->async = o->async;
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
    if (!c->async) {
        if (req->done)
            req->done(req);
        return 0;
    }
    if (c->len == c->cap) {
        int cap = c->cap ? 2 * c->cap : 8;
        sfs_req **m = realloc(c->q, (size_t)cap * sizeof *m);
        if (!m) return -ENOMEM;
        c->q = m;
        c->cap = cap;
    }
    c->q[c->len++] = req;
    return 0;
}

/* Complete what was queued before this call; a done() that submits again
 * queues for the next poll. */
static int null_poll(void *ctx, int64_t timeout_ns)
{
    struct null_ctx *c = ctx;
    (void)timeout_ns;
    int n = c->len;
    for (int i = 0; i < n; i++)
        c->q[i]->done(c->q[i]);
    c->len -= n;
    memmove(c->q, c->q + n, (size_t)c->len * sizeof *c->q);
    return 0;
}

static int null_ready(void *ctx)
{
    return ((struct null_ctx *)ctx)->len > 0;
}

static int null_inflight(void *ctx)
{
    return ((struct null_ctx *)ctx)->len;
}

/* Requests still queued are cancelled: dropped without done (backend.h,
 * request lifecycle 3). */
static void null_close(void *ctx)
{
    struct null_ctx *c = ctx;
    free(c->q);
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
    .proc_stack = SFS_PROC_STACK,
    .ops = SFS_OPS_ALL,
    .standard_workload = "sfs2008-nfs",
    .options = null_options,
    .opts_size = sizeof(struct null_opts),
    .open = null_open,
    .submit = null_submit,
    .poll = null_poll,
    .inflight = null_inflight,
    .close = null_close,
    .ready = null_ready,
    .async_with = null_async_with,
};
SFS_REGISTER_BACKEND(null_backend)
