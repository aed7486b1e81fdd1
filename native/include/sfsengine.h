/*
 * libsfsengine: the sfsbench load engine, public API.
 *
 * The API is deliberately JNA-friendly: opaque handle, plain C types, one
 * configuration string in, a flat array of uint64 counters out.  Java
 * crosses into C once per phase change and once per sampling interval,
 * never per operation.
 *
 * Life cycle of one load point inside one worker process:
 *
 *   e = sfs_engine_open(config, err, sizeof err)   parse config, connect/mount
 *   sfs_engine_start(e, SFS_PHASE_INIT, timeout)   build the file set
 *   while (sfs_engine_wait(e, 1000) == SFS_STATE_RUNNING) sample for progress
 *   sfs_engine_start(e, SFS_PHASE_WARMUP, secs)    paced load, not measured
 *   sfs_engine_start(e, SFS_PHASE_RUN, secs)       switch counters, no gap in load
 *   while (sfs_engine_wait(e, 1000) == SFS_STATE_RUNNING) sfs_engine_sample(...)
 *   sfs_engine_sample(e, final, n)                 final counters of RUN
 *   sfs_engine_close(e)
 *
 * WARMUP keeps generating load past its duration until RUN is started (so a
 * manager-timed barrier across clients never leaves a gap); RUN stops the
 * procs when its duration has elapsed.  Counters are reset at the start of
 * every phase and are cumulative within the phase.
 *
 * Configuration: "key=value" lines (see docs/engine.md for every key).
 */
#ifndef SFSENGINE_H
#define SFSENGINE_H

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SFS_ENGINE_API_VERSION 3

/* phases */
#define SFS_PHASE_IDLE   0
#define SFS_PHASE_INIT   1
#define SFS_PHASE_WARMUP 2
#define SFS_PHASE_RUN    3

/* states returned by sfs_engine_wait */
#define SFS_STATE_RUNNING 0
#define SFS_STATE_DONE    1
#define SFS_STATE_FAILED  (-1)

/*
 * Counters layout (all uint64, little host order), returned by
 * sfs_engine_sample().  Java reads every one of them by its name through
 * the catalog (sfs_engine_fact_*) into org.sfsbench.engine.SampleLayout.
 */
#define SFS_OPS_MAX       40     /* abstract op ids, see sfs_ops.h */
#define SFS_HIST_BUCKETS  1024   /* log-linear latency histogram, microseconds */
/* Its geometry: values below SFS_HIST_SUB us have a bucket each; above, every
 * power of two is cut into SFS_HIST_SUB equal buckets (sfs_engine_hist_lower). */
#define SFS_HIST_SUB_BITS 5
#define SFS_HIST_SUB      (1 << SFS_HIST_SUB_BITS)
#define SFS_ERR_SLOTS     64     /* (op, protocol status) error table */

/* header words */
#define SFS_S_LAYOUT        0    /* == SFS_ENGINE_API_VERSION */
#define SFS_S_PHASE         1    /* phase these counters belong to */
#define SFS_S_ELAPSED_US    2    /* time since the phase started */
#define SFS_S_INIT_DONE     3    /* file-set objects created so far (INIT) */
#define SFS_S_INIT_TOTAL    4    /* file-set objects to create (INIT) */
#define SFS_S_FILESET_BYTES 5    /* bytes of file data in the file set */
#define SFS_S_PROCS         6    /* procs in this engine */
#define SFS_S_BEHIND        7    /* procs currently more than 1 s behind schedule */
#define SFS_S_HEADER_WORDS  8

