/* File set of one proc: sizing, size classes, working set, names, INIT
 * sequence (fileset.h, docs/workloads.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <math.h>
#include "fileset.h"
#include "config.h"

#define KB 1024ULL
#define MB (1024ULL * 1024ULL)

/* SFS 3.0's shares up to 128 KB, the tail widened to 32 MB (mean ~134 KB,
 * five times SFS 3.0's ~27 KB; half of the bytes are in 16-32 MB files). */
const sfs_size_class sfs_fs_size_table[SFS_FS_CLASSES] = {
    { 1 * KB, 33.0 }, { 2 * KB, 21.0 }, { 4 * KB, 13.0 }, { 8 * KB, 10.0 },
    { 16 * KB, 8.0 }, { 32 * KB, 5.0 }, { 64 * KB, 4.0 }, { 128 * KB, 3.0 },
    { 256 * KB, 1.5 }, { 1 * MB, 0.8 }, { 4 * MB, 0.3 }, { 16 * MB, 0.2 },
    { 32 * MB, 0.2 },
};

double sfs_fs_table_mean(void)
{
    double m = 0;
    for (int c = 0; c < SFS_FS_CLASSES; c++)
        m += (double)sfs_fs_size_table[c].bytes * sfs_fs_size_table[c].pct / 100.0;
    return m;
}

/* Unbiased rounding: floor(x + u), u in [0,1).  u runs along a golden-ratio
 * sequence over the global proc index (start hashed from seed and key), so
 * that over any set of procs the u values are spread evenly: the rounding
 * errors of N procs sum to O(1) files instead of growing like sqrt(N), and
 * 100 procs at 1 op/s get the same large-file count as 1 proc at 100. */
static uint64_t dither(double x, uint64_t seed, uint64_t proc, uint64_t key)
{
    uint64_t h = sfs_hash3(seed, key, 0xD17E);
    double u0 = (double)(h >> 11) * (1.0 / 9007199254740992.0);
    double u = fmod(u0 + (double)proc * 0.6180339887498949, 1.0);
    return (uint64_t)floor(x + u);
}

/* Whole files of each class for a byte target, largest class first: a
 * class gets its share of the bytes plus what the larger classes could not
 * take (carry), divided by its size and dithered, but never more than what is
 * left of the target.  The smallest class gets
 * the rest, so the total is at most the target and short of it by less than
 * one smallest file -- at every scale, where rounding each class on its own
 * could add a 32 MiB file to a 1 MiB target. */
static void split_bytes(uint64_t cnt[], const uint64_t size[], const double share_of[],
                        double target, uint64_t seed, uint64_t proc, uint64_t key)
{
    double left = target, carry = 0;
    for (int c = SFS_FS_CLASSES - 1; c >= 0; c--) {
        double want = target * share_of[c] + carry, sz = (double)size[c];
        uint64_t k = want > 0 ? dither(want / sz, seed, proc, key + (uint64_t)c) : 0;
        uint64_t fit = left > 0 ? (uint64_t)floor(left / sz) : 0;
        if (k > fit) k = fit;
        cnt[c] = k;
        carry = want - (double)k * sz;
        left -= (double)k * sz;
    }
}

static void *xcalloc(size_t n, size_t sz)
{
    return calloc(n ? n : 1, sz);
}

double sfs_fileset_target_bytes(const struct sfs_cfg *cfg)
{
    double rate = cfg->rate > 0 ? cfg->rate : cfg->fileset_rate;
    return rate > 0 ? rate * cfg->fileset_mb_per_op * (double)MB * cfg->fileset_scale : 0;
}

