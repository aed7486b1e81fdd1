/* sfs2008-cifs: the SPECsfs2008 CIFS op mix (guide 2.2.2) as valid stateful
 * sequences from the Markov model in cifs_model.c, over the shared file set.
 * One handle slot (0) per proc: NT_CREATE_ANDX opens a working-set file,
 * handle ops use it, CLOSE closes it.  Ops the backend cannot issue
 * (sfs_backend.op_unavailable) are walked by the model but not sent, so
 * the sequences stay valid and the issued mix is the table without them,
 * renormalised (docs/smb.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "workload.h"
#include "cifs_model.h"
#include "fileset.h"
#include "xfer_sizes.h"
#include "config.h"
#include "log.h"

#define CIFS_SLOT 0
#define LOCK_BYTES 4096u

struct cifs_wl {
    const struct sfs_cfg *cfg;
    struct sfs_fileset *fs;
    int proc;
    sfs_rng rng;
    cifs_model model;
    int state;                    /* model state = index of the last op */
    int skip[CIFS_NOPS];          /* 1: backend cannot issue this op */
    double pct[SFS_OP_COUNT];     /* issued target mix */
    uint32_t file;                /* file of the open handle */
    uint64_t cursor;              /* next sequential read offset in it */
    int locked;                   /* a byte range is locked on the handle */
    char dir[SFS_FS_PATH], name[SFS_FS_PATH], path[SFS_FS_PATH];
};

static int cifs_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs,
                     void **state, char *err, size_t errlen)
{
    if (cfg->mix_set) {
        snprintf(err, errlen, "mix: the sfs2008-cifs workload has the fixed mix of the guide's "
                 "CIFS table; remove the mix key (or use workload=mixfile for NFS ops)");
        return -1;
    }
    struct cifs_wl *w = calloc(1, sizeof *w);
    if (!w) { snprintf(err, errlen, "out of memory"); return -1; }
    w->cfg = cfg;
    w->fs = fs;
    w->proc = cfg->proc_first + proc;
    sfs_rng_seed(&w->rng, sfs_hash3(cfg->seed, (uint64_t)w->proc, 0xC1F5));
    cifs_model_init(&w->model);
    w->state = SFS_OP_CIFS_CLOSE - CIFS_OP0;   /* start without a handle */

    /* The CIFS mix touches no symlinks, and SMB through libsmbclient cannot
     * make them: the file set is built without its symlinks. */
    fs->init_total -= fs->nsymlinks;
    fs->nsymlinks = 0;

    const sfs_backend *be = sfs_backend_find(cfg->backend);
    double kept = 0;
    char skipped[512] = "";
    size_t sl = 0;
    const char *why = NULL;
    for (int i = 0; i < CIFS_NOPS; i++) {
        const char *r = be && be->op_unavailable ? be->op_unavailable(cfg, CIFS_OP0 + i) : NULL;
        w->skip[i] = r != NULL;
        if (r) {
            why = r;
            sl += (size_t)snprintf(skipped + sl, sizeof skipped - sl, "%s%s", sl ? ", " : "",
                                   sfs_op_name(CIFS_OP0 + i));
        } else {
            kept += cifs_table_pct[i];
        }
    }
    int s_create = SFS_OP_CIFS_NT_CREATE_ANDX - CIFS_OP0, s_close = SFS_OP_CIFS_CLOSE - CIFS_OP0;
    if (w->skip[s_create] || w->skip[s_close] || kept <= 0) {
        snprintf(err, errlen, "workload sfs2008-cifs: backend %s cannot open/close files (%s)",
                 cfg->backend, why ? why : "?");
        free(w);
        return -1;
    }
    for (int i = 0; i < CIFS_NOPS; i++)
        w->pct[CIFS_OP0 + i] = w->skip[i] ? 0 : cifs_table_pct[i] * 100.0 / kept;
    if (skipped[0] && cfg->logger && proc == 0)
        sfs_debug(cfg, SFS_DBG_CHILD_SETUP, w->proc, "sfs2008-cifs: not issued: %s (%s); "
                  "the other ops keep their relative shares", skipped, why);
    *state = w;
    return 0;
}

static void cifs_close(void *state)
{
    free(state);
}

static int cifs_next_init(void *state, sfs_req *req)
{
    struct cifs_wl *w = state;
    return sfs_fileset_next_init(w->fs, req);
}

static void cifs_target_mix(void *state, double pct[SFS_OP_COUNT])
{
    struct cifs_wl *w = state;
    memcpy(pct, w->pct, sizeof w->pct);
}

/* the file's size as built: SET_FILE_INFO restores it after appends */
static uint64_t nominal_size(const struct cifs_wl *w, uint32_t i)
{
    uint8_t c = w->fs->cls[i];
    return c < SFS_FS_CLASSES ? sfs_fs_size_table[c].bytes : w->cfg->file_size;
}

static void set_file(struct cifs_wl *w, sfs_req *req, uint32_t i)
{
    sfs_fs_file(w->fs, i, w->dir, w->name, w->path);
    req->dir = w->dir; req->name = w->name; req->path = w->path;
}

