/* The data set of the top-speed workloads (randread, seqread, seqwrite):
 * one set of equal-sized files per client, shared by all of the client's
 * procs, so that its size (working_set bytes) is what the server must hold
 * however many procs are active.  The procs of an engine (= one client) all
 * work in the folder <root>/cNNNN (NNNN = proc_first), which the engine uses
 * as their proc root when the workload sets client_dataset.
 *
 *   tNNNNNN   file_count files (default: one per proc) of
 *             working_set / file_count bytes each
 *
 * INIT is split over the procs: proc i removes a leftover, creates and
 * writes the files i, i + procs, i + 2 procs, ... (1 MiB writes), so every
 * backend builds the set with its own protocol and all procs help. */
#ifndef SFS_DATASET_H
#define SFS_DATASET_H

#include <stdint.h>
#include <stddef.h>
#include "backend.h"

struct sfs_cfg;
struct sfs_fileset;

#define SFS_DS_NAME 16

struct sfs_dataset {
    uint32_t nfiles;       /* files in the client's set */
    uint64_t file_bytes;   /* size of each */
    uint32_t xfer;         /* transfer size of the load */
    int      local, procs; /* this proc among the engine's procs */
    /* INIT sequencer over this proc's share of the files */
    uint32_t init_file;
    int      init_step;    /* 0 remove, 1 create, 2 write */
    uint64_t init_off;
    char     name[SFS_DS_NAME];
};

/* Size the set from cfg (working_set, file_count, xfer_size with
 * default_xfer when 0) for engine-local proc 'local'; reports this proc's
 * share in fs->total_bytes and fs->init_total (progress and results).
 * 0, or -1 with a message naming the key. */
int  sfs_dataset_open(struct sfs_dataset *ds, const struct sfs_cfg *cfg, int local,
                      uint32_t default_xfer, struct sfs_fileset *fs, char *err, size_t errlen);
/* INIT: the next request that builds this proc's share; 0 when done. */
int  sfs_dataset_next_init(struct sfs_dataset *ds, sfs_req *req);
/* Point req at file i (name kept in ds). */
void sfs_dataset_file(struct sfs_dataset *ds, uint32_t i, sfs_req *req);

/* ops the data set's INIT issues (sfs_workload.ops of its users) */
#define SFS_DATASET_OPS (SFS_OP_BIT(SFS_OP_CREATE) | SFS_OP_BIT(SFS_OP_REMOVE) | SFS_OP_BIT(SFS_OP_WRCACHE) | SFS_OP_BIT(SFS_OP_WRITE))

#endif
