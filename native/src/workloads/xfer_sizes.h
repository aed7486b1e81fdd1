/* The logical transfer-size tables of the SFS NFS and CIFS workloads
 * (nfsgen.c, workload_cifs.c; docs/workloads.md), and the one way both pick
 * a size from them. */
#ifndef SFS_XFER_SIZES_H
#define SFS_XFER_SIZES_H

#include <stdint.h>
#include "rng.h"

typedef struct sfs_xfer_class { uint32_t bytes; double pct; } sfs_xfer_class;
#define SFS_XFER_CLASSES 8
extern const sfs_xfer_class sfs_read_xfer[SFS_XFER_CLASSES];
extern const sfs_xfer_class sfs_write_xfer[SFS_XFER_CLASSES];

/* One transfer size from table t: the configured xfer_size if it is set
 * (non-zero), else a class drawn with one sfs_rng_unit() of rng. */
uint32_t sfs_xfer_pick(const sfs_xfer_class *t, uint32_t xfer_size, sfs_rng *rng);

struct sfs_cfg;
/* io_align of the SFS workloads (NFS and CIFS): the file-size table, these
 * tables and the offsets they pick are whole KiB; xfer_size or file_size
 * may lower it */
uint32_t sfs_xfer_io_align(const struct sfs_cfg *cfg);

#endif
