/* seqread: sequential reads through the client's data set (dataset.h), the
 * seed's seqread.pl.  Proc i streams file i mod file_count front to back in
 * xfer_size transfers (default 1 MiB) and starts over at its end; with the
 * default file_count (one file per proc) no two procs share a file. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "workload.h"
#include "config.h"
#include "fileset.h"
#include "dataset.h"

#define SEQREAD_DEFAULT_XFER (1u << 20)   /* the seed's IOSIZE */

struct seqread {
    struct sfs_dataset ds;
    uint32_t file;
    uint64_t off;
};

static int seq_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs, void **state,
                    char *err, size_t errlen)
{
    struct seqread *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (sfs_dataset_open(&s->ds, cfg, proc, SEQREAD_DEFAULT_XFER, fs, err, errlen)) {
        free(s);
        return -1;
    }
    s->file = (uint32_t)proc % s->ds.nfiles;
    *state = s;
    return 0;
}

static int seq_next_init(void *state, sfs_req *req)
{
    return sfs_dataset_next_init(&((struct seqread *)state)->ds, req);
}

static void seq_next(void *state, sfs_req *req)
{
    struct seqread *s = state;
    memset(req, 0, sizeof *req);
    sfs_dataset_file(&s->ds, s->file, req);
    req->op = SFS_OP_READ;
    if (s->off >= s->ds.file_bytes)
        s->off = 0;
    req->offset = s->off;
    req->length = s->ds.xfer;
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

/* offsets are whole transfers from 0 (dataset.c) */
static uint32_t seqread_io_align(const struct sfs_cfg *cfg)
{
    return sfs_align_min(1u << 20, cfg->xfer_size ? cfg->xfer_size : SEQREAD_DEFAULT_XFER);
}

static const sfs_workload seqread = {
    .io_align = seqread_io_align,
    .name = "seqread",
    .description = "LOAD=max: the client data set read front to back",
    .flags = SFS_WORKLOAD_RC,
    .rules = SFS_RULES_TOP_SPEED,
    .ops = SFS_DATASET_OPS | SFS_OP_BIT(SFS_OP_READ),
    .standard_mix = seq_mix,
    .client_dataset = 1,
    .own_files = 1,
    .open = seq_open,
    .next_init = seq_next_init,
    .next = seq_next,
    .target_mix = seq_target_mix,
    .close = seq_close,
};
SFS_REGISTER_WORKLOAD(seqread)
