/* access: Iometer/pgmeter access specifications (docs/access-specs.md).
 * Each proc is an Iometer worker with one target: the file "iobw.tst" in
 * its folder, start_offset + file_size bytes, created and filled in INIT
 * as Iometer prepares its test file.  The load draws transfers from the
 * spec through the CSA generator (access_spec.h); outstanding_ios keeps
 * that many in flight (the engine's queued procs); a burst's delay is the
 * workload's own schedule (intended), which holds the whole worker as
 * Iometer does while its requests in flight complete.  Unpaced: rate 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "workload.h"
#include "config.h"
#include "fileset.h"
#include "access_spec.h"

#define ACCESS_FILE "iobw.tst"
#define ACCESS_INIT_CHUNK ((uint64_t)SFS_XFER_MAX)   /* the largest write without a buffer */

struct access {
    sfs_access_spec spec;
    sfs_access_gen gen;
    uint64_t file_bytes;               /* start_offset + file_size */
    uint64_t init_off;
    int init_step;                     /* 0 remove, 1 create, 2 fill, 3 done */
    uint64_t hold_until_ns;            /* end of the delay before this burst, 0 = none */
};

static int acc_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs, void **state,
                    char *err, size_t errlen)
{
    char e2[400];
    if (cfg->rate > 0) {
        snprintf(err, errlen, "rate=%g: access workers run unpaced (rate=0); their load is set "
                 "by outstanding_ios and the spec's delays", cfg->rate);
        return -1;
    }
    if (!cfg->access_spec[0]) {
        snprintf(err, errlen, "access_spec is missing (lines size,%%access,%%read,%%random,"
                 "delay,burst,align,reply separated by ';')");
        return -1;
    }
    if (!cfg->file_size) {
        snprintf(err, errlen, "file_size is missing: the bytes of each worker's target file");
        return -1;
    }
    struct access *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (sfs_access_parse(cfg->access_spec, SFS_XFER_MAX, &a->spec, e2, sizeof e2)) {
        snprintf(err, errlen, "access_spec: %s", e2);
        free(a);
        return -1;
    }
    a->file_bytes = cfg->start_offset + cfg->file_size;
    uint64_t seed = sfs_hash3(cfg->seed, (uint64_t)(cfg->proc_first + proc), 0xACCE55);
    if (sfs_access_gen_init(&a->gen, &a->spec, cfg->start_offset, a->file_bytes, seed, e2,
                            sizeof e2)) {
        snprintf(err, errlen, "access_spec %s", e2);
        free(a);
        return -1;
    }
    /* INIT progress counts the fill writes */
    fs->init_total = ((a->file_bytes + ACCESS_INIT_CHUNK - 1) / ACCESS_INIT_CHUNK);
    fs->total_bytes = a->file_bytes;
    *state = a;
    return 0;
}

static void name_file(sfs_req *req)
{
    req->dir = "";
    req->name = ACCESS_FILE;
    req->path = ACCESS_FILE;
    req->path2 = "";
}

static int acc_next_init(void *state, sfs_req *req)
{
    struct access *a = state;
    memset(req, 0, sizeof *req);
    name_file(req);
    switch (a->init_step) {
    case 0:
        req->op = SFS_OP_REMOVE;
        req->expect_status = -ENOENT;
        a->init_step = 1;
        return 1;
    case 1:
        req->op = SFS_OP_CREATE;
        req->mode = 0644;
        a->init_step = 2;
        return 1;
    case 2:
        req->op = SFS_OP_WRITE;
        req->offset = a->init_off;
        req->length = a->file_bytes - a->init_off < ACCESS_INIT_CHUNK
                      ? a->file_bytes - a->init_off : ACCESS_INIT_CHUNK;
        req->objects = 1;
        a->init_off += req->length;
        if (a->init_off >= a->file_bytes)
            a->init_step = 3;
        return 1;
    default:
        return 0;
    }
}

static void acc_next(void *state, sfs_req *req)
{
    struct access *a = state;
    sfs_access_io io;
    sfs_access_gen_next(&a->gen, &io);
    a->hold_until_ns = 0;
    memset(req, 0, sizeof *req);
    name_file(req);
    /* writes are unstable, as buffered writes of an application: NFS
     * UNSTABLE without COMMIT, posix into the page cache */
    req->op = io.read ? SFS_OP_READ : SFS_OP_WRCACHE;
    req->offset = io.offset;
    req->length = io.length;
}

/* 0 (now) unless a delay is owed before this burst: then its end, the
 * same value until next() issues the burst's first transfer */
static uint64_t acc_intended(void *state, uint64_t now_ns)
{
    struct access *a = state;
    if (!a->hold_until_ns) {
        uint64_t pause = sfs_access_gen_pause(&a->gen);
        if (pause) a->hold_until_ns = now_ns + pause;
    }
    return a->hold_until_ns;
}

static void acc_target_mix(void *state, double pct[SFS_OP_COUNT])
{
    struct access *a = state;
    memset(pct, 0, sizeof(double) * SFS_OP_COUNT);
    for (int i = 0; i < a->spec.nlines; i++) {
        const sfs_access_line *l = &a->spec.line[i];
        pct[SFS_OP_READ] += l->pct * l->read_pct / 100.0;
        pct[SFS_OP_WRCACHE] += l->pct * (100 - l->read_pct) / 100.0;
    }
}

static void acc_close(void *state)
{
    free(state);
}

static const sfs_workload access_workload = {
    .name = "access",
    .description = "Iometer access specifications with outstanding I/Os (docs/access-specs.md)",
    .flags = SFS_WORKLOAD_RC,
    .ops = SFS_OP_BIT(SFS_OP_CREATE) | SFS_OP_BIT(SFS_OP_REMOVE) | SFS_OP_BIT(SFS_OP_WRCACHE) |
           SFS_OP_BIT(SFS_OP_WRITE) | SFS_OP_BIT(SFS_OP_READ),
    .open = acc_open,
    .next_init = acc_next_init,
    .next = acc_next,
    .target_mix = acc_target_mix,
    .close = acc_close,
    .intended = acc_intended,
    .own_files = 1,
};
SFS_REGISTER_WORKLOAD(access_workload)
