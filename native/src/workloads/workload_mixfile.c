/* mixfile: the SFS NFS generator with the op mix of an SFS MIXFILE VERSION 2
 * (the manager passes it as the 'mix' key); any of the 24 ops may appear. */
#include <stdio.h>
#include "nfsgen.h"
#include "xfer_sizes.h"
#include "config.h"

static int open_mixfile(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs,
                        void **state, char *err, size_t errlen)
{
    if (!cfg->mix_set) {
        snprintf(err, errlen, "workload=mixfile needs the key mix=op:pct,... (from MIXFILE)");
        return -1;
    }
    return sfs_nfsgen_open(cfg, proc, fs, cfg->mix, state, err, errlen);
}

static const sfs_workload mixfile = {
    .io_align = sfs_xfer_io_align,
    .name = "mixfile",
    .description = "the SFS NFS generator with the op mix of an SFS MIXFILE (key mix)",
    .flags = SFS_WORKLOAD_RC,
    .rules = SFS_RULES_SPECSFS2008,
    .ops = SFS_OPS_NFS,
    .open = open_mixfile,
    .next_init = sfs_nfsgen_next_init,
    .next = sfs_nfsgen_next,
    .completed = sfs_nfsgen_completed,
    .target_mix = sfs_nfsgen_target_mix,
    .close = sfs_nfsgen_close,
};
SFS_REGISTER_WORKLOAD(mixfile)
