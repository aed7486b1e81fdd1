/* The engine end to end on the posix backend in a scratch folder: INIT
 * builds the file set, WARMUP -> RUN switches counters without a gap, RUN
 * ends at its duration at the paced rate, the sample layout is consistent,
 * validation passes, and INIT/open errors name the path. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/mount.h>
#include "check.h"
#include "sfsengine.h"
#include "sfs_ops.h"

static uint64_t s[SFS_SAMPLE_WORDS];

static const uint64_t *op_block(int op)
{
    return s + SFS_S_HEADER_WORDS + op * SFS_O_WORDS;
}

static void rm_rf(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "cleanup of %s failed\n", dir);
}

int main(void)
{
    char dir[] = "/tmp/sfs_engine_test.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char cfg[1024], err[1024];
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=sfs2008-nfs\nprocs=2\nproc_first=4\n"
             "target.0=%s\nrate=100\nfileset_scale=0.001\nseed=5\n", dir);

    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return check_result("test_engine_posix");
    CHECK(strstr(sfs_engine_version(), "posix") && strstr(sfs_engine_version(), "sfs2008-nfs"),
          "version lists registered parts: %s", sfs_engine_version());

    CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0, "start INIT");
    int st;
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    CHECK(st == SFS_STATE_DONE, "INIT state %d", st);
    CHECK(sfs_engine_sample(e, s, SFS_SAMPLE_WORDS) == SFS_SAMPLE_WORDS, "sample");
    CHECK(s[SFS_S_LAYOUT] == SFS_ENGINE_API_VERSION && s[SFS_S_PHASE] == SFS_PHASE_INIT, "header");
    CHECK(s[SFS_S_INIT_TOTAL] > 0 && s[SFS_S_INIT_DONE] == s[SFS_S_INIT_TOTAL], "INIT %llu/%llu",
          (unsigned long long)s[SFS_S_INIT_DONE], (unsigned long long)s[SFS_S_INIT_TOTAL]);
    CHECK(s[SFS_S_PROCS] == 2 && s[SFS_S_FILESET_BYTES] > 0, "procs/bytes");
    struct stat sb;
    char p[600];
    snprintf(p, sizeof p, "%s/sfs_bench/p0004/d00000", dir);
    CHECK(stat(p, &sb) == 0 && S_ISDIR(sb.st_mode), "proc root named by global index: %s", p);
    snprintf(p, sizeof p, "%s/sfs_bench/p0005/links/l00000", dir);
    CHECK(lstat(p, &sb) == 0 && S_ISLNK(sb.st_mode), "symlink %s", p);

    CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 0.2) == 0, "start WARMUP");
    CHECK(sfs_engine_wait(e, 400) == SFS_STATE_RUNNING, "WARMUP runs past its duration");
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    CHECK(s[SFS_S_PHASE] == SFS_PHASE_WARMUP && op_block(SFS_OP_GETATTR)[SFS_O_OPS] > 0, "warmup load");
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, 1.0) == 0, "start RUN");
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    uint64_t early = 0;
    for (int op = 0; op < SFS_OPS_MAX; op++) early += op_block(op)[SFS_O_OPS];
    CHECK(early < 20, "counters reset at RUN start (%llu ops)", (unsigned long long)early);
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    CHECK(st == SFS_STATE_DONE, "RUN ends at its duration (state %d)", st);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    CHECK(s[SFS_S_ELAPSED_US] == 1000000, "a completed RUN covers exactly its duration: %llu us",
          (unsigned long long)s[SFS_S_ELAPSED_US]);
    uint64_t ops = 0, errors = 0, hist = 0;
    for (int op = 0; op < SFS_OPS_MAX; op++) {
        const uint64_t *o = op_block(op);
        ops += o[SFS_O_OPS];
        errors += o[SFS_O_ERRORS];
        for (int b = 0; b < SFS_HIST_BUCKETS; b++) hist += o[SFS_O_HIST + b];
        if (o[SFS_O_OPS]) {
            CHECK(o[SFS_O_LAT_MIN] <= o[SFS_O_LAT_MAX], "min/max of %s", sfs_op_name(op));
            CHECK(o[SFS_O_SVC_SUM] <= o[SFS_O_LAT_SUM], "service time <= time from intended start (%s)",
                  sfs_op_name(op));
        }
    }
    /* 2 procs x 100 ops/s x 1 s; a sanitized build runs several times slower, and an op due
     * just before RUN's end may then start after it */
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
    const uint64_t slack = 5;
#else
    const uint64_t slack = 1;