/* per-op block, SFS_OPS_MAX of them after the header */
#define SFS_O_OPS        0   /* completed logical ops (ok + failed) */
#define SFS_O_ERRORS     1   /* failed logical ops */
#define SFS_O_BYTES      2   /* payload bytes moved (read + write) */
#define SFS_O_LAT_SUM    3   /* sum of latency from intended start, us */
#define SFS_O_LAT_MIN    4   /* min of the above, us (UINT64_MAX if none) */
#define SFS_O_LAT_MAX    5   /* max of the above, us */
#define SFS_O_SVC_SUM    6   /* sum of latency from actual send, us */
#define SFS_O_LATE       7   /* ops sent more than 1 ms after their intended start */
#define SFS_O_PHYSICAL   8   /* physical requests issued (RPCs, chunks, COMMITs) */
#define SFS_O_RETRIES    9   /* re-sends the server asked for (NFS3ERR_JUKEBOX), in the latency */
#define SFS_O_AFTER_END 10   /* of SFS_O_OPS: completed after RUN's end, late: not achieved in the window */
#define SFS_O_HIST      11   /* SFS_HIST_BUCKETS words: histogram of latency from intended start */
#define SFS_O_WORDS      (SFS_O_HIST + SFS_HIST_BUCKETS)

/* error table after the per-op blocks: one count word, then slots of 2 words */
#define SFS_E_BASE   (SFS_S_HEADER_WORDS + SFS_OPS_MAX * SFS_O_WORDS)
/* slot i: word 0 = (op << 32) | (uint32_t)protocol_status, word 1 = count */
/* error-table status of ops a workload did not send because the backend
 * cannot express them (not counted in the op's ops or errors) */
#define SFS_STATUS_NOT_ISSUED 0x7fff0001

/* client CPU after the error table (core/cpu.h): from the start of the phase
 * to the moment its last proc ended, or to the sample while it runs */
#define SFS_C_BASE         (SFS_E_BASE + 1 + 2 * SFS_ERR_SLOTS)
#define SFS_C_WINDOW_US    0   /* length of that window, us; 0 = CPU not measured */
#define SFS_C_HOST_TICKS   1   /* host /proc/stat ticks of all CPUs in the window */
#define SFS_C_HOST_USER    2   /* ... of them user + nice */
#define SFS_C_HOST_SYSTEM  3   /* ... system + irq + softirq */
#define SFS_C_HOST_IDLE    4   /* ... idle + iowait (the rest of the ticks is steal) */
#define SFS_C_HOST_CPUS    5   /* CPUs online on the host */
#define SFS_C_PROC_USER_US 6   /* this process's user CPU time, us (getrusage) */
#define SFS_C_PROC_SYS_US  7   /* this process's system CPU time, us */
#define SFS_C_WORDS        8

/* schedule kept, after the CPU words: every counted op's lag, its send time
 * minus its intended start (how far a replay of loadfile timestamps fell
 * behind them), in microseconds */
#define SFS_L_BASE         (SFS_C_BASE + SFS_C_WORDS)
#define SFS_L_MAX          0   /* the largest lag */
#define SFS_L_HIST         1   /* SFS_HIST_BUCKETS words: their histogram (the latency buckets) */
#define SFS_L_WORDS        (SFS_L_HIST + SFS_HIST_BUCKETS)

/* outages of the phase after the lag words (core/outage.h; only with the
 * outage_max key, else all 0): the server stopped answering or dropped its
 * connections and the ops were ridden through.  An outage begins at the
 * intended start of the first op that waited on the server longer than
 * SFS_OUTAGE_STALL_US or lost its connection, and ends at the completion of
 * the first op completed after that (0 while it lasts); times are
 * microseconds from the phase's start. */