int sfs_fileset_build(struct sfs_fileset *fs, const struct sfs_cfg *cfg, int local,
                      char *err, size_t errlen)
{
    memset(fs, 0, sizeof *fs);
    fs->proc = cfg->proc_first + local;
    fs->dir_count = (uint32_t)cfg->dir_count;
    double bytes = sfs_fileset_target_bytes(cfg);
    if (bytes <= 0) {
        snprintf(err, errlen, "rate=0 (unpaced) needs fileset_rate=<ops/s> to size the file set");
        return -1;
    }
    uint64_t seed = cfg->seed, proc = (uint64_t)fs->proc;
    /* size classes: the default table, or one class of file_size */
    uint64_t n = 0, cnt[SFS_FS_CLASSES] = { 0 }, wcnt[SFS_FS_CLASSES] = { 0 };
    double share = cfg->access_pcnt / 100.0;
    if (cfg->file_size) {
        fs->nclasses = 1;
        fs->class_size[0] = cfg->file_size;
        double want = bytes / (double)cfg->file_size;
        cnt[0] = dither(want, seed, proc, 1000);
        wcnt[0] = dither(want * share, seed, proc, 1000);   /* same u: w <= n */
        if (wcnt[0] > cnt[0]) wcnt[0] = cnt[0];
    } else {
        fs->nclasses = SFS_FS_CLASSES;
        double mean = sfs_fs_table_mean(), share_of[SFS_FS_CLASSES];
        for (int c = 0; c < SFS_FS_CLASSES; c++) {
            fs->class_size[c] = sfs_fs_size_table[c].bytes;
            share_of[c] = (double)sfs_fs_size_table[c].bytes * sfs_fs_size_table[c].pct / 100.0 / mean;
        }
        /* the working set (access_pcnt of the bytes) and the cold rest are
         * each split over the classes by bytes: each is at most its target
         * and short of it by less than SFS_FS_TOLERANCE, at every scale */
        uint64_t cold[SFS_FS_CLASSES];
        split_bytes(wcnt, fs->class_size, share_of, bytes * share, seed, proc, 1000);
        double wbuilt = 0;
        for (int c = 0; c < SFS_FS_CLASSES; c++) wbuilt += (double)wcnt[c] * (double)fs->class_size[c];
        split_bytes(cold, fs->class_size, share_of, bytes - wbuilt, seed, proc, 2000);
        for (int c = 0; c < SFS_FS_CLASSES; c++) cnt[c] = wcnt[c] + cold[c];
    }
    for (uint32_t c = 0; c < fs->nclasses; c++) n += cnt[c];
    if (n == 0) { cnt[0] = 1; n = 1; }  /* a target below one smallest file */
    if (n > 100000000ULL) {
        snprintf(err, errlen, "file set of %llu files per proc is too large (rate %g, "
                 "fileset_mb_per_op %g, fileset_scale %g)", (unsigned long long)n,
                 cfg->rate > 0 ? cfg->rate : cfg->fileset_rate,
                 cfg->fileset_mb_per_op, cfg->fileset_scale);
        return -1;
    }
    uint64_t wn = 0;
    for (uint32_t c = 0; c < fs->nclasses; c++) wn += wcnt[c];
    if (wn == 0) {  /* at least one working file: the first class that has files */
        for (uint32_t c = 0; c < fs->nclasses && !wn; c++)
            if (cnt[c]) wcnt[c] = wn = 1;
    }
    fs->nfiles = (uint32_t)n;
    fs->ndirs = (fs->nfiles + fs->dir_count - 1) / fs->dir_count;
    fs->size = xcalloc(n, sizeof *fs->size);
    fs->cls = xcalloc(n, sizeof *fs->cls);
    fs->working = xcalloc(wn, sizeof *fs->working);
    if (!fs->size || !fs->cls || !fs->working) goto oom;

    /* classes in a seeded random order, so every directory mixes sizes */
    uint64_t k = 0;
    for (uint32_t c = 0; c < fs->nclasses; c++)
        for (uint64_t j = 0; j < cnt[c]; j++)
            fs->cls[k++] = (uint8_t)c;
    sfs_rng r;
    sfs_rng_seed(&r, sfs_hash3(seed, proc, 0xF11E5));
    for (uint64_t i = n - 1; i > 0; i--) {
        uint64_t j = sfs_rng_below(&r, i + 1);
        uint8_t t = fs->cls[i]; fs->cls[i] = fs->cls[j]; fs->cls[j] = t;
    }
    for (uint64_t i = 0; i < n; i++) {
        fs->size[i] = fs->class_size[fs->cls[i]];
        fs->total_bytes += fs->size[i];
    }

    /* the working set is the first wcnt[c] files of each class in the
     * shuffled order, stored grouped by class (wstart) for sfs_fs_pick_fit */
    fs->wstart[0] = 0;
    for (uint32_t c = 0; c < fs->nclasses; c++)
        fs->wstart[c + 1] = fs->wstart[c] + (uint32_t)wcnt[c];
    for (uint64_t i = 0; i < n; i++) {
        int c = fs->cls[i];
        if (fs->class_working[c] < wcnt[c])
            fs->working[fs->wstart[c] + fs->class_working[c]++] = (uint32_t)i;
    }
    fs->nworking = (uint32_t)wn;
    for (uint32_t c = 0; c < fs->nclasses; c++) fs->class_files[c] = (uint32_t)cnt[c];
    for (uint32_t i = 0; i < fs->nworking; i++)
        fs->working_bytes += fs->size[fs->working[i]];

    /* churn pool for create/remove & co: a tenth of the files, half present */
    fs->nchurn = fs->nfiles / 10 < 20 ? 20 : fs->nfiles / 10;
    fs->nchurn_dirs = (fs->nchurn + fs->dir_count - 1) / fs->dir_count;
    fs->churn_live = xcalloc(fs->nchurn, sizeof(uint32_t));
    fs->churn_free = xcalloc(fs->nchurn, sizeof(uint32_t));
    if (!fs->churn_live || !fs->churn_free) goto oom;
    for (uint32_t s = 0; s < fs->nchurn; s++) {
        if (s < fs->nchurn / 2) fs->churn_live[fs->nlive++] = s;
        else fs->churn_free[fs->nfree++] = s;
    }
    fs->nsymlinks = (uint32_t)cfg->symlink_count;
    fs->init_total = fs->ndirs + fs->nchurn_dirs + 1 + fs->nfiles + fs->nchurn + fs->nsymlinks;
    return 0;
oom:
    sfs_fileset_free(fs);
    snprintf(err, errlen, "out of memory for a file set of %llu files", (unsigned long long)n);
    return -1;
}