#endif
    CHECK(ops >= 200 - slack && ops <= 201, "paced ops %llu, expected 200", (unsigned long long)ops);
    CHECK(hist == ops, "histogram holds every op (%llu vs %llu)", (unsigned long long)hist,
          (unsigned long long)ops);
    CHECK(errors == 0, "errors %llu (failing lookups are expected, not errors)", (unsigned long long)errors);
    CHECK(op_block(SFS_OP_LOOKUP)[SFS_O_OPS] > 0 && op_block(SFS_OP_READ)[SFS_O_BYTES] > 0, "mix ran");
    CHECK(s[SFS_E_BASE] == 0, "empty error table");
    sfs_engine_close(e);

    /* validation */
    char report[16384];
    int fails = sfs_engine_validate(cfg, report, sizeof report);
    CHECK(fails == 0, "validation failures %d:\n%s", fails, report);
    CHECK(strstr(report, "PASS read") && strstr(report, "PASS readlink target f1"), "report:\n%s", report);

    /* stop ends a long WARMUP promptly; an INIT that cannot finish in time fails */
    snprintf(cfg, sizeof cfg, "target.0=%s\nrate=50\nfileset_scale=0.001\n", dir);
    e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (e) {
        sfs_engine_start(e, SFS_PHASE_INIT, 60);
        while (sfs_engine_wait(e, 1000) == SFS_STATE_RUNNING)
            ;
        CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 100) == 0, "WARMUP");
        CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 1) != 0, "INIT refused while WARMUP runs");
        sfs_engine_wait(e, 100);
        sfs_engine_stop(e);
        CHECK(sfs_engine_wait(e, 1000) == SFS_STATE_DONE, "stopped within 1 s");
        sfs_engine_close(e);
    }
    snprintf(cfg, sizeof cfg, "target.0=%s\nrate=100\nfileset_scale=0.05\nroot=slow\n", dir);
    e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (e) {
        sfs_engine_start(e, SFS_PHASE_INIT, 0.001);
        while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
            ;
        sfs_engine_error(e, err, sizeof err);
        CHECK(st == SFS_STATE_FAILED && strstr(err, "INIT timed out"), "INIT timeout: %s", err);
        sfs_engine_close(e);
    }

    /* blocks through io_uring: 16 KiB blocks, 4 in flight */
    snprintf(cfg, sizeof cfg, "target.0=%s\nrate=1\nblock_size=16384\nbiod_reads=4\nbiod_writes=4\n", dir);
    fails = sfs_engine_validate(cfg, report, sizeof report);
    CHECK(fails == 0 && strstr(report, "PASS read 64 KiB read back equal") &&
          strstr(report, "PASS write 64 KiB written (4 physical)"), "io_uring blocks:\n%s", report);

    /* poisson arrivals keep the mean rate */
    snprintf(cfg, sizeof cfg, "target.0=%s\nrate=300\narrival=poisson\nfileset_scale=0.0005\n", dir);
    e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open poisson: %s", err);
    if (e) {
        sfs_engine_start(e, SFS_PHASE_INIT, 60);
        while (sfs_engine_wait(e, 1000) == SFS_STATE_RUNNING)
            ;
        sfs_engine_start(e, SFS_PHASE_RUN, 1.0);
        while (sfs_engine_wait(e, 1000) == SFS_STATE_RUNNING)
            ;
        sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
        ops = 0;
        for (int op = 0; op < SFS_OPS_MAX; op++) ops += op_block(op)[SFS_O_OPS];
        CHECK(ops > 225 && ops < 375, "poisson 300/s for 1 s: %llu ops", (unsigned long long)ops);
        sfs_engine_close(e);
    }

    /* a missing mount point is named */
    snprintf(cfg, sizeof cfg, "target.0=%s/nope\nrate=1\nfileset_scale=0.001\n", dir);
    e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e == NULL && strstr(err, "/nope") && strstr(err, "No such file"), "missing target: %s", err);
    if (e) sfs_engine_close(e);
    /* a folder that is not writable is named (not checkable as root) */
    if (geteuid() != 0) {
        char ro[600];
        snprintf(ro, sizeof ro, "%s/ro", dir);
        mkdir(ro, 0555);
        snprintf(cfg, sizeof cfg, "target.0=%s\nrate=1\nfileset_scale=0.001\n", ro);
        e = sfs_engine_open(cfg, err, sizeof err);
        CHECK(e == NULL && strstr(err, ro) && strstr(err, "not writable"), "read-only: %s", err);
        if (e) sfs_engine_close(e);
    }
    /* a full disk fails INIT with the path and the reason; needs a small
     * tmpfs, so only where mounting is allowed (root) */
    char small[600];
    snprintf(small, sizeof small, "%s/small", dir);
    mkdir(small, 0755);
    if (mount("tmpfs", small, "tmpfs", 0, "size=256k") == 0) {
        /* a file set far larger than the file system: refused before INIT writes */
        snprintf(cfg, sizeof cfg, "target.0=%s\nrate=1\nfileset_scale=0.1\n", small);
        e = sfs_engine_open(cfg, err, sizeof err);
        CHECK(e != NULL, "open on small tmpfs: %s", err);
        if (e) {
            CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 30) != 0, "INIT refused");
            sfs_engine_error(e, err, sizeof err);
            CHECK(strstr(err, "not enough space") && strstr(err, small) && strstr(err, "needs 13.2 MiB") &&
                  strstr(err, "256.0 KiB free"), "space check: %s", err);
            sfs_engine_close(e);
        }
        /* 1 KiB files that fit by their bytes but take a 4 KiB page each:
         * INIT runs and the full disk is named */
        snprintf(cfg, sizeof cfg, "target.0=%s\nrate=1\nfileset_scale=0.0016\nfile_size=1024\n", small);
        e = sfs_engine_open(cfg, err, sizeof err);
        CHECK(e != NULL, "open on small tmpfs: %s", err);
        if (e) {
            CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 30) == 0, "INIT start");
            while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
                ;
            sfs_engine_error(e, err, sizeof err);
            CHECK(st == SFS_STATE_FAILED && strstr(err, "No space left") && strstr(err, "disk full") &&
                  strstr(err, small) && strstr(err, "proc 0"), "disk full: %s", err);
            sfs_engine_close(e);
        }
        umount(small);
    } else {
        fprintf(stderr, "test_engine_posix: cannot mount a tmpfs here, disk-full case not checked\n");
    }
    /* unknown backend/workload list what exists */
    e = sfs_engine_open("target.0=/tmp\nbackend=ftp\n", err, sizeof err);
    CHECK(e == NULL && strstr(err, "ftp") && strstr(err, "posix"), "unknown backend: %s", err);
    rm_rf(dir);
    return check_result("test_engine_posix");
}
