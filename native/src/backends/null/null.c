/* Backend "null": every request completes at once and moves no data, as
 * fio's null engine does.  It measures the engine's own cost per op
 * (bench/engine-cost) and, with 'capacity', stands in for a server that
 * saturates (the load above it turns into latency, not throughput).
 * Any target name is accepted; nothing is opened. */
#include <stdio.h>
#include <stdlib.h>
#include "backend.h"
#include "config.h"
#include "options.h"
#include "clock.h"

struct null_opts {
    double capacity;        /* ops/s of the whole engine, 0 = no limit */
};

static const sfs_option null_options[] = {
    { "capacity", SFS_KEY_NUM, 0, 1e9, "0",
      "ops/s this engine completes at most, shared evenly by its procs (0 = no limit)",
      SFS_OPT_AT(struct null_opts, capacity) },
    { NULL, 0, 0, 0, NULL, NULL, 0, 0 },
};

struct null_ctx {
    uint64_t spacing_ns;    /* per proc: 1 / (capacity / procs); 0 = no limit */
    uint64_t next_free_ns;  /* when this proc's share of the capacity is free again */
};

static int null_open(const struct sfs_cfg *cfg, int proc, const char *root, void **ctx,
                     char *err, size_t errlen)
{
    (void)proc; (void)root;
    const struct null_opts *o = cfg->backend_opts;
    struct null_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of memory");
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
    if (req->done)
        req->done(req);
    return 0;
}

static int null_inflight(void *ctx)
{
    (void)ctx;
    return 0;
}

static void null_close(void *ctx)
{
    free(ctx);
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
    .inflight = null_inflight,
    .close = null_close,
};
SFS_REGISTER_BACKEND(null_backend)
