/* seqread: a sequential reader for bench/nfs (an sfsbench extension, not an
 * SFS workload).  INIT writes one file "seq" of file_size bytes (default
 * 64 MiB) in the proc folder; the load reads it front to back in xfer_size
 * transfers (default 256 KiB), starting over at the end.  The engine-built
 * SFS file set is not used. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include "workload.h"
#include "config.h"
#include "fileset.h"

#define SEQ_DEFAULT_SIZE (64ULL << 20)
#define SEQ_DEFAULT_XFER (256u << 10)
#define SEQ_INIT_CHUNK   ((uint64_t)SFS_XFER_MAX)   /* the largest write without a buffer */

struct seqread {
    uint64_t size, xfer, off;
    int      step;                      /* INIT: 0 remove, 1 create, 2 write, 3 done */
};

static int seq_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs, void **state,
                    char *err, size_t errlen)
{
    (void)proc; (void)fs;
    struct seqread *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    s->size = cfg->file_size ? cfg->file_size : SEQ_DEFAULT_SIZE;
    s->xfer = cfg->xfer_size ? cfg->xfer_size : SEQ_DEFAULT_XFER;
    *state = s;
    return 0;
}

static void name_file(sfs_req *req)
{
    req->dir = "";
    req->name = "seq";
    req->path = "seq";
    req->path2 = "";
}

static int seq_next_init(void *state, sfs_req *req)
{
    struct seqread *s = state;
    memset(req, 0, sizeof *req);
    name_file(req);
    switch (s->step) {
    case 0:
        req->op = SFS_OP_REMOVE;
        req->expect_status = -ENOENT;
        s->step = 1;
        return 1;
    case 1:
        req->op = SFS_OP_CREATE;
        req->mode = 0644;
        s->step = 2;
        return 1;
    case 2:
        req->op = SFS_OP_WRITE;
        req->offset = s->off;
        req->length = s->size - s->off < SEQ_INIT_CHUNK ? s->size - s->off : SEQ_INIT_CHUNK;
        s->off += req->length;
        if (s->off >= s->size) {
            req->objects = 1;
            s->step = 3;
            s->off = 0;
        }
        return 1;
    default:
        return 0;
    }
}

static void seq_next(void *state, sfs_req *req)
{
    struct seqread *s = state;
    memset(req, 0, sizeof *req);
    name_file(req);
    req->op = SFS_OP_READ;
    if (s->off >= s->size)
        s->off = 0;
    req->offset = s->off;
    req->length = s->size - s->off < s->xfer ? s->size - s->off : s->xfer;
    s->off += req->length;
}

static void seq_mix(double pct[SFS_OP_COUNT])
{
    memset(pct, 0, sizeof(double) * SFS_OP_COUNT);
    pct[SFS_OP_READ] = 100;
}

static void seq_target_mix(void *state, double pct[SFS_OP_COUNT])
{
    (void)state;
    seq_mix(pct);
}

static void seq_close(void *state)
{
    free(state);
}

static const sfs_workload seqread = {
    .name = "seqread",
    .description = "one file per proc read front to back (bench/nfs; not an rc workload)",
    .ops = SFS_OP_BIT(SFS_OP_REMOVE) | SFS_OP_BIT(SFS_OP_CREATE) | SFS_OP_BIT(SFS_OP_WRITE) |
           SFS_OP_BIT(SFS_OP_READ),
    .standard_mix = seq_mix,
    .open = seq_open,
    .next_init = seq_next_init,
    .next = seq_next,
    .target_mix = seq_target_mix,
    .close = seq_close,
};
SFS_REGISTER_WORKLOAD(seqread)
