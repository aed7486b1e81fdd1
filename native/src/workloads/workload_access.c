/* access: Iometer/pgmeter access specifications (docs/access-specs.md).
 * Each proc is an Iometer worker with one target: the file "iobw.tst" in
 * its folder, start_offset + file_size bytes, created and filled in INIT
 * as Iometer prepares its test file; or, on posix, the proc's target
 * itself when it is an existing file or block device (tested in place,
 * written only with target_writes).  The load draws transfers from the
 * spec through the CSA generator (access_spec.h); outstanding_ios keeps
 * that many in flight (the engine's queued procs); a burst's delay is the
 * workload's own schedule (intended), which holds the whole worker as
 * Iometer does while its requests in flight complete.  Unpaced at rate 0;
 * at a rate (an SLO probe, docs/slo.md) the engine core paces each worker
 * open loop, its outstanding_ios the most in flight, and the spec's delays
 * would be a second schedule: a paced spec has none (refused otherwise).
 * Steps of a test change the spec between phases (step "access_spec") on
 * the targets INIT prepared once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include "platform.h"
#include "workload.h"
#include "config.h"
#include "fileset.h"
#include "access_spec.h"

#define ACCESS_FILE "iobw.tst"
#define ACCESS_INIT_CHUNK ((uint64_t)SFS_XFER_MAX)   /* the largest write without a buffer */

struct access {
    sfs_access_spec spec;
    sfs_access_gen gen;
    uint64_t start;                    /* start_offset */
    uint64_t file_bytes;               /* end of the tested region */
    uint64_t seed;
    unsigned steps;                    /* specs applied by step (seeds the next generator) */
    char object[256];                  /* existing file or device tested in place, "" = iobw.tst */
    int object_writes;                 /* it may be written (target_writes) */
    uint32_t object_sector;            /* a block device's logical sector (O_DIRECT unit), else 0 */
    uint64_t init_off;
    int init_step;                     /* 0 remove, 1 create, 2 fill, 3 done */
    uint64_t hold_until_ns;            /* end of the delay before this burst, 0 = none */
    const struct sfs_cfg *cfg;         /* the engine's, alive while this state is */
};

/* A local path that is a regular file or block device: its size (and a
 * device's logical sector); 0 if the target is not such an object (a
 * folder, or an nfs/smb target that is no local path), -1 on error. */
static int object_target(const char *target, uint64_t *bytes, uint32_t *sector, char *err,
                         size_t errlen)
{
    struct stat st;
    if (target[0] != '/' || stat(target, &st) != 0 || S_ISDIR(st.st_mode))
        return 0;
    if (S_ISREG(st.st_mode)) {
        *bytes = (uint64_t)st.st_size;
        *sector = 0;
        return 1;
    }
    if (!S_ISBLK(st.st_mode)) {
        snprintf(err, errlen, "%s is neither a folder, a regular file nor a block device", target);
        return -1;
    }
    int ss = 0;
    if (sfs_blockdev_size(target, bytes, &ss) != 0) {
        snprintf(err, errlen, "%s: size of the block device: %s", target, strerror(errno));
        return -1;
    }
    *sector = ss > 0 ? (uint32_t)ss : SFS_ACCESS_SECTOR;
    return 1;
}

/* What a spec may do on an object target: writes only with target_writes;
 * on a block device (O_DIRECT) whole sectors at sector offsets. */
static int object_allows(const struct access *a, const sfs_access_spec *spec, char *err,
                         size_t errlen)
{
    for (int i = 0; i < spec->nlines; i++) {
        const sfs_access_line *l = &spec->line[i];
        if (!l->pct) continue;
        if (l->read_pct < 100 && !a->object_writes) {
            snprintf(err, errlen, "line %d writes %u %% of its transfers, and %s is an existing "
                     "%s: it is written only with target_writes=1 (rc ACCESS_TARGET_WRITES=yes)",
                     i + 1, 100 - l->read_pct, a->object, a->object_sector ? "block device" : "file");
            return -1;
        }
        if (a->object_sector && (l->size % a->object_sector || l->align % a->object_sector)) {
            snprintf(err, errlen, "line %d: %u-byte transfers aligned on %u bytes: the block device "
                     "%s is read with O_DIRECT, in whole %u-byte sectors", i + 1, l->size, l->align,
                     a->object, a->object_sector);
            return -1;
        }
    }
    return 0;
}

