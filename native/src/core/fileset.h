/* The file set of one proc, shared by every workload (sfs2008-nfs, mixfile,
 * sfs2008-cifs, ...).  Built deterministically from the config (seed, global
 * proc index, rate) before the workload is opened; INIT then creates it on
 * the target through ordinary requests (sfs_fileset_next_init), so each
 * backend builds it with its own protocol.
 *
 * Layout under the proc root (all names fixed-width, see docs/workloads.md):
 *   dDDDD/fNNNNNN   data files, dir_count per directory; sizes from the
 *                   size table (or file_size); a working set of access_pcnt
 *                   percent of them (per size class) is what reads/writes use
 *   dDDDD/xNNNNNN   never created: names for lookups that must fail
 *   cDDDD/cNNNNNN   churn slots for create/remove/rename/link/symlink/mknod;
 *                   half of them exist after INIT (empty files)
 *   links/lNNNN     symlink_count symlinks to data files ("../dDDDD/fNNNNNN")
 *
 * Sizing: bytes = rate (fileset_rate if rate=0) x fileset_mb_per_op MiB x
 * fileset_scale, built within SFS_FS_TOLERANCE below that.  Every proc's
 * file set and working set have the same shape scaled by its own rate
 * (classes larger than a small proc's target are left out, their bytes go
 * to smaller files), so how the load is split over procs and clients does
 * not change the total working set (the SFS 2.0 defect).
 *
 * Thread model: a file set belongs to one proc and is used by that proc's
 * thread only (sizes grow with appends).  Path buffers are the caller's. */
#ifndef SFS_FILESET_H
#define SFS_FILESET_H

#include <stdint.h>
#include <stddef.h>
#include "backend.h"
#include "rng.h"

struct sfs_cfg;

#define SFS_FS_CLASSES 13          /* size classes of the default table */
#define SFS_FS_PATH 64             /* longest path this module produces */
#define SFS_WRITE_BUF (1u << 20)   /* bytes of the shared write pattern */
/* ops sfs_fileset_next_init issues (sfs_workload.ops of its users) */
#define SFS_FILESET_OPS (SFS_OP_BIT(SFS_OP_MKDIR) | SFS_OP_BIT(SFS_OP_REMOVE) | \
                         SFS_OP_BIT(SFS_OP_CREATE) | SFS_OP_BIT(SFS_OP_WRCACHE) | \
                         SFS_OP_BIT(SFS_OP_WRITE) | SFS_OP_BIT(SFS_OP_SYMLINK))

typedef struct sfs_size_class { uint64_t bytes; double pct; } sfs_size_class;
/* Tolerance of the built size (docs/workloads.md, "Size"): a proc's file set
 * is at most its target bytes and short of them by less than this, one file
 * of the smallest class; a load point's total by less than this per proc. */
#define SFS_FS_TOLERANCE 1024u
/* the default size table (docs/workloads.md), SFS_FS_CLASSES entries;
 * its smallest class is SFS_FS_TOLERANCE bytes */
extern const sfs_size_class sfs_fs_size_table[SFS_FS_CLASSES];
/* mean file size of the table, bytes */
double sfs_fs_table_mean(void);

struct sfs_fileset {
    int      proc;                 /* global proc index */
    uint32_t dir_count;
    uint32_t nfiles, ndirs;        /* data files and their directories */
    uint64_t *size;                /* [nfiles] current size (appends grow it) */
    uint8_t  *cls;                 /* [nfiles] size class */
    uint32_t nclasses;             /* SFS_FS_CLASSES, or 1 with file_size */
    uint64_t class_size[SFS_FS_CLASSES];          /* bytes of each class */
    uint32_t nworking;
    uint32_t *working;             /* [nworking] working-set files, grouped by class */
    uint32_t wstart[SFS_FS_CLASSES + 1];          /* class c: working[wstart[c] .. wstart[c+1]) */
    uint64_t total_bytes, working_bytes;          /* as built */
    uint32_t class_files[SFS_FS_CLASSES], class_working[SFS_FS_CLASSES];
    uint32_t nchurn, nchurn_dirs;  /* churn pool */
    uint32_t *churn_live, nlive;   /* slots that exist */
    uint32_t *churn_free, nfree;   /* slots that do not */
    uint32_t nsymlinks;
    uint64_t init_total;           /* objects INIT creates (progress) */
    /* INIT sequencer */
    uint32_t init_stage, init_idx, init_step;
    uint64_t init_off;
    char     p1[SFS_FS_PATH], p2[SFS_FS_PATH], p3[SFS_FS_PATH], p4[SFS_FS_PATH];
};

/* Compute the file set of engine-local proc 'local' (global index
 * cfg->proc_first + local).  0, or -1 with a message. */
int  sfs_fileset_build(struct sfs_fileset *fs, const struct sfs_cfg *cfg, int local,
                       char *err, size_t errlen);
void sfs_fileset_free(struct sfs_fileset *fs);

/* INIT: fill the next request that builds the file set on the target;
 * returns 1, or 0 when the file set is complete.  Requests must be issued
 * in order, one at a time (strings live in fs).  Sets req->expect_status
 * for the steps that may find leftovers of an earlier run. */
int  sfs_fileset_next_init(struct sfs_fileset *fs, sfs_req *req);

/* names (buf >= SFS_FS_PATH) */
void sfs_fs_dir(uint32_t d, char *buf);                 /* "dDDDD" */
void sfs_fs_file(const struct sfs_fileset *fs, uint32_t i, char *dir, char *name, char *path);
void sfs_fs_missing(const struct sfs_fileset *fs, uint32_t d, uint32_t n,
                    char *dir, char *name, char *path); /* never exists */
void sfs_fs_churn(const struct sfs_fileset *fs, uint32_t slot, char *dir, char *name, char *path);
void sfs_fs_symlink(uint32_t k, char *dir, char *name, char *path);
void sfs_fs_symlink_target(const struct sfs_fileset *fs, uint32_t k, char *buf);

/* picks (uniform) */
uint32_t sfs_fs_pick_working(const struct sfs_fileset *fs, sfs_rng *r);
/* a working-set file of at least len bytes (uniform among those; if none is
 * that large, among the largest class present) */
uint32_t sfs_fs_pick_fit(const struct sfs_fileset *fs, sfs_rng *r, uint64_t len);
uint32_t sfs_fs_pick_dir(const struct sfs_fileset *fs, sfs_rng *r);
/* churn: take a free slot (marking it live) / a live one (marking it free);
 * -1 if none.  State changes at issue time: a failed create still leaves a
 * name that may exist, a failed remove one that does not. */
int64_t  sfs_fs_churn_create(struct sfs_fileset *fs, sfs_rng *r);
int64_t  sfs_fs_churn_remove(struct sfs_fileset *fs, sfs_rng *r);

/* bytes a proc's SFS file set is sized to (before whole files are chosen);
 * 0 when the configuration gives no rate to size it by */
double sfs_fileset_target_bytes(const struct sfs_cfg *cfg);

/* shared read-only data written by writes (SFS_WRITE_BUF bytes) */
const void *sfs_write_pattern(void);

#endif