void sfs_fileset_free(struct sfs_fileset *fs)
{
    free(fs->size);
    free(fs->cls);
    free(fs->working);
    free(fs->churn_live);
    free(fs->churn_free);
    memset(fs, 0, sizeof *fs);
}

/* --- names --- */

/* names are formatted by hand: they are built for every op, and snprintf
 * showed up in profiles of unpaced runs */
static char *put_name(char *p, char prefix, uint32_t v, int width)
{
    char digits[10];
    int n = 0;
    do { digits[n++] = (char)('0' + v % 10); v /= 10; } while (v);
    *p++ = prefix;
    for (int i = n; i < width; i++) *p++ = '0';
    while (n) *p++ = digits[--n];
    *p = '\0';
    return p;
}

static void join(char *path, const char *dir, const char *name)
{
    size_t d = strlen(dir), n = strlen(name);
    memcpy(path, dir, d);
    path[d] = '/';
    memcpy(path + d + 1, name, n + 1);
}

void sfs_fs_dir(uint32_t d, char *buf)
{
    put_name(buf, 'd', d, 5);
}

void sfs_fs_file(const struct sfs_fileset *fs, uint32_t i, char *dir, char *name, char *path)
{
    char *p = put_name(path, 'd', i / fs->dir_count, 5);
    memcpy(dir, path, (size_t)(p - path) + 1);
    *p++ = '/';
    put_name(p, 'f', i, 7);
    memcpy(name, p, strlen(p) + 1);
}

void sfs_fs_missing(const struct sfs_fileset *fs, uint32_t d, uint32_t n,
                    char *dir, char *name, char *path)
{
    (void)fs;
    sfs_fs_dir(d, dir);
    put_name(name, 'x', n, 7);
    join(path, dir, name);
}

void sfs_fs_churn(const struct sfs_fileset *fs, uint32_t slot, char *dir, char *name, char *path)
{
    put_name(dir, 'c', slot / fs->dir_count, 5);
    put_name(name, 'c', slot, 7);
    join(path, dir, name);
}

