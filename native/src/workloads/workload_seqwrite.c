/* seqwrite: a streaming write, the seed's dd to a new large file.  Each
 * proc owns the files i, i + procs, ... of the client's data set
 * (dataset.h; file_count defaults to one per proc) and writes them in turn
 * as new files: create, xfer_size writes from the front (unstable chunks,
 * the last one a write that commits, as a client closing the file), then
 * remove and on to its next file.  The set's space on the server stays
 * within working_set.  INIT builds the set like the readers do. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "workload.h"
#include "config.h"
#include "fileset.h"
#include "dataset.h"

#define SEQWRITE_DEFAULT_XFER (1u << 20)

struct seqwrite {
    struct sfs_dataset ds;
    uint32_t file;          /* the file being written */
    int      step;          /* 0 remove, 1 create, 2 write */
    uint64_t off;
};

static int sw_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs, void **state,
                   char *err, size_t errlen)
{
    struct seqwrite *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (sfs_dataset_open(&s->ds, cfg, proc, SEQWRITE_DEFAULT_XFER, fs, err, errlen)) {
        free(s);
        return -1;
    }
    if ((uint32_t)proc >= s->ds.nfiles) {
        snprintf(err, errlen, "file_count=%u gives proc %d no file to write (seqwrite needs "
                 "file_count >= procs)", s->ds.nfiles, proc);
        free(s);
        return -1;
    }
    s->file = (uint32_t)proc;
    *state = s;
    return 0;
}

static int sw_next_init(void *state, sfs_req *req)
{
    return sfs_dataset_next_init(&((struct seqwrite *)state)->ds, req);
}

static void sw_next(void *state, sfs_req *req)
{
    struct seqwrite *s = state;
    memset(req, 0, sizeof *req);
    sfs_dataset_file(&s->ds, s->file, req);
    switch (s->step) {
    case 0:
        req->op = SFS_OP_REMOVE;
        s->step = 1;
        return;
    case 1:
        req->op = SFS_OP_CREATE;
        req->mode = 0644;
        s->step = 2;
        s->off = 0;
        return;
    default:
        req->op = SFS_OP_WRCACHE;
        req->offset = s->off;
        req->length = s->ds.xfer;
        s->off += req->length;
        if (s->off >= s->ds.file_bytes) {   /* the file is complete: commit, next file */
            req->op = SFS_OP_WRITE;
            s->step = 0;
            s->file += (uint32_t)s->ds.procs;
            if (s->file >= s->ds.nfiles)
                s->file = (uint32_t)s->ds.local;
        }
    }
}

/* per file: one remove, one create and file_bytes / xfer writes */
static void sw_target_mix(void *state, double pct[SFS_OP_COUNT])
{
    struct seqwrite *s = state;
    memset(pct, 0, sizeof(double) * SFS_OP_COUNT);
    double chunks = (double)(s->ds.file_bytes / s->ds.xfer), all = chunks + 2;
    pct[SFS_OP_WRCACHE] = 100.0 * (chunks - 1) / all;
    pct[SFS_OP_WRITE] = 100.0 / all;
    pct[SFS_OP_REMOVE] = 100.0 / all;
    pct[SFS_OP_CREATE] = 100.0 / all;
}

static void sw_close(void *state)
{
    free(state);
}

/* offsets are whole transfers from 0 (dataset.c) */
static uint32_t seqwrite_io_align(const struct sfs_cfg *cfg)
{
    return sfs_align_min(1u << 20, cfg->xfer_size ? cfg->xfer_size : SEQWRITE_DEFAULT_XFER);
}

static const sfs_workload seqwrite = {
    .io_align = seqwrite_io_align,
    .name = "seqwrite",
    .description = "LOAD=max: sequential writes through the client data set",
    .flags = SFS_WORKLOAD_RC,
    .rules = SFS_RULES_TOP_SPEED,
    .ops = SFS_DATASET_OPS,
    .client_dataset = 1,
    .own_files = 1,
    .open = sw_open,
    .next_init = sw_next_init,
    .next = sw_next,
    .target_mix = sw_target_mix,
    .close = sw_close,
};
SFS_REGISTER_WORKLOAD(seqwrite)
