/* The top-speed workloads and engine steps on the posix backend: randread,
 * seqread and seqwrite build one shared data set per client (working_set,
 * file_count) in <root>/cNNNN, read it with the configured transfer size,
 * and sfs_engine_step changes the active procs and the rate between phases
 * without rebuilding it. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "check.h"
#include "sfsengine.h"
#include "sfs_ops.h"
#include "dataset.h"

static uint64_t s[SFS_SAMPLE_WORDS];

static uint64_t op_word(int op, int w)
{
    return s[SFS_S_HEADER_WORDS + op * SFS_O_WORDS + w];
}

static void rm_rf(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "cleanup of %s failed\n", dir);
}

static int run_phase(sfs_engine *e, int phase, double secs)
{
    if (sfs_engine_start(e, phase, secs)) return -1;
    int st;
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    return st == SFS_STATE_DONE ? 0 : -1;
}

static sfs_engine *open_wl(const char *dir, const char *wl, const char *extra)
{
    char cfg[1024], err[1024];
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=%s\nprocs=4\nproc_first=8\ntarget.0=%s\n"
             "rate=0\nworking_set=4194304\nxfer_size=65536\nseed=3\n%s", wl, dir, extra);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open %s: %s", wl, err);
    return e;
}

int main(void)
{
    char dir[] = "/tmp/sfs_topspeed_test.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char err[512], p[600];
    struct stat sb;

    /* file names: t + at least 6 digits */
    struct sfs_dataset ds;
    sfs_req nreq;
    const uint32_t idx[] = { 0, 3, 999999, 1000000, 4294967295u };
    const char *want[] = { "t000000", "t000003", "t999999", "t1000000", "t4294967295" };
    for (int i = 0; i < 5; i++) {
        sfs_dataset_file(&ds, idx[i], &nreq);
        CHECK(strcmp(nreq.path, want[i]) == 0 && nreq.name == nreq.path, "file %u named %s", idx[i], nreq.path);
    }

    /* randread: 4 files of 1 MiB in c0008 (proc_first), built by all procs */
    sfs_engine *e = open_wl(dir, "randread", "");
    if (!e) return check_result("test_topspeed");
    CHECK(run_phase(e, SFS_PHASE_INIT, 60) == 0, "INIT");
    CHECK(s[SFS_S_INIT_DONE] == 4 && s[SFS_S_INIT_TOTAL] == 4, "4 files, one per proc: %llu/%llu",
          (unsigned long long)s[SFS_S_INIT_DONE], (unsigned long long)s[SFS_S_INIT_TOTAL]);
    CHECK(s[SFS_S_FILESET_BYTES] == 4194304, "data set bytes %llu", (unsigned long long)s[SFS_S_FILESET_BYTES]);
    for (int i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s/sfs_bench/c0008/t%06d", dir, i);
        CHECK(stat(p, &sb) == 0 && sb.st_size == 1048576, "%s is 1 MiB", p);
    }
    snprintf(p, sizeof p, "%s/sfs_bench/p0008", dir);
    CHECK(stat(p, &sb) != 0, "no per-proc folder for a client data set");
    snprintf(p, sizeof p, "%s/sfs_bench/c0008/t000003", dir);
    stat(p, &sb);
    ino_t ino = sb.st_ino;
    struct timespec mtime = sb.st_mtim;

    /* step 1: one active proc, unpaced; step 2: all four, paced at 50/s */
    CHECK(sfs_engine_step(e, "active=1\n", err, sizeof err) == 0, "step: %s", err);
    CHECK(run_phase(e, SFS_PHASE_RUN, 0.3) == 0, "RUN of step 1");
    uint64_t reads1 = op_word(SFS_OP_READ, SFS_O_OPS);
    CHECK(reads1 > 100, "unpaced single proc reads: %llu", (unsigned long long)reads1);
    CHECK(op_word(SFS_OP_READ, SFS_O_BYTES) == reads1 * 65536, "every read moves xfer_size bytes");
    CHECK(op_word(SFS_OP_READ, SFS_O_ERRORS) == 0, "no errors");
    CHECK(sfs_engine_step(e, "active=4\nrate=50\n", err, sizeof err) == 0, "step: %s", err);
    CHECK(run_phase(e, SFS_PHASE_RUN, 1.0) == 0, "RUN of step 2");
    uint64_t reads2 = op_word(SFS_OP_READ, SFS_O_OPS);
    CHECK(reads2 == 200, "4 procs x 50 ops/s x 1 s = 200 reads, got %llu", (unsigned long long)reads2);
    CHECK(stat(p, &sb) == 0 && sb.st_ino == ino && sb.st_mtim.tv_sec == mtime.tv_sec &&
          sb.st_mtim.tv_nsec == mtime.tv_nsec, "the steps keep the data set (same file, not rewritten)");

    /* bad steps name the key; a step while a phase runs is refused */
    CHECK(sfs_engine_step(e, "active=5", err, sizeof err) == -1 && strstr(err, "active=5"), "%s", err);
    CHECK(sfs_engine_step(e, "procs=2", err, sizeof err) == -1 && strstr(err, "unknown key 'procs'"), "%s", err);
    CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 0.1) == 0, "WARMUP");
    CHECK(sfs_engine_step(e, "active=2", err, sizeof err) == -1 && strstr(err, "still running"), "%s", err);
    sfs_engine_close(e);

    /* seqread: 1 MiB reads stream the files front to back */
    e = open_wl(dir, "seqread", "xfer_size=1048576\n");
    if (e) {
        CHECK(run_phase(e, SFS_PHASE_INIT, 60) == 0, "seqread INIT");
        CHECK(run_phase(e, SFS_PHASE_RUN, 0.3) == 0, "seqread RUN");
        CHECK(op_word(SFS_OP_READ, SFS_O_OPS) > 10 && op_word(SFS_OP_READ, SFS_O_ERRORS) == 0,
              "seqread reads %llu", (unsigned long long)op_word(SFS_OP_READ, SFS_O_OPS));
        CHECK(op_word(SFS_OP_READ, SFS_O_BYTES) == op_word(SFS_OP_READ, SFS_O_OPS) * 1048576, "1 MiB each");
        sfs_engine_close(e);
    }

    /* seqwrite: new files written front to back, removed and written again */
    e = open_wl(dir, "seqwrite", "file_count=8\n");
    if (e) {
        CHECK(run_phase(e, SFS_PHASE_INIT, 60) == 0, "seqwrite INIT");
        CHECK(s[SFS_S_INIT_TOTAL] == 8, "8 files");
        CHECK(run_phase(e, SFS_PHASE_RUN, 0.3) == 0, "seqwrite RUN");
        uint64_t w = op_word(SFS_OP_WRCACHE, SFS_O_OPS) + op_word(SFS_OP_WRITE, SFS_O_OPS);
        uint64_t c = op_word(SFS_OP_CREATE, SFS_O_OPS);
        CHECK(w > 20 && c > 0, "writes %llu creates %llu", (unsigned long long)w, (unsigned long long)c);
        CHECK(w <= (c + 4) * 8, "a file is 8 writes of 64 KiB: %llu writes, %llu creates",
              (unsigned long long)w, (unsigned long long)c);
        uint64_t errs = 0;
        for (int op = 0; op < SFS_OPS_MAX; op++) errs += op_word(op, SFS_O_ERRORS);
        CHECK(errs == 0, "no errors (%llu)", (unsigned long long)errs);
        sfs_engine_close(e);
    }

    /* a data set smaller than one transfer per file, or none, is refused */
    char cfg[512];
    snprintf(cfg, sizeof cfg, "workload=randread\nprocs=4\ntarget.0=%s\nworking_set=1000\n", dir);
    CHECK(sfs_engine_open(cfg, err, sizeof err) == NULL && strstr(err, "working_set=1000"), "%s", err);
    snprintf(cfg, sizeof cfg, "workload=seqread\ntarget.0=%s\n", dir);
    CHECK(sfs_engine_open(cfg, err, sizeof err) == NULL && strstr(err, "working_set"), "%s", err);
    rm_rf(dir);
    return check_result("test_topspeed");
}