static void fill(struct cifs_wl *w, sfs_req *req, int op)
{
    struct sfs_fileset *fs = w->fs;
    /* a request slot is reused: nothing of its last op (a write's buffer,
     * whose size a later read would overrun; append; mode) carries over */
    memset(req, 0, sizeof *req);
    req->op = op;
    req->slot = CIFS_SLOT;
    req->path = req->dir = req->name = req->path2 = "";
    switch (op) {
    case SFS_OP_CIFS_NT_CREATE_ANDX:
        w->file = sfs_fs_pick_working(fs, &w->rng);
        w->cursor = 0;
        w->locked = 0;
        set_file(w, req, w->file);
        break;
    case SFS_OP_CIFS_READ_ANDX: {
        uint64_t size = fs->size[w->file], len = sfs_xfer_pick(sfs_read_xfer, w->cfg->xfer_size, &w->rng);
        if (len > size) len = size;
        if (w->cursor + len > size) w->cursor = 0;   /* sequential, wrapping */
        req->offset = w->cursor;
        req->length = len;
        w->cursor += len;
        set_file(w, req, w->file);
        break;
    }
    case SFS_OP_CIFS_WRITE_ANDX: {
        uint64_t size = fs->size[w->file], len = sfs_xfer_pick(sfs_write_xfer, w->cfg->xfer_size, &w->rng);
        if (sfs_rng_below(&w->rng, 100) < (uint64_t)w->cfg->append_pcnt) {
            req->append = 1;
            req->offset = size;
            fs->size[w->file] = size + len;
        } else {
            if (len > size) len = size;
            uint64_t align = len >= 4096 ? 4096 : 1024;
            req->offset = size > len ? sfs_rng_below(&w->rng, (size - len) / align + 1) * align : 0;
        }
        req->length = len;
        set_file(w, req, w->file);
        break;
    }
    case SFS_OP_CIFS_SET_FILE_INFO:
        req->length = nominal_size(w, w->file);
        fs->size[w->file] = req->length;
        set_file(w, req, w->file);
        break;
    case SFS_OP_CIFS_LOCKING_ANDX:
        req->offset = 0;
        req->length = LOCK_BYTES;
        req->mode = (uint32_t)w->locked;   /* alternate lock / unlock */
        w->locked = !w->locked;
        set_file(w, req, w->file);
        break;
    case SFS_OP_CIFS_CLOSE: case SFS_OP_CIFS_QUERY_FILE_INFO: case SFS_OP_CIFS_FLUSH:
    case SFS_OP_CIFS_QUERY_SECDESC:
        set_file(w, req, w->file);
        break;
    case SFS_OP_CIFS_QUERY_PATH_INFO:
        set_file(w, req, sfs_fs_pick_working(fs, &w->rng));
        break;
    case SFS_OP_CIFS_FIND_FIRST2:
        sfs_fs_dir(sfs_fs_pick_dir(fs, &w->rng), w->path);
        req->path = w->path;
        break;
    default:   /* ECHO, QUERY_FS_INFO: the proc root */
        break;
    }
}

static void cifs_next(void *state, sfs_req *req)
{
    struct cifs_wl *w = state;
    int s;
    do {   /* walk past ops the backend cannot issue: the sequence stays valid */
        s = cifs_model_step(&w->model, w->state, &w->rng);
        w->state = s;
    } while (w->skip[s]);
    fill(w, req, CIFS_OP0 + s);
}

static void cifs_completed(void *state, sfs_req *req)
{
    struct cifs_wl *w = state;
    /* a failed open leaves no handle: continue as after a CLOSE */
    if (req->op == SFS_OP_CIFS_NT_CREATE_ANDX && req->status != 0)
        w->state = SFS_OP_CIFS_CLOSE - CIFS_OP0;
}

/* the guide's CIFS table (2.2.2) */
static void cifs_standard_mix(double pct[SFS_OP_COUNT])
{
    memset(pct, 0, sizeof(double) * SFS_OP_COUNT);
    for (int i = 0; i < CIFS_NOPS; i++)
        pct[CIFS_OP0 + i] = cifs_table_pct[i];
}

static const sfs_workload sfs2008_cifs = {
    .io_align = sfs_xfer_io_align,   /* the same KiB tables and 1 KiB / 4 KiB offsets */
    .name = "sfs2008-cifs",
    .description = "SPECsfs2008 CIFS op mix as valid open/use/close sequences (guide 2.2.2)",
    .flags = SFS_WORKLOAD_RC,
    .rules = SFS_RULES_SPECSFS2008,
    /* its file set is built without symlinks (cifs_open) */
    .ops = SFS_OPS_CIFS | (SFS_FILESET_OPS & ~SFS_OP_BIT(SFS_OP_SYMLINK)),
    .standard_mix = cifs_standard_mix,
    .open = cifs_open,
    .next_init = cifs_next_init,
    .next = cifs_next,
    .completed = cifs_completed,
    .target_mix = cifs_target_mix,
    .close = cifs_close,
};
SFS_REGISTER_WORKLOAD(sfs2008_cifs)
