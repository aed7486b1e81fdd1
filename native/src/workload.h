/* A workload: which request a proc issues next.
 *
 * The engine core owns pacing, timing and counters; the workload only
 * fills in requests over a file set it built (fileset.h).  Adding a
 * workload = one .c file + one entry in the table in workload.c.
 */
#ifndef SFS_WORKLOAD_H
#define SFS_WORKLOAD_H

#include "backend.h"

struct sfs_cfg;
struct sfs_fileset;

typedef struct sfs_workload {
    const char *name;       /* "sfs2008-nfs", "sfs2008-cifs", "mixfile" */
    /* Create per-proc state (mix, RNG seeded from cfg seed + global proc id). */
    int  (*open)(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs,
                 void **state, char *err, size_t errlen);
    /* INIT: return the next request that builds the file set, or 0 when done. */
    int  (*next_init)(void *state, sfs_req *req);
    /* Load: fill the next request to issue. */
    void (*next)(void *state, sfs_req *req);
    /* Completion feedback (stateful sequences: open succeeded, file created...). */
    void (*completed)(void *state, sfs_req *req);
    /* Share of each op in the target mix, in percent (for reports). */
    void (*target_mix)(void *state, double pct[SFS_OP_COUNT]);
    void (*close)(void *state);
} sfs_workload;

const sfs_workload *sfs_workload_find(const char *name);

#endif
