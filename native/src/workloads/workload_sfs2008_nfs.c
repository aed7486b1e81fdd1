/* sfs2008-nfs: the SPECsfs2008 NFSv3 op mix (guide 2.2.1); 'mix' overrides it. */
#include <string.h>
#include "nfsgen.h"
#include "xfer_sizes.h"
#include "config.h"

/* guide 2.2.1, READ/WRITE as logical ops */
static void sfs2008_nfs_mix(double pct[SFS_OP_COUNT])
{
    memset(pct, 0, sizeof(double) * SFS_OP_COUNT);
    pct[SFS_OP_LOOKUP] = 24; pct[SFS_OP_READ] = 18; pct[SFS_OP_WRITE] = 10;
    pct[SFS_OP_GETATTR] = 26; pct[SFS_OP_READLINK] = 1; pct[SFS_OP_READDIR] = 1;
    pct[SFS_OP_CREATE] = 1; pct[SFS_OP_REMOVE] = 1; pct[SFS_OP_FSSTAT] = 1;
    pct[SFS_OP_SETATTR] = 4; pct[SFS_OP_READDIRPLUS] = 2; pct[SFS_OP_ACCESS] = 11;
}

static int open_sfs2008(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs,
                        void **state, char *err, size_t errlen)
{
    double mix[SFS_OP_COUNT];
    if (cfg->mix_set)
        memcpy(mix, cfg->mix, sizeof mix);
    else
        sfs2008_nfs_mix(mix);
    return sfs_nfsgen_open(cfg, proc, fs, mix, state, err, errlen);
}

static const sfs_workload sfs2008_nfs = {
    .io_align = sfs_xfer_io_align,
    .name = "sfs2008-nfs",
    .description = "SPECsfs2008 NFSv3 op mix over the SFS file set (guide 2.2.1)",
    .flags = SFS_WORKLOAD_RC,
    .rules = SFS_RULES_SPECSFS2008,
    .ops = SFS_OPS_NFS,
    .standard_mix = sfs2008_nfs_mix,
    .open = open_sfs2008,
    .next_init = sfs_nfsgen_next_init,
    .next = sfs_nfsgen_next,
    .completed = sfs_nfsgen_completed,
    .target_mix = sfs_nfsgen_target_mix,
    .close = sfs_nfsgen_close,
};
SFS_REGISTER_WORKLOAD(sfs2008_nfs)