#define SFS_OUTAGE_STALL_US 1000000
#define SFS_OUTAGES_MAX     4      /* outages listed; later ones are only counted */
#define SFS_OUTAGE_BASE     (SFS_L_BASE + SFS_L_WORDS)
#define SFS_OUTAGE_COUNT    0      /* outages listed (0..SFS_OUTAGES_MAX) */
#define SFS_OUTAGE_UNLISTED 1      /* outages after the listed ones */
#define SFS_OUTAGE_LIST     2      /* then SFS_OUTAGES_MAX records of these words: */
#define SFS_OUTAGE_BEGIN_US   0
#define SFS_OUTAGE_END_US     1
#define SFS_OUTAGE_RESENT     2    /* requests sent again after a lost connection or a stall */
#define SFS_OUTAGE_FAILED     3    /* ops intended within it that failed */
#define SFS_OUTAGE_RECONNECTS 4    /* connections made again (and mounts, sessions) */
#define SFS_OUTAGE_REOPENED   5    /* handles the server lost, opened or looked up again */
#define SFS_OUTAGE_LOST       6    /* handles that could not be opened again */
#define SFS_OUTAGE_REC_WORDS  7
#define SFS_OUTAGE_WORDS    (SFS_OUTAGE_LIST + SFS_OUTAGES_MAX * SFS_OUTAGE_REC_WORDS)
#define SFS_SAMPLE_WORDS (SFS_OUTAGE_BASE + SFS_OUTAGE_WORDS)

/*
 * Histogram buckets (values in microseconds): v < 32 -> bucket v;
 * otherwise with e = floor(log2 v) (e >= 5): bucket 32 + (e-5)*32 + ((v >> (e-5)) - 32).
 * Bucket lower bound: i < 32 -> i; else (32 + (i-32)%32) << ((i-32)/32).
 * Values beyond the last bucket are counted in the last bucket.
 */

typedef struct sfs_engine sfs_engine;

/* "sfsengine <pom version> (backends: posix nfs3 smb; workloads: ...)" */
const char *sfs_engine_version(void);
int sfs_engine_api_version(void);
long sfs_engine_sample_words(void);

/* Parse the config and open the backend for every proc (mount/connect).
 * NULL on failure with a message in err naming the key or target. */
sfs_engine *sfs_engine_open(const char *config, char *err, int errlen);

/* Start a phase.  INIT: 'seconds' is the timeout; WARMUP/RUN: the duration.
 * Returns 0, or -1 (see sfs_engine_error). */
int sfs_engine_start(sfs_engine *e, int phase, double seconds);

/* Change settings between phases, keeping the file set and the open
 * backends: one step of a stepped run (STEP_PROCS, CURVE_PCTS, access
 * steps).  'changes' are key=value lines:
 *   active=N   procs that generate load in the next phases (1..procs; the
 *              others stay idle; INIT always uses every proc)
 *   rate=R     ops/s per proc, 0 = unpaced
 *   outstanding_ios=N  requests in flight per proc (1..outstanding_ios of
 *              the configuration the engine was opened with)
 *   access_spec=...    workload access: the spec of the next phases
 * Refused while a phase runs.  0, or -1 with a message naming the key. */
int sfs_engine_step(sfs_engine *e, const char *changes, char *err, int errlen);

/* Wait up to timeout_ms for the current phase to end. */
int sfs_engine_wait(sfs_engine *e, int timeout_ms);

/* Copy the last error message ("" if none); returns its length. */
int sfs_engine_error(sfs_engine *e, char *buf, int len);

/* Lock-free read of the cumulative counters of the current phase.
 * 'words' must be >= SFS_SAMPLE_WORDS; returns words written or -1. */
long sfs_engine_sample(sfs_engine *e, uint64_t *out, long words);

/* Ask every proc to stop as soon as its in-flight op completes. */
void sfs_engine_stop(sfs_engine *e);

/* Stop, join threads, close backend connections, free. */
void sfs_engine_close(sfs_engine *e);

/* Validation (-v): exercise every op of the backend against the target and
 * check the answers.  Writes one line per check ("PASS op detail" /
 * "FAIL op detail") into report.  Returns the number of failures, or -1 if
 * the target could not be opened (message in report). */
int sfs_engine_validate(const char *config, char *report, int reportlen);

