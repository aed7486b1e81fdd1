/* SFS NFS request generator (nfsgen.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "nfsgen.h"
#include "xfer_sizes.h"
#include "fileset.h"
#include "config.h"
#include "log.h"

#define LOOKUP_MISS_PCT 35  /* share of lookups of a name that does not exist */

struct nfsgen {
    const struct sfs_cfg *cfg;
    struct sfs_fileset *fs;
    int proc;
    sfs_rng rng;
    double pct[SFS_OP_COUNT];
    double cum[SFS_OP_COUNT];
    char dir[SFS_FS_PATH], name[SFS_FS_PATH], path[SFS_FS_PATH], path2[SFS_FS_PATH];
    char *mkdirs;          /* names of directories this proc made, SFS_FS_PATH each */
    uint32_t nmk, capmk, mk_seq;
    uint32_t mk_nonce;
    uint32_t setattr_n;
};

int sfs_nfsgen_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs,
                    const double mix[SFS_OP_COUNT], void **state, char *err, size_t errlen)
{
    double total = 0;
    for (int op = 0; op < SFS_OP_COUNT; op++) {
        if (mix[op] > 0 && op > SFS_OP_READDIRPLUS) {
            snprintf(err, errlen, "mix: op %s is not an NFS op (the NFS workloads take the 24 "
                     "mixfile ops null..readdirplus)", sfs_op_name(op));
            return -1;
        }
        total += mix[op];
    }
    if (total <= 0) {
        snprintf(err, errlen, "mix: no op has a share");
        return -1;
    }
    struct nfsgen *g = calloc(1, sizeof *g);
    if (!g) { snprintf(err, errlen, "out of memory"); return -1; }
    g->cfg = cfg;
    g->fs = fs;
    g->proc = cfg->proc_first + proc;
    sfs_rng_seed(&g->rng, sfs_hash3(cfg->seed, (uint64_t)g->proc, 0x0B5));
    double c = 0;
    for (int op = 0; op < SFS_OP_COUNT; op++) {
        g->pct[op] = mix[op] * 100.0 / total;
        c += g->pct[op];
        g->cum[op] = c;
    }
    /* directory names made by mkdir must not collide with an earlier run's */
    g->mk_nonce = (uint32_t)time(NULL) ^ ((uint32_t)getpid() << 8);
    *state = g;
    if (cfg->logger && proc == 0) {
        char line[1024];
        int n = 0;
        for (int op = 0; op < SFS_OP_COUNT; op++)
            if (g->pct[op] > 0 && n < (int)sizeof line - 40)
                n += snprintf(line + n, sizeof line - (size_t)n, " %s:%.2f", sfs_op_name(op), g->pct[op]);
        sfs_debug(cfg, SFS_DBG_CHILD_SETUP, g->proc, "mix%s", line);
    }
    return 0;
}

void sfs_nfsgen_close(void *state)
{
    struct nfsgen *g = state;
    free(g->mkdirs);
    free(g);
}

int sfs_nfsgen_next_init(void *state, sfs_req *req)
{
    struct nfsgen *g = state;
    return sfs_fileset_next_init(g->fs, req);
}

void sfs_nfsgen_target_mix(void *state, double pct[SFS_OP_COUNT])
{
    struct nfsgen *g = state;
    memcpy(pct, g->pct, sizeof g->pct);
}

/* offset of an in-file transfer: 4 KiB aligned (1 KiB for short files) */
static uint64_t pick_offset(struct nfsgen *g, uint64_t size, uint64_t len)
{
    if (size <= len)
        return 0;
    uint64_t align = len >= 4096 ? 4096 : 1024;
    uint64_t slots = (size - len) / align + 1;
    return sfs_rng_below(&g->rng, slots) * align;
}

/* a working-set file big enough for a transfer of len bytes */
static uint32_t fit(struct nfsgen *g, uint64_t len)
{
    uint32_t i = sfs_fs_pick_fit(g->fs, &g->rng, len);
    if (g->cfg->logger)
        sfs_debug(g->cfg, SFS_DBG_CHILD_FIT, g->proc, "fit %llu bytes -> file %u of %llu bytes",
                  (unsigned long long)len, i, (unsigned long long)g->fs->size[i]);
    return i;
}

