/* Counters of one engine thread, merged into the layout of sfsengine.h:
 * written only by their thread (relaxed atomic stores, no read-modify-write
 * needed), read concurrently by sfs_engine_sample (relaxed atomic loads).
 * Sparse: an op's words and each piece of its histogram are allocated when
 * first counted (and published with a release store), so a thread that runs
 * a few ops at a few latencies holds a few KiB, not the 323 KiB of the full
 * layout; a sync backend has one such thread per proc (docs/engine.md). */
#ifndef SFS_COUNTERS_H
#define SFS_COUNTERS_H

#include <stdint.h>
#include "sfsengine.h"
#include "backend.h"

#define SFS_HIST_PIECE  32                                /* buckets per piece */
#define SFS_HIST_PIECES (SFS_HIST_BUCKETS / SFS_HIST_PIECE)

struct sfs_op_counts {
    uint64_t w[SFS_O_HIST];                    /* the op block's words before its histogram */
    uint64_t *hist[SFS_HIST_PIECES];           /* SFS_HIST_PIECE buckets each, or NULL */
};

struct sfs_counters {
    struct sfs_op_counts *op[SFS_OPS_MAX];     /* NULL until the op is first counted */
    uint64_t err_key[SFS_ERR_SLOTS];
    uint64_t err_cnt[SFS_ERR_SLOTS];
    uint64_t nerr;                 /* slots in use */
    uint64_t *lag[SFS_HIST_PIECES];            /* SFS_L_HIST's pieces, or NULL */
    uint64_t lag_max;                          /* SFS_L_MAX */
};

/* histogram bucket of a latency in microseconds (sfsengine.h) */
int      sfs_hist_bucket(uint64_t us);
/* lower bound of bucket i, microseconds */
uint64_t sfs_hist_lower(int i);

/* empty counters; NULL when out of memory */
struct sfs_counters *sfs_counters_new(void);
void sfs_counters_free(struct sfs_counters *c);
/* zero (min fields to UINT64_MAX), keeping what is allocated; no thread may
 * be writing c */
void sfs_counters_reset(struct sfs_counters *c);
/* account one completed logical op; failed: 1 if it counts as an error;
 * end_ns: the end of the phase's window (0 = none): an op completing after
 * it is also counted in SFS_O_AFTER_END.  0, or -1 when out of memory for a
 * new op or histogram piece (the op is then not counted). */
int  sfs_counters_record(struct sfs_counters *c, const sfs_req *req, int failed, uint64_t end_ns);
/* account one op the workload did not send (req->not_issued): error-table
 * status SFS_STATUS_NOT_ISSUED only */
void sfs_counters_not_issued(struct sfs_counters *c, int op);
/* add c into the op blocks and error table of a sample (out is owned by
 * the caller; c may be written concurrently) */
void sfs_counters_merge(uint64_t *out, const struct sfs_counters *c);
/* prepare a sample's op blocks/error table for merging (min = UINT64_MAX) */
void sfs_sample_clear(uint64_t *out);

#endif
