/* The shared per-client data set of the top-speed workloads (dataset.h). */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include "dataset.h"
#include "config.h"
#include "fileset.h"

#define DS_INIT_CHUNK ((uint64_t)SFS_XFER_MAX)   /* largest write the pattern covers */

int sfs_dataset_open(struct sfs_dataset *ds, const struct sfs_cfg *cfg, int local,
                     uint32_t default_xfer, struct sfs_fileset *fs, char *err, size_t errlen)
{
    memset(ds, 0, sizeof *ds);
    if (cfg->working_set == 0) {
        snprintf(err, errlen, "working_set=<bytes per client> is required by workload=%s",
                 cfg->workload);
        return -1;
    }
    ds->local = local;
    ds->procs = cfg->procs;
    ds->nfiles = cfg->file_count ? cfg->file_count : (uint32_t)cfg->procs;
    ds->xfer = cfg->xfer_size ? cfg->xfer_size : default_xfer;
    ds->file_bytes = cfg->working_set / ds->nfiles;
    if (ds->file_bytes < ds->xfer) {
        snprintf(err, errlen, "working_set=%llu over %u files gives %llu bytes per file, less than "
                 "one transfer of %u bytes (raise working_set or lower file_count/xfer_size)",
                 (unsigned long long)cfg->working_set, ds->nfiles,
                 (unsigned long long)ds->file_bytes, ds->xfer);
        return -1;
    }
    ds->file_bytes -= ds->file_bytes % ds->xfer;   /* whole transfers per file */
    uint32_t mine = ds->nfiles / (uint32_t)ds->procs +
                    ((uint32_t)local < ds->nfiles % (uint32_t)ds->procs ? 1 : 0);
    fs->proc = cfg->proc_first + local;
    fs->total_bytes = (uint64_t)mine * ds->file_bytes;
    fs->init_total = mine;
    ds->init_file = (uint32_t)local;
    return 0;
}

/* "t%06u" by hand: this runs for every op of the load, snprintf was a
 * visible part of an op's client CPU (perf, 4 KiB reads from tmpfs) */
void sfs_dataset_file(struct sfs_dataset *ds, uint32_t i, sfs_req *req)
{
    char digits[10];
    int n = 0;
    do {
        digits[n++] = (char)('0' + i % 10);
        i /= 10;
    } while (i);
    char *o = ds->name;
    *o++ = 't';
    for (int pad = n; pad < 6; pad++)
        *o++ = '0';
    while (n)
        *o++ = digits[--n];
    *o = '\0';
    req->dir = "";
    req->name = ds->name;
    req->path = ds->name;
    req->path2 = "";
}

int sfs_dataset_next_init(struct sfs_dataset *ds, sfs_req *req)
{
    if (ds->init_file >= ds->nfiles)
        return 0;
    memset(req, 0, sizeof *req);
    sfs_dataset_file(ds, ds->init_file, req);
    switch (ds->init_step) {
    case 0:
        req->op = SFS_OP_REMOVE;
        req->expect_status = -ENOENT;
        ds->init_step = 1;
        return 1;
    case 1:
        req->op = SFS_OP_CREATE;
        req->mode = 0644;
        ds->init_step = 2;
        ds->init_off = 0;
        return 1;
    default: {
        uint64_t left = ds->file_bytes - ds->init_off;
        /* written like a client writes a file: unstable chunks (wrcache) and
         * a write that commits at the end (nfs: one COMMIT per file) */
        req->op = SFS_OP_WRCACHE;
        req->offset = ds->init_off;
        req->length = left < DS_INIT_CHUNK ? left : DS_INIT_CHUNK;
        ds->init_off += req->length;
        if (ds->init_off >= ds->file_bytes) {
            req->op = SFS_OP_WRITE;
            req->objects = 1;
            ds->init_step = 0;
            ds->init_file += (uint32_t)ds->procs;
        }
        return 1;
    }
    }
}