static void set_file(struct nfsgen *g, sfs_req *req, uint32_t i)
{
    sfs_fs_file(g->fs, i, g->dir, g->name, g->path);
    req->dir = g->dir; req->name = g->name; req->path = g->path;
}

static void set_churn(struct nfsgen *g, sfs_req *req, uint32_t slot)
{
    sfs_fs_churn(g->fs, slot, g->dir, g->name, g->path);
    req->dir = g->dir; req->name = g->name; req->path = g->path;
}

static int choose_op(struct nfsgen *g)
{
    double u = sfs_rng_unit(&g->rng) * 100.0;
    int last = 0;
    for (int op = 0; op < SFS_OP_COUNT; op++) {
        if (g->pct[op] <= 0) continue;
        last = op;
        if (u < g->cum[op]) return op;
    }
    return last;
}

void sfs_nfsgen_next(void *state, sfs_req *req)
{
    struct nfsgen *g = state;
    struct sfs_fileset *fs = g->fs;
    memset(req, 0, sizeof *req);
    req->path = req->dir = req->name = req->path2 = "";
    int op = choose_op(g);

    /* keep sequences valid: an op whose object does not exist becomes its
     * counterpart (rare: the pools start half full and drift slowly) */
    if ((op == SFS_OP_REMOVE || op == SFS_OP_RENAME) && fs->nlive == 0) op = SFS_OP_CREATE;
    if ((op == SFS_OP_CREATE || op == SFS_OP_LINK || op == SFS_OP_SYMLINK ||
         op == SFS_OP_MKNOD || op == SFS_OP_RENAME) && fs->nfree == 0) op = SFS_OP_REMOVE;
    if (op == SFS_OP_RMDIR && g->nmk == 0) op = SFS_OP_MKDIR;
    req->op = op;

    switch (op) {
    case SFS_OP_NULL: case SFS_OP_ROOT: case SFS_OP_FSSTAT: case SFS_OP_FSINFO:
    case SFS_OP_PATHCONF:
        break;
    case SFS_OP_GETATTR: case SFS_OP_ACCESS:
        set_file(g, req, sfs_fs_pick_working(fs, &g->rng));
        break;
    case SFS_OP_SETATTR:
        set_file(g, req, sfs_fs_pick_working(fs, &g->rng));
        req->mode = (g->setattr_n++ & 1) ? 0644 : 0664;
        break;
    case SFS_OP_LOOKUP:
        if (sfs_rng_below(&g->rng, 100) < LOOKUP_MISS_PCT) {
            sfs_fs_missing(fs, sfs_fs_pick_dir(fs, &g->rng),
                           (uint32_t)sfs_rng_below(&g->rng, 10000000), g->dir, g->name, g->path);
            req->dir = g->dir; req->name = g->name; req->path = g->path;
            req->expect_status = -ENOENT;
        } else {
            set_file(g, req, sfs_fs_pick_working(fs, &g->rng));
        }
        break;
    case SFS_OP_READLINK:
        if (fs->nsymlinks == 0) { /* no symlinks configured: read a file's attributes */
            req->op = SFS_OP_GETATTR;
            set_file(g, req, sfs_fs_pick_working(fs, &g->rng));
        } else {
            sfs_fs_symlink((uint32_t)sfs_rng_below(&g->rng, fs->nsymlinks), g->dir, g->name, g->path);
            req->dir = g->dir; req->name = g->name; req->path = g->path;
        }
        break;
    case SFS_OP_READ: {
        uint64_t len = sfs_xfer_pick(sfs_read_xfer, g->cfg->xfer_size, &g->rng);
        uint32_t i = fit(g, len);
        set_file(g, req, i);
        if (len > fs->size[i]) len = fs->size[i];
        req->length = len;
        req->offset = pick_offset(g, fs->size[i], len);
        break;
    }
    case SFS_OP_WRITE: case SFS_OP_WRCACHE: {
        uint64_t len = sfs_xfer_pick(sfs_write_xfer, g->cfg->xfer_size, &g->rng);
        if (op == SFS_OP_WRITE && sfs_rng_below(&g->rng, 100) < (uint64_t)g->cfg->append_pcnt) {
            uint32_t i = sfs_fs_pick_working(fs, &g->rng);
            set_file(g, req, i);
            req->append = 1;
            req->offset = fs->size[i];
            fs->size[i] += len;
        } else {
            uint32_t i = fit(g, len);
            set_file(g, req, i);
            if (len > fs->size[i]) len = fs->size[i];
            req->offset = pick_offset(g, fs->size[i], len);
        }
        req->length = len;
        break;
    }
    case SFS_OP_COMMIT:
        set_file(g, req, sfs_fs_pick_working(fs, &g->rng));
        break;
    case SFS_OP_CREATE: case SFS_OP_MKNOD:
        set_churn(g, req, (uint32_t)sfs_fs_churn_create(fs, &g->rng));
        req->mode = 0644;
        break;
    case SFS_OP_REMOVE:
        set_churn(g, req, (uint32_t)sfs_fs_churn_remove(fs, &g->rng));
        break;
    case SFS_OP_RENAME: {
        uint32_t from = (uint32_t)sfs_fs_churn_remove(fs, &g->rng);
        uint32_t to = (uint32_t)sfs_fs_churn_create(fs, &g->rng);
        char d[SFS_FS_PATH], n[SFS_FS_PATH];
        sfs_fs_churn(fs, from, d, n, g->path);
        sfs_fs_churn(fs, to, g->dir, g->name, g->path2);
        req->path = g->path; req->path2 = g->path2; req->dir = g->dir; req->name = g->name;
        break;
    }
    case SFS_OP_LINK: {
        uint32_t to = (uint32_t)sfs_fs_churn_create(fs, &g->rng);
        set_churn(g, req, to);
        memcpy(g->path2, g->path, SFS_FS_PATH);
        char d[SFS_FS_PATH], n[SFS_FS_PATH];
        sfs_fs_file(fs, sfs_fs_pick_working(fs, &g->rng), d, n, g->path);
        req->path = g->path; req->path2 = g->path2;
        break;
    }
    case SFS_OP_SYMLINK: {
        uint32_t to = (uint32_t)sfs_fs_churn_create(fs, &g->rng);
        set_churn(g, req, to);
        char d[SFS_FS_PATH], n[SFS_FS_PATH], p[SFS_FS_PATH];
        sfs_fs_file(fs, sfs_fs_pick_working(fs, &g->rng), d, n, p);
        snprintf(g->path2, SFS_FS_PATH, "../%.58s", p);
        req->path2 = g->path2;
        break;
    }
    case SFS_OP_MKDIR:
        snprintf(g->name, SFS_FS_PATH, "m%08x_%06u", g->mk_nonce, g->mk_seq++);
        snprintf(g->path, SFS_FS_PATH, "%s", g->name);
        req->dir = ""; req->name = g->name; req->path = g->path;
        req->mode = 0755;
        break;
    case SFS_OP_RMDIR:
        g->nmk--;
        memcpy(g->name, g->mkdirs + (size_t)g->nmk * SFS_FS_PATH, SFS_FS_PATH);
        memcpy(g->path, g->name, SFS_FS_PATH);
        req->dir = ""; req->name = g->name; req->path = g->path;
        break;
    case SFS_OP_READDIR: case SFS_OP_READDIRPLUS:
        sfs_fs_dir(sfs_fs_pick_dir(fs, &g->rng), g->path);
        req->path = g->path;
        break;
    default:
        break;
    }
    if (g->cfg->logger && req->path[0])
        sfs_debug(g->cfg, SFS_DBG_CHILD_FILES, g->proc, "%s %s%s%s", sfs_op_name(req->op), req->path,
                  req->path2[0] ? " -> " : "", req->path2);
}

void sfs_nfsgen_completed(void *state, sfs_req *req)
{
    struct nfsgen *g = state;
    if (req->op == SFS_OP_MKDIR && req->status == 0) {
        if (g->nmk == g->capmk) {
            uint32_t cap = g->capmk ? g->capmk * 2 : 64;
            char *m = realloc(g->mkdirs, (size_t)cap * SFS_FS_PATH);
            if (!m) return; /* the dir stays behind; rmdir uses the others */
            g->mkdirs = m;
            g->capmk = cap;
        }
        memcpy(g->mkdirs + (size_t)g->nmk * SFS_FS_PATH, req->name, SFS_FS_PATH);
        g->nmk++;
    }
}
