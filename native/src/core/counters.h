/* Counters of one engine thread in the layout of sfsengine.h: written only
 * by their thread (relaxed atomic stores, no read-modify-write needed),
 * read concurrently by sfs_engine_sample (relaxed atomic loads). */
#ifndef SFS_COUNTERS_H
#define SFS_COUNTERS_H

#include <stdint.h>
#include "sfsengine.h"
#include "backend.h"

struct sfs_counters {
    uint64_t op[SFS_OPS_MAX][SFS_O_WORDS];
    uint64_t err_key[SFS_ERR_SLOTS];
    uint64_t err_cnt[SFS_ERR_SLOTS];
    uint64_t nerr;                 /* slots in use */
};

/* histogram bucket of a latency in microseconds (sfsengine.h) */
int      sfs_hist_bucket(uint64_t us);
/* lower bound of bucket i, microseconds */
uint64_t sfs_hist_lower(int i);

/* zero (min fields to UINT64_MAX); no thread may be writing c */
void sfs_counters_reset(struct sfs_counters *c);
/* account one completed logical op; failed: 1 if it counts as an error */
void sfs_counters_record(struct sfs_counters *c, const sfs_req *req, int failed);
/* account one op the workload did not send (req->not_issued): error-table
 * status SFS_STATUS_NOT_ISSUED only */
void sfs_counters_not_issued(struct sfs_counters *c, int op);
/* add c into the op blocks and error table of a sample (out is owned by
 * the caller; c may be written concurrently) */
void sfs_counters_merge(uint64_t *out, const struct sfs_counters *c);
/* prepare a sample's op blocks/error table for merging (min = UINT64_MAX) */
void sfs_sample_clear(uint64_t *out);

#endif