void sfs_fs_symlink(uint32_t k, char *dir, char *name, char *path)
{
    snprintf(dir, SFS_FS_PATH, "links");
    snprintf(name, SFS_FS_PATH, "l%05u", k);
    join(path, dir, name);
}

void sfs_fs_symlink_target(const struct sfs_fileset *fs, uint32_t k, char *buf)
{
    char d[SFS_FS_PATH], n[SFS_FS_PATH], p[SFS_FS_PATH];
    sfs_fs_file(fs, fs->working[k % fs->nworking], d, n, p);
    snprintf(buf, SFS_FS_PATH, "../%.58s", p);
}

/* --- picks --- */

uint32_t sfs_fs_pick_working(const struct sfs_fileset *fs, sfs_rng *r)
{
    return fs->working[sfs_rng_below(r, fs->nworking)];
}

uint32_t sfs_fs_pick_fit(const struct sfs_fileset *fs, sfs_rng *r, uint64_t len)
{
    uint32_t c = 0;
    while (c < fs->nclasses && fs->class_size[c] < len) c++;
    if (fs->wstart[c] == fs->nworking) {    /* none big enough: the largest there are */
        c = fs->nclasses - 1;
        while (c > 0 && fs->wstart[c] == fs->wstart[c + 1]) c--;
    }
    uint32_t lo = fs->wstart[c];
    return fs->working[lo + sfs_rng_below(r, fs->nworking - lo)];
}

uint32_t sfs_fs_pick_dir(const struct sfs_fileset *fs, sfs_rng *r)
{
    return (uint32_t)sfs_rng_below(r, fs->ndirs);
}

int64_t sfs_fs_churn_create(struct sfs_fileset *fs, sfs_rng *r)
{
    if (fs->nfree == 0) return -1;
    uint32_t i = (uint32_t)sfs_rng_below(r, fs->nfree), s = fs->churn_free[i];
    fs->churn_free[i] = fs->churn_free[--fs->nfree];
    fs->churn_live[fs->nlive++] = s;
    return s;
}

int64_t sfs_fs_churn_remove(struct sfs_fileset *fs, sfs_rng *r)
{
    if (fs->nlive == 0) return -1;
    uint32_t i = (uint32_t)sfs_rng_below(r, fs->nlive), s = fs->churn_live[i];
    fs->churn_live[i] = fs->churn_live[--fs->nlive];
    fs->churn_free[fs->nfree++] = s;
    return s;
}

/* --- shared write data: a fixed pseudo-random pattern (not compressible) --- */

static unsigned char pattern[SFS_WRITE_BUF];
static pthread_once_t pattern_once = PTHREAD_ONCE_INIT;

static void pattern_fill(void)
{
    sfs_rng r;
    sfs_rng_seed(&r, 0x5F5B);
    for (size_t i = 0; i < sizeof pattern; i += 8) {
        uint64_t v = sfs_rng_next(&r);
        memcpy(pattern + i, &v, 8);
    }
}

const void *sfs_write_pattern(void)
{
    pthread_once(&pattern_once, pattern_fill);
    return pattern;
}

/* --- INIT sequence --- */

enum { ST_DATA_DIRS, ST_CHURN_DIRS, ST_LINKS_DIR, ST_FILES, ST_CHURN, ST_SYMLINKS, ST_DONE };

#define INIT_CHUNK (256u * 1024u)

static void req_clear(sfs_req *req)
{
    memset(req, 0, sizeof *req);
    req->path = req->dir = req->name = req->path2 = "";
}

