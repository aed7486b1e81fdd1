/* Transfer-size tables (xfer_sizes.h). */
#include "xfer_sizes.h"
#include "config.h"
#include "workload.h"

#define KB 1024u

/* Logical transfer sizes (<= 256 KiB).  Reads lean to 8-64 KiB (mean ~36
 * KiB), writes to smaller ones (mean ~24 KiB).  A read or overwrite picks a
 * working-set file at least as large as the transfer (SFS's "fit"), so the
 * transfer distribution holds; appends pick any working-set file. */
const sfs_xfer_class sfs_read_xfer[SFS_XFER_CLASSES] = {
    { 1 * KB, 0.0 }, { 4 * KB, 20.0 }, { 8 * KB, 25.0 }, { 16 * KB, 15.0 },
    { 32 * KB, 15.0 }, { 64 * KB, 15.0 }, { 128 * KB, 7.0 }, { 256 * KB, 3.0 },
};
const sfs_xfer_class sfs_write_xfer[SFS_XFER_CLASSES] = {
    { 1 * KB, 10.0 }, { 4 * KB, 20.0 }, { 8 * KB, 25.0 }, { 16 * KB, 15.0 },
    { 32 * KB, 15.0 }, { 64 * KB, 10.0 }, { 128 * KB, 4.0 }, { 256 * KB, 1.0 },
};

uint32_t sfs_xfer_pick(const sfs_xfer_class *t, uint32_t xfer_size, sfs_rng *rng)
{
    if (xfer_size)
        return xfer_size;
    double u = sfs_rng_unit(rng) * 100.0, c = 0;
    for (int i = 0; i < SFS_XFER_CLASSES; i++) {
        c += t[i].pct;
        if (u < c)
            return t[i].bytes;
    }
    return t[SFS_XFER_CLASSES - 1].bytes;
}

uint32_t sfs_xfer_io_align(const struct sfs_cfg *cfg)
{
    return sfs_align_min(sfs_align_min(KB, cfg->xfer_size), cfg->file_size);
}
