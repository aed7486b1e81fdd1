/* Engine configuration: "key=value" lines, one per line, '#' comments.
 * The core keys are declared in config.c (sfs_core_keys); every other key
 * is an option of the chosen backend (sfs_backend.options) and lands in
 * that backend's own struct (backend_opts).  docs/engine.md lists both.
 * Shared read-only by the engine, backends and workloads once parsed. */
#ifndef SFS_CONFIG_H
#define SFS_CONFIG_H

#include <stdint.h>
#include <stddef.h>
#include "sfs_ops.h"

#define SFS_CFG_MAX_PROCS 10000
#define SFS_XFER_MAX (1 << 20)     /* largest xfer_size (= write pattern size) */
#define SFS_MAX_OUTSTANDING 256    /* outstanding_ios: requests in flight per proc */

struct sfs_logger;

struct sfs_cfg {
    char     backend[32];
    char     workload[64];
    int      procs;              /* procs in this engine */
    int      proc_first;         /* global index of proc 0 (names, seeds) */
    char   **target;             /* [procs]: posix path, nfs server:/export or nfs://, smb \\server\share */
    char     root[256];          /* benchmark folder under each target */
    double   rate;               /* ops/s per proc, 0 = unpaced */
    double   fileset_rate;       /* ops/s the file set is sized for when rate=0 */
    int      poisson;            /* arrival=poisson: exponential spacing */
    int      mix_set;            /* 1 if 'mix' was given */
    double   mix[SFS_OP_COUNT];  /* percent per op (mix key) */
    int      access_pcnt;
    double   fileset_mb_per_op;
    double   fileset_scale;
    int      dir_count;
    int      symlink_count;
    int      append_pcnt;
    int      data_compress_pct;  /* written data: zero share of every 4 KiB block */
    int      data_dedup_pct;     /* written data: blocks that repeat a fixed block */
    uint32_t xfer_size;          /* fixed read/write transfer, 0 = distribution */
    uint64_t file_size;          /* fixed file size, 0 = distribution */
    uint64_t working_set;        /* client data set bytes (randread, seqread, seqwrite) */
    uint32_t file_count;         /* files of that set, 0 = one per proc */
    int      direct_io;          /* data files bypass the client's cache (SFS_CAP_DIRECT_IO) */
    int      outstanding_ios;    /* requests in flight per proc; 0 = one (an SFS proc) */
    char     access_spec[4096];  /* workload access: Iometer access-spec lines */
    uint64_t start_offset;       /* workload access: first byte of the tested region */
    int      whole_target;       /* workload access: an existing file or device is tested whole */
    int      target_writes;      /* workload access: an existing file or device may be written */
    int      target_objects;     /* set by the engine: the workload tests a target that is an
                                    existing file or block device in place (posix) */
    uint64_t seed;
    uint64_t debug;              /* bit n = DEBUG flag n (guide Table 3) */
    char     log[1024];
    uint64_t sample_us;          /* pacing checkpoint: longest uninterrupted sleep */
    char     loadfile[1024];     /* workload=loadfile: the dbench loadfile */
    char     loadfile_dir[1024]; /* workload=loadfile: one loadfile per proc, instead of loadfile */
    int      loadfile_timestamps;/* loadfile_timing=timestamps: paced by the file's times */
    double   loadfile_speed;     /* loadfile_timing=timestamps: the times divided by this */
    double   target_mbps;        /* loadfile: MB/s (1e6 bytes) of each proc, 0 = none */
    int      loadfile_passes;    /* loadfile: passes through the file, then stop; 0 = until the end */
    int      procs_total;        /* procs of the whole run (all engines), 0 = procs */
    double   outage_max;         /* OUTAGE=ride: seconds a server that stops answering is waited for, 0 = not */
    int      loops;              /* event loops (threads) of an async backend, 0 = online CPUs */
    /* set by the engine before it opens the procs of an async backend
     * (engine.c, place_procs); NULL elsewhere (validation, clean) */
    int     *proc_loop;          /* [procs]: the event loop that drives proc i */
    int     *proc_slot;          /* [procs]: proc i's rank among its target's procs on that loop */
    struct sfs_logger *logger;   /* set by the engine when 'log' is open */
    struct sfs_outages *outages; /* set by the engine when outage_max > 0 (outage.h) */
    void    *backend_opts;       /* the backend's options struct (its option table) */
    uint64_t backend_given;      /* bit i: option i of the backend's table was set */
};

struct sfs_option;
/* The core keys, ending with a { NULL } entry (for the catalog). */
extern const struct sfs_option *const sfs_core_keys;

/* Parse text into cfg (zeroed and defaulted first).  0 or -1 with a message
 * naming the line, key and value in err. */
int  sfs_cfg_parse(const char *text, struct sfs_cfg *cfg, char *err, size_t errlen);
void sfs_cfg_free(struct sfs_cfg *cfg);
/* 1 if the config set the backend option 'name' (else its default holds). */
int  sfs_cfg_given(const struct sfs_cfg *cfg, const char *name);

/* The event loop of proc (0 without the engine's placement), and its rank
 * among the procs of its target on that loop (proc without it): backends
 * share a connection only between procs of one loop (backend.h). */
static inline int sfs_cfg_loop(const struct sfs_cfg *c, int proc)
{
    return c->proc_loop ? c->proc_loop[proc] : 0;
}
static inline int sfs_cfg_slot(const struct sfs_cfg *c, int proc)
{
    return c->proc_slot ? c->proc_slot[proc] : proc;
}

/* Parse a "getattr:26,lookup:24" mix into pct (zeroed first). */
int  sfs_cfg_parse_mix(const char *val, double pct[SFS_OP_COUNT], char *err, size_t errlen);

#endif
