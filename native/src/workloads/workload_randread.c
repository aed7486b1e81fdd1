/* randread: random reads over the client's data set (dataset.h), the
 * seed's randread.pl.  Each read picks a file of the set and a
 * transfer-aligned offset uniformly, so every byte of working_set is equally
 * likely: whether the set fits the server's cache decides between a cached
 * and an uncached random read (docs/top-speed.md). */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "workload.h"
#include "config.h"
#include "fileset.h"
#include "dataset.h"
#include "rng.h"

#define RANDREAD_DEFAULT_XFER 8192u   /* the seed's IOSIZE */

struct randread {
    struct sfs_dataset ds;
    sfs_rng rng;
    uint64_t blocks;                  /* transfers per file */
};

static int rr_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs, void **state,
                   char *err, size_t errlen)
{
    struct randread *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (sfs_dataset_open(&s->ds, cfg, proc, RANDREAD_DEFAULT_XFER, fs, err, errlen)) {
        free(s);
        return -1;
    }
    s->blocks = s->ds.file_bytes / s->ds.xfer;
    sfs_rng_seed(&s->rng, sfs_hash3(cfg->seed, (uint64_t)(cfg->proc_first + proc), 0x7A4D));
    *state = s;
    return 0;
}

static int rr_next_init(void *state, sfs_req *req)
{
    return sfs_dataset_next_init(&((struct randread *)state)->ds, req);
}

static void rr_next(void *state, sfs_req *req)
{
    struct randread *s = state;
    memset(req, 0, sizeof *req);
    sfs_dataset_file(&s->ds, (uint32_t)sfs_rng_below(&s->rng, s->ds.nfiles), req);
    req->op = SFS_OP_READ;
    req->offset = sfs_rng_below(&s->rng, s->blocks) * s->ds.xfer;
    req->length = s->ds.xfer;
}

static void rr_mix(double pct[SFS_OP_COUNT])
{
    memset(pct, 0, sizeof(double) * SFS_OP_COUNT);
    pct[SFS_OP_READ] = 100;
}

static void rr_target_mix(void *state, double pct[SFS_OP_COUNT])
{
    (void)state;
    rr_mix(pct);
}

static void rr_close(void *state)
{
    free(state);
}

/* offsets are whole transfers from 0 (dataset.c) */
static uint32_t randread_io_align(const struct sfs_cfg *cfg)
{
    return sfs_align_min(1u << 20, cfg->xfer_size ? cfg->xfer_size : RANDREAD_DEFAULT_XFER);
}

static const sfs_workload randread = {
    .io_align = randread_io_align,
    .name = "randread",
    .description = "LOAD=max: random reads through the client data set",
    .flags = SFS_WORKLOAD_RC,
    .rules = SFS_RULES_TOP_SPEED,
    .ops = SFS_DATASET_OPS | SFS_OP_BIT(SFS_OP_READ),
    .standard_mix = rr_mix,
    .client_dataset = 1,
    .own_files = 1,
    .open = rr_open,
    .next_init = rr_next_init,
    .next = rr_next,
    .target_mix = rr_target_mix,
    .close = rr_close,
};
SFS_REGISTER_WORKLOAD(randread)