/* A paced worker's schedule is its rate: a spec with a delay (its own
 * schedule) is refused at a rate above 0.  0, or -1 with a message. */
static int paced_allows(const sfs_access_spec *spec, double rate, char *err, size_t errlen)
{
    for (int i = 0; rate > 0 && i < spec->nlines; i++)
        if (spec->line[i].pct && spec->line[i].delay_ms) {
            snprintf(err, errlen, "rate=%g: a paced worker's rate sets when each transfer starts, "
                     "and line %d's delay of %u ms would set it too: paced specs have delay 0",
                     rate, i + 1, spec->line[i].delay_ms);
            return -1;
        }
    return 0;
}

static int acc_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs, void **state,
                    char *err, size_t errlen)
{
    char e2[600];
    if (!cfg->access_spec[0]) {
        snprintf(err, errlen, "access_spec is missing (lines size,%%access,%%read,%%random,"
                 "delay,burst,align,reply separated by ';')");
        return -1;
    }
    struct access *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (sfs_access_parse(cfg->access_spec, SFS_XFER_MAX, &a->spec, e2, sizeof e2)) {
        snprintf(err, errlen, "access_spec: %s", e2);
        goto fail;
    }
    if (paced_allows(&a->spec, cfg->rate, err, errlen))
        goto fail;
    const char *target = cfg->target[proc];
    uint64_t size = 0;
    int obj = object_target(target, &size, &a->object_sector, e2, sizeof e2);
    if (obj < 0) {
        snprintf(err, errlen, "%s", e2);
        goto fail;
    }
    a->start = cfg->start_offset;
    if (obj) {
        snprintf(a->object, sizeof a->object, "%s", target);
        a->object_writes = cfg->target_writes;
        a->file_bytes = cfg->whole_target ? size : cfg->start_offset + cfg->file_size;
        if (a->file_bytes > size || a->start >= a->file_bytes) {
            snprintf(err, errlen, "%s has %llu bytes: the tested region %llu..%llu does not fit",
                     target, (unsigned long long)size, (unsigned long long)a->start,
                     (unsigned long long)a->file_bytes);
            goto fail;
        }
        if (a->object_sector && a->start % a->object_sector) {
            snprintf(err, errlen, "start_offset=%llu: the block device %s is read with O_DIRECT, "
                     "from a %u-byte sector boundary", (unsigned long long)a->start, target,
                     a->object_sector);
            goto fail;
        }
        if (object_allows(a, &a->spec, e2, sizeof e2)) {
            snprintf(err, errlen, "access_spec %s", e2);
            goto fail;
        }
        a->init_step = 3;                  /* nothing to prepare */
    } else {
        if (!cfg->file_size) {
            snprintf(err, errlen, "file_size is missing: the bytes of each worker's target file");
            goto fail;
        }
        a->file_bytes = cfg->start_offset + cfg->file_size;
        /* INIT progress counts the fill writes */
        fs->init_total = ((a->file_bytes + ACCESS_INIT_CHUNK - 1) / ACCESS_INIT_CHUNK);
    }
    a->cfg = cfg;
    a->seed = sfs_hash3(cfg->seed, (uint64_t)(cfg->proc_first + proc), 0xACCE55);
    if (sfs_access_gen_init(&a->gen, &a->spec, a->start, a->file_bytes, a->seed, e2, sizeof e2)) {
        snprintf(err, errlen, "access_spec %s", e2);
        goto fail;
    }
    fs->total_bytes = a->file_bytes;
    *state = a;
    return 0;
fail:
    free(a);
    return -1;
}

