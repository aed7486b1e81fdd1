/* Engine internals shared by engine.c (API, phases, samples) and engine_run.c
 * (the proc loops).  Not part of the public API. */
#ifndef SFS_ENGINE_INTERNAL_H
#define SFS_ENGINE_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include "sfsengine.h"
#include "backend.h"
#include "workload.h"
#include "config.h"
#include "fileset.h"
#include "counters.h"
#include "cpu.h"
#include "rng.h"
#include "datagen.h"
#include "evloop.h"
#include "outage.h"

#define LOAD_RELAXED(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define STORE_RELAXED(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

struct sfs_worker;

struct sfs_proc {
    sfs_engine *e;
    int local, global;
    const char *target;
    char root[300];               /* root/pNNNN relative to the target */
    void *bctx;
    void *wstate;
    struct sfs_fileset fs;
    sfs_req *reqs;                /* [depth] request slots */
    int depth;                    /* requests in flight at most (outstanding_ios, >= 1) */
    int slots;                    /* reqs allocated: the largest depth a step may set */
    int *free_slots;              /* indexes of idle reqs, nfree of them */
    int nfree;
    int busy;                     /* requests outstanding (atomic: sample reads it) */
    int finished;                 /* no more requests in this phase */
    int exhausted;                /* ... because its workload had none left (SFS_WL_NO_MORE) */
    uint64_t next_ns;             /* intended start of the next op */
    double interval_ns;           /* 1e9 / rate, 0 = unpaced */
    sfs_rng prng;                 /* pacing randomness (phase, poisson) */
    struct sfs_datagen data;      /* what its writes carry (a buffer per slot) */
    uint64_t init_objects;        /* objects created (INIT progress) */
    int behind;                   /* > 1 s behind schedule */
    struct sfs_worker *w;
    int wi;                       /* index among its worker's procs (event loop item) */
    int pending;                  /* async: in w->pend, to be looked at next round */
    /* DEBUG 6 checkpoints */
    uint64_t xp_t, xp_ops;
} __attribute__((aligned(64)));   /* procs written by different threads share no cache line */

struct sfs_worker {
    sfs_engine *e;
    pthread_t tid;
    int started;
    struct sfs_proc **procs;
    int nprocs;
    struct sfs_counters *cnt[2];  /* by generation parity */
    /* async (engine_run.c, run_async): the thread's event loop, its timers
     * (id 2*wi: proc wi's next start, 2*wi+1: its backend's timeouts), the
     * procs whose state changed since they were last looked at */
    struct sfs_evloop *evl;
    struct sfs_timers tm;
    int *pend, npend;
    int *ready;
    int nbusy;                    /* requests in flight on this thread */
    int live;                     /* procs not finished in this phase */
} __attribute__((aligned(64)));   /* nbusy changes every op: no line shared with another thread's worker */

struct sfs_engine {
    struct sfs_cfg cfg;
    const sfs_backend *be;
    const sfs_workload *wl;
    struct sfs_proc *procs;
    int nprocs;
    int load_procs;               /* procs 0..load_procs-1 generate load (atomic; sfs_engine_step) */
    struct sfs_worker *workers;
    int nworkers;
    int async;                    /* the backend is asynchronous with this cfg */
    int queued;                   /* a sync backend runs in queued mode (run_async) */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int phase;                    /* SFS_PHASE_* (atomic) */
    uint64_t phase_start_ns;      /* atomic */
    uint64_t end_ns;              /* RUN end / INIT deadline, 0 = none (atomic) */
    double phase_secs;
    unsigned gen;                 /* counter generation (atomic, release) */
    uint64_t gen_start_ns[2];     /* start of generation g at [g & 1], set before g is published */
    struct sfs_cpu_snap cpu_start[2]; /* CPU at the start of generation g at [g & 1], likewise */
    struct sfs_cpu_snap cpu_end;  /* CPU when the last proc of generation cpu_end_gen ended */
    unsigned cpu_end_gen;         /* 0 = none (atomic, release after cpu_end) */
    int stop;                     /* atomic */
    int active;                   /* worker threads running (lock) */
    uint64_t done_ns;             /* when the last worker of the phase ended, 0 = running (atomic) */
    int done_stopped;             /* ... and it ended because of stop/failure (atomic) */
    int done_exhausted;           /* ... or because every loading proc's workload had no more (atomic) */
    int failed;                   /* lock */
    struct sfs_outages *outages;  /* outage_max > 0: the phase's outages (cfg.outages) */
    int space_checked;            /* INIT found room on every target (space.c) */
    char err[1024];               /* lock */
};

/* The event loops of an async engine: how many (engine_loops.c), and the
 * placement of its procs on them into cfg.proc_loop/proc_slot before the
 * backends open.  0, or -1 when out of memory. */
int sfs_loop_count(const sfs_engine *e);
int sfs_place_procs(sfs_engine *e);
/* worker thread entry (engine_run.c) */
void *sfs_worker_main(void *arg);
/* record a failure (first message wins) and stop every proc */
void sfs_engine_fail(sfs_engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Counters an op completing now belongs to: the current generation's, or
 * the previous one's if the op was scheduled before the current phase began
 * (an op of WARMUP completing after RUN started stays in WARMUP, so RUN
 * counts exactly the ops intended within it). */
static inline struct sfs_counters *sfs_worker_counters(struct sfs_worker *w, uint64_t intended_ns)
{
    unsigned g = __atomic_load_n(&w->e->gen, __ATOMIC_ACQUIRE);
    if (intended_ns < w->e->gen_start_ns[g & 1])
        return w->cnt[(g - 1) & 1];
    return w->cnt[g & 1];
}

/* Free space of every target (FSSTAT through its first proc) against what
 * the procs' data will take (space.c); before INIT creates anything. */
int sfs_space_check(sfs_engine *e, char *msg, size_t len);

#endif
