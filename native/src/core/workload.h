/* A workload: which request a proc issues next.
 *
 * The engine builds the proc's file set (fileset.h) before calling open();
 * next_init() may simply delegate to sfs_fileset_next_init().
 *
 * The engine core owns pacing, timing and counters; the workload only
 * fills in requests over a file set it built (fileset.h).  Adding a
 * workload = one .c file ending with SFS_REGISTER_WORKLOAD(its_var).
 */
#ifndef SFS_WORKLOAD_H
#define SFS_WORKLOAD_H

#include "backend.h"
#include "sfsengine.h"     /* SFS_WORKLOAD_* flags */

struct sfs_cfg;
struct sfs_fileset;

/* intended(): no more requests in this phase */
#define SFS_WL_NO_MORE UINT64_MAX

typedef struct sfs_workload {
    const char *name;       /* "sfs2008-nfs", "sfs2008-cifs", "mixfile" */
    const char *description;
    int         flags;      /* SFS_WORKLOAD_* (sfsengine.h) */
    int         rules;      /* SFS_RULES_*: what judges its results */
    /* SFS_OP_BIT of every op it may issue, INIT included: it runs on a
     * backend that implements all of them (sfs_backend.ops). */
    uint64_t    ops;
    /* Optional (NULL = the mix comes from the 'mix' key): the standard
     * share of each op in percent, as the catalog publishes it. */
    void (*standard_mix)(double pct[SFS_OP_COUNT]);
    /* 1: the procs share one data set per client: every proc's root is
     * <root>/cNNNN (NNNN = proc_first); with own_files (dataset.h) */
    int client_dataset;
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
    /* Optional: the intended start (clock.h ns) of the next op, 0 = now;
     * the same value until next() is called.  For workloads that carry
     * their own schedule (loadfile timestamps, a target MB/s); used when
     * the engine's rate is 0.  Latency counts from this time.
     * SFS_WL_NO_MORE: the proc has nothing more to issue in this phase; when
     * every loading proc says so the phase ends there, and its time with it. */
    uint64_t (*intended)(void *state, uint64_t now_ns);
    /* Optional: did the completed request meet the workload's expectation
     * (1) or is it an error (0)?  Replaces the engine's status rule. */
    int  (*judge)(void *state, const sfs_req *req);
    /* 1: the workload lays out its own files: no SFS file set is built and
     * every proc's root is the engine's root (the workload keeps procs
     * apart, e.g. clients/clientN). */
    int  own_namespace;
    /* 1: the workload makes its own files in next_init, under its proc's
     * root like any workload (filling in the file set's init_total and
     * total_bytes for progress); the engine builds no SFS file set. */
    int  own_files;
    /* 1: a proc's target may be an existing file or block device instead
     * of a folder; the workload tests it in place (the posix backend
     * accepts such a target, cfg->target_objects) */
    int  target_objects;
    /* Optional: a setting of sfs_engine_step between phases (keys the
     * engine core does not know; also the core's "rate", with apply 0
     * only, so a workload may refuse a rate).  apply 0: only check it, change nothing;
     * apply 1: apply it (called only after the check passed for every proc
     * and every key of the step, so it must not fail then).  0 ok, 1 not a
     * key of this workload, -1 refused with a message. */
    int  (*step)(void *state, const char *key, const char *value, int apply,
                 char *err, size_t errlen);
    /* Optional: bytes every offset and length of its data requests is a
     * multiple of under cfg (direct_io needs 512); NULL = byte offsets */
    uint32_t (*io_align)(const struct sfs_cfg *cfg);
} sfs_workload;

/* The alignment 'v' keeps (its lowest set bit), at most 'cur'; v = 0
 * constrains nothing.  For io_align: the min over every size and offset step. */
static inline uint32_t sfs_align_min(uint32_t cur, uint64_t v)
{
    if (v == 0) return cur;
    uint64_t low = v & (~v + 1);
    return low < cur ? (uint32_t)low : cur;
}

void sfs_workload_register(const sfs_workload *w);
const sfs_workload *sfs_workload_find(const char *name);
/* Space-separated names of the registered workloads (static buffer). */
const char *sfs_workload_names(void);
/* Registered workloads, sorted by name (i in 0..count-1). */
int sfs_workload_count(void);
const sfs_workload *sfs_workload_at(int i);
/* 1 if w issues only ops that b implements. */
int sfs_workload_runs_on(const sfs_workload *w, const sfs_backend *b);

#define SFS_REGISTER_WORKLOAD(var) \
    __attribute__((constructor)) static void sfs_register_workload_##var(void) \
    { sfs_workload_register(&(var)); }

#endif