/* Find the folders directly under each target (target.N of config, with
 * backend and its options) whose names match the glob 'pattern' (sfs
 * clean: "sfs_*" or "sfs_<suffix>"), and unless dry_run remove each with
 * everything in it, through the backend.  One report line per folder:
 * "target<TAB>name<TAB>files<TAB>dirs<TAB>bytes<TAB>removed|found|error: why"
 * (a target that cannot be opened or listed: name "-").  Returns the
 * number of folders or targets that failed, or -1 if config or pattern is
 * invalid (message in report). */
int sfs_engine_clean(const char *config, const char *pattern, int dry_run, char *report,
                     int reportlen);

/* NULL if 'backend' can put op id 'op' on the wire with the backend options
 * in 'options' ("key=value" lines such as smb_client=libsmbclient; NULL or
 * "" = defaults), else a sentence saying why not (e.g. libsmbclient 4.17 has
 * no ECHO); NULL too for an unknown backend or unparsable options.  Results
 * list such ops as not issued. */
const char *sfs_engine_op_unavailable(const char *backend, const char *options, int op);

/* Parse the text of a dbench loadfile (workload=loadfile; 'name' for
 * messages) without running it: the manager checks the bytes it ships to
 * the agents.  Returns the number of op lines with a summary in report, or
 * -1 with "name:line: why" in report. */
int sfs_engine_loadfile_check(const char *name, const char *text, size_t textlen, char *report,
                              int reportlen);

/* The space a configuration's data will take, touching no target: one line
 * per distinct target, "bytes<TAB>procs<TAB>rule<TAB>target\n" (rule: how
 * the bytes were counted), after the workload's own sizing checks (e.g. a
 * data set smaller than one transfer).  Returns the number of targets, or -1
 * with the reason in report. */
int sfs_engine_space(const char *config, char *report, int reportlen);

/* Name of abstract op id (NULL if out of range) -- for the Java side. */
const char *sfs_engine_op_name(int op);
/* SFS_OPF_* of abstract op id (0 if out of range). */
int sfs_engine_op_flags(int op);
/* Smallest latency (us) counted in histogram bucket i (0..SFS_HIST_BUCKETS-1). */
unsigned long long sfs_engine_hist_lower(int i);

/*
 * Catalog: the engine is the one owner of these facts; the Java side reads
 * them once (org.sfsbench.engine.EngineCatalog) and keeps no copy.
 * Backends and workloads are indexed 0..count-1 in name order; a bad index
 * gives NULL / 0.
 */

/* key types */
#define SFS_KEY_INT     1   /* whole number within [min, max] */
#define SFS_KEY_NUM     2   /* decimal number within [min, max] */
#define SFS_KEY_TEXT    3
#define SFS_KEY_SECRET  4   /* text never printed (passwords) */
#define SFS_KEY_CHOICE  5   /* one of the words of its help, '|' separated */
#define SFS_KEY_SPECIAL 6   /* own syntax, described by its help */

/* backend capability flags */
#define SFS_CAP_ASYNC   1   /* completes from an event loop: many procs per thread */
#define SFS_CAP_NETWORK 2   /* speaks a file-server protocol over the network */
#define SFS_CAP_NO_IO   4   /* does no I/O at all: measures the engine alone */
#define SFS_CAP_DIRECT_IO 8 /* direct_io=1: data bypasses a client cache (O_DIRECT) */
#define SFS_CAP_NFS_RPC 16  /* one NFS call per physical request: a kernel nfsd counts them */
#define SFS_CAP_CREDENTIALS 32 /* needs a user name and password (USERNAME, PASSWORD) */
#define SFS_CAP_LOCAL_FS 64 /* targets are folders, files or devices of the client's own
                             * Linux file systems: the prime client can check them when
                             * it is that client */

/* op flags (sfs_engine_op_flags) */
#define SFS_OPF_READS_DATA  1 /* the op brings file data from the server */
#define SFS_OPF_WRITES_DATA 2 /* the op sends file data to the server */