int sfs_fileset_next_init(struct sfs_fileset *fs, sfs_req *req)
{
    req_clear(req);
    for (;;) {
        switch (fs->init_stage) {
        case ST_DATA_DIRS:
        case ST_CHURN_DIRS: {
            uint32_t n = fs->init_stage == ST_DATA_DIRS ? fs->ndirs : fs->nchurn_dirs;
            if (fs->init_idx >= n) { fs->init_stage++; fs->init_idx = 0; continue; }
            if (fs->init_stage == ST_DATA_DIRS) sfs_fs_dir(fs->init_idx, fs->p1);
            else snprintf(fs->p1, SFS_FS_PATH, "c%05u", fs->init_idx);
            fs->init_idx++;
            req->op = SFS_OP_MKDIR;
            req->dir = ""; req->name = fs->p1; req->path = fs->p1;
            req->mode = 0755; req->expect_status = -EEXIST; req->objects = 1;
            return 1;
        }
        case ST_LINKS_DIR:
            fs->init_stage++;
            snprintf(fs->p1, SFS_FS_PATH, "links");
            req->op = SFS_OP_MKDIR;
            req->dir = ""; req->name = fs->p1; req->path = fs->p1;
            req->mode = 0755; req->expect_status = -EEXIST; req->objects = 1;
            return 1;
        case ST_FILES: {
            /* per file: remove a leftover, create, write in 256 KiB chunks */
            if (fs->init_idx >= fs->nfiles) { fs->init_stage++; fs->init_idx = 0; continue; }
            uint32_t i = fs->init_idx;
            sfs_fs_file(fs, i, fs->p1, fs->p2, fs->p3);
            req->dir = fs->p1; req->name = fs->p2; req->path = fs->p3;
            if (fs->init_step == 0) {
                req->op = SFS_OP_REMOVE; req->expect_status = -ENOENT;
                fs->init_step = 1;
            } else if (fs->init_step == 1) {
                req->op = SFS_OP_CREATE; req->mode = 0644;
                fs->init_step = 2; fs->init_off = 0;
                if (fs->size[i] == 0) { req->objects = 1; fs->init_step = 0; fs->init_idx++; }
            } else {
                uint64_t left = fs->size[i] - fs->init_off;
                uint64_t len = left < INIT_CHUNK ? left : INIT_CHUNK;
                /* a file is written like a client writes one: unstable chunks (wrcache)
                 * and a write that commits at the end (nfs: one COMMIT per file) */
                req->op = SFS_OP_WRCACHE;
                req->offset = fs->init_off; req->length = len;
                fs->init_off += len;
                if (fs->init_off >= fs->size[i]) {
                    req->op = SFS_OP_WRITE;
                    req->objects = 1; fs->init_step = 0; fs->init_idx++;
                }
            }
            return 1;
        }
        case ST_CHURN: {
            /* every slot: remove a leftover; the first half: create empty */
            if (fs->init_idx >= fs->nchurn) { fs->init_stage++; fs->init_idx = 0; continue; }
            uint32_t s = fs->init_idx;
            int live = s < fs->nchurn / 2;
            sfs_fs_churn(fs, s, fs->p1, fs->p2, fs->p3);
            req->dir = fs->p1; req->name = fs->p2; req->path = fs->p3;
            if (fs->init_step == 0) {
                req->op = SFS_OP_REMOVE; req->expect_status = -ENOENT;
                if (live) fs->init_step = 1;
                else { req->objects = 1; fs->init_idx++; }
            } else {
                req->op = SFS_OP_CREATE; req->mode = 0644; req->objects = 1;
                fs->init_step = 0; fs->init_idx++;
            }
            return 1;
        }
        case ST_SYMLINKS: {
            if (fs->init_idx >= fs->nsymlinks) { fs->init_stage++; fs->init_idx = 0; continue; }
            uint32_t k = fs->init_idx;
            sfs_fs_symlink(k, fs->p1, fs->p2, fs->p3);
            req->dir = fs->p1; req->name = fs->p2; req->path = fs->p3;
            if (fs->init_step == 0) {
                req->op = SFS_OP_REMOVE; req->expect_status = -ENOENT; fs->init_step = 1;
            } else {
                sfs_fs_symlink_target(fs, k, fs->p4);
                req->op = SFS_OP_SYMLINK; req->path2 = fs->p4; req->objects = 1;
                fs->init_step = 0; fs->init_idx++;
            }
            return 1;
        }
        default:
            return 0;
        }
    }
}