/* sizes, offset steps, the tested region's start and size (INIT writes up
 * to it); a spec that does not parse constrains nothing here (open names it) */
static uint32_t spec_align(const sfs_access_spec *spec, const struct sfs_cfg *cfg)
{
    uint32_t a = sfs_align_min(sfs_align_min(1u << 20, cfg->start_offset), cfg->file_size);
    for (int i = 0; i < spec->nlines; i++)
        a = sfs_align_min(sfs_align_min(a, spec->line[i].size), spec->line[i].align);
    return a;
}

/* step access_spec=...: the next spec on the same target; its generator
 * starts over (CSA at the region's start) with a seed of its own.  The
 * core's rate=... is only checked here (paced_allows). */
static int acc_step(void *state, const char *key, const char *value, int apply,
                    char *err, size_t errlen)
{
    struct access *a = state;
    if (strcmp(key, "rate") == 0)         /* the core's key: checked against the spec */
        return paced_allows(&a->spec, strtod(value, NULL), err, errlen);
    if (strcmp(key, "access_spec") != 0)
        return 1;
    sfs_access_spec spec;
    sfs_access_gen gen;
    if (sfs_access_parse(value, SFS_XFER_MAX, &spec, err, errlen))
        return -1;
    if (a->object[0] && object_allows(a, &spec, err, errlen))
        return -1;
    if (paced_allows(&spec, a->cfg->rate, err, errlen))
        return -1;
    if (a->cfg->direct_io && spec_align(&spec, a->cfg) % 512) {
        snprintf(err, errlen, "access_spec: direct_io=1 needs sizes, alignments and offsets in "
                 "multiples of 512 bytes; this spec keeps %u", spec_align(&spec, a->cfg));
        return -1;
    }
    uint64_t seed = sfs_hash3(a->seed, a->steps + 1, 0x57E9);
    if (sfs_access_gen_init(&gen, &spec, a->start, a->file_bytes, seed, err, errlen))
        return -1;
    if (!apply)
        return 0;
    a->spec = spec;
    if (sfs_access_gen_init(&a->gen, &a->spec, a->start, a->file_bytes, seed, err, errlen))
        return -1;
    a->steps++;
    a->hold_until_ns = 0;
    return 0;
}

static void name_file(const struct access *a, sfs_req *req)
{
    req->dir = "";
    req->name = a->object[0] ? a->object : ACCESS_FILE;
    req->path = req->name;
    req->path2 = "";
}

static int acc_next_init(void *state, sfs_req *req)
{
    struct access *a = state;
    memset(req, 0, sizeof *req);
    name_file(a, req);
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
    name_file(a, req);
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

static uint32_t acc_io_align(const struct sfs_cfg *cfg)
{
    sfs_access_spec spec;
    char err[256];
    if (sfs_access_parse(cfg->access_spec, SFS_XFER_MAX, &spec, err, sizeof err))
        return 1u << 20;
    return spec_align(&spec, cfg);
}

static const sfs_workload access_workload = {
    .io_align = acc_io_align,
    .name = "access",
    .description = "Iometer access specifications with outstanding I/Os (docs/access-specs.md)",
    .flags = SFS_WORKLOAD_RC,
    .rules = SFS_RULES_ACCESS,
    .ops = SFS_OP_BIT(SFS_OP_CREATE) | SFS_OP_BIT(SFS_OP_REMOVE) | SFS_OP_BIT(SFS_OP_WRCACHE) |
           SFS_OP_BIT(SFS_OP_WRITE) | SFS_OP_BIT(SFS_OP_READ),
    .open = acc_open,
    .next_init = acc_next_init,
    .next = acc_next,
    .target_mix = acc_target_mix,
    .close = acc_close,
    .intended = acc_intended,
    .own_files = 1,
    .target_objects = 1,
    .step = acc_step,
};
SFS_REGISTER_WORKLOAD(access_workload)