/* workload flags */
#define SFS_WORKLOAD_RC 1   /* selectable by an rc file (WORKLOAD=); else tools only */
#define SFS_WORKLOAD_DATASET 2 /* one data set per client of working_set bytes
                                * (randread, seqread, seqwrite: dataset.h) */

/* number of abstract op ids (names: sfs_engine_op_name) */
int sfs_engine_op_count(void);

int         sfs_engine_workload_count(void);
const char *sfs_engine_workload_name(int w);
const char *sfs_engine_workload_description(int w);
int         sfs_engine_workload_flags(int w);
/* which rules judge a result of the workload (docs/results.md "Verdicts") */
#define SFS_RULES_SPECSFS2008 1 /* a paced SFS load curve: SPECsfs2008's run rules */
#define SFS_RULES_ACCESS      2 /* Iometer access steps: its own checks */
#define SFS_RULES_LOADFILE    3 /* a dbench loadfile replay: its own checks */
#define SFS_RULES_TOP_SPEED   4 /* unpaced steps over a data set: its own checks */
int         sfs_engine_workload_rules(int w);
/* 1 if the workload issues op (INIT included) */
int         sfs_engine_workload_issues(int w, int op);
/* its standard share of op in percent; -1 if the workload has no standard
 * mix (its mix comes from the 'mix' key) */
double      sfs_engine_workload_mix(int w, int op);
/* The target mix (percent per op id, pct[0..n-1], n >= the op count) that
 * a configuration gives its workload: the mix key, else the workload's
 * standard mix, else what its keys make of it (seqwrite: transfers per
 * file from working_set, file_count, xfer_size, procs).  0, or -1 with a
 * message in err (workloads whose mix comes from an access spec or a
 * loadfile). */
int         sfs_engine_target_mix(const char *config, double *pct, int n, char *err, int errlen);
/* 1 if backend b implements every op the workload issues */
int         sfs_engine_workload_runs_on(int w, int b);

int         sfs_engine_backend_count(void);
const char *sfs_engine_backend_name(int b);
const char *sfs_engine_backend_description(int b);
int         sfs_engine_backend_caps(int b);
/* 1 if the backend can put op on the wire (implemented and not
 * sfs_engine_op_unavailable) */
int         sfs_engine_backend_issues(int b, int op);
/* the workload its protocol runs unless the configuration names one */
const char *sfs_engine_backend_standard_workload(int b);

/* Named facts: every number above (sample layout, phases, states, key
 * types, flags) and the engine's limits (SFS_ACCESS_MAX_LINES,
 * SFS_XFER_MAX, SFS_MAX_OUTSTANDING, ...), by the name of their macro;
 * i in 0..count-1, a bad index gives NULL / 0. */
int         sfs_engine_fact_count(void);
const char *sfs_engine_fact_name(int i);
long long   sfs_engine_fact_value(int i);

/* Name of a protocol status of the error table (status word of a slot) as
 * the backend reports it: nfs3 NFS3ERR_*, smb NTSTATUS (STATUS_*, libsmb2)
 * or errno (libsmbclient), posix errno (E*); NULL if it has none. */
const char *sfs_engine_status_name(const char *backend, int status);

/* Check an access spec (the access_spec key's value, lines separated by
 * ';') as the access workload will: at plan time, before any agent gets
 * it.  The number of lines, or -1 with "line N: why" in report. */
int         sfs_engine_access_check(const char *spec, char *report, int reportlen);

/* Configuration keys: b = -1 for the core keys, else backend b's options.
 * Ranges apply to SFS_KEY_INT/NUM; default NULL = unset (see its help). */
int         sfs_engine_key_count(int b);
const char *sfs_engine_key_name(int b, int k);
int         sfs_engine_key_type(int b, int k);
double      sfs_engine_key_min(int b, int k);
double      sfs_engine_key_max(int b, int k);
const char *sfs_engine_key_default(int b, int k);
const char *sfs_engine_key_help(int b, int k);

#ifdef __cplusplus
}
#endif
#endif
