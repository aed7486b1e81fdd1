/* The SFS NFS request generator shared by the sfs2008-nfs and mixfile
 * workloads: weighted random op choice over a mix (seeded RNG per proc),
 * requests over the proc's file set, valid sequences (create/remove/rename/
 * link/symlink/mknod over the churn pool, rmdir only of dirs it made). */
#ifndef SFS_NFSGEN_H
#define SFS_NFSGEN_H

#include "workload.h"

/* open with an explicit mix (percent per op; only ops 0..23 allowed) */
int  sfs_nfsgen_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs,
                     const double mix[SFS_OP_COUNT], void **state, char *err, size_t errlen);
int  sfs_nfsgen_next_init(void *state, sfs_req *req);
void sfs_nfsgen_next(void *state, sfs_req *req);
void sfs_nfsgen_completed(void *state, sfs_req *req);
void sfs_nfsgen_target_mix(void *state, double pct[SFS_OP_COUNT]);
void sfs_nfsgen_close(void *state);

#endif
