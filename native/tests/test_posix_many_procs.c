/* 1,000 posix procs in one engine, reading at 1 op/s each (docs/engine.md,
 * Event loops: a thread per proc): one thread each, the memory they add stays
 * within a bound per proc (it was 737 KiB: two full 323 KiB counter sets per
 * thread, now allocated as the ops are counted), and RUN counts exactly the
 * ops intended within it (zeroing the next counters at RUN start took 0.1 s at
 * 1,000 procs, and the ops intended meanwhile went to WARMUP).  About 3 s. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "check.h"
#include "samples.h"
#include "sfsengine.h"

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#define PROCS 200          /* a sanitizer's memory per thread is its own */
#else
#define SANITIZED 0
#define PROCS 1000
#endif
#define RSS_PER_PROC_KIB 128

static uint64_t s[SFS_SAMPLE_WORDS];

/* a line of /proc/self/status, in kB (or a count) */
static long status_word(const char *key)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long v = -1;
    size_t n = strlen(key);
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0 && line[n] == ':') {
            v = atol(line + n + 1);
            break;
        }
    if (f) fclose(f);
    return v;
}

int main(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_max != RLIM_INFINITY &&
        rl.rlim_max < PROCS + 256) {
        printf("test_posix_many_procs: SKIP: the hard RLIMIT_NOFILE %ld is below %d\n",
               (long)rl.rlim_max, PROCS + 256);
        return 0;
    }
    char dir[] = "/tmp/sfs_many_procs.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char cfg[1024], err[1024];
    /* one 4 KiB file per proc: INIT is quick (the SFS mix's 47 objects per
     * proc took 8 s of ext4 inode allocation here) */
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=randread\nxfer_size=4096\nworking_set=%d\n"
             "procs=%d\ntarget.0=%s\nrate=1\nseed=7\n", PROCS * 4096, PROCS, dir);
    long rss0 = status_word("VmRSS");
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open %d procs: %s", PROCS, err);
    if (!e) return check_result("test_posix_many_procs");
    CHECK(run_phase(e, SFS_PHASE_INIT, 120) == SFS_STATE_DONE, "INIT");
    CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 1.5) == 0, "WARMUP");
    sfs_engine_wait(e, 1500);
    /* every proc has run an op or two of WARMUP by now (INIT's ops are in the
     * other generation), on its own thread: in RUN a proc's thread ends once
     * no op of it is left before the end */
    long rss = status_word("VmRSS"), threads = status_word("Threads");
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, 1.0) == 0, "RUN");
    int st;
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    CHECK(st == SFS_STATE_DONE, "RUN state %d", st);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    uint64_t ops = sample_total(s, SFS_O_OPS), errors = sample_total(s, SFS_O_ERRORS);
    /* each proc has exactly one op intended in a 1 s RUN at 1 op/s */
    uint64_t slack = SANITIZED ? PROCS / 100 : 1;
    CHECK(ops + slack >= PROCS && ops <= PROCS, "RUN counted %llu ops of the %d intended",
          (unsigned long long)ops, PROCS);
    CHECK(errors == 0, "%llu errors", (unsigned long long)errors);
    CHECK(threads >= PROCS + 1, "%ld threads for %d procs", threads, PROCS);
    long per = (rss - rss0) / PROCS;
    printf("test_posix_many_procs: %d procs, %ld threads, %ld KiB RSS per proc, %llu ops\n", PROCS,
           threads, per, (unsigned long long)ops);
    if (!SANITIZED)
        CHECK(per <= RSS_PER_PROC_KIB, "%ld KiB RSS per proc (at most %d)", per, RSS_PER_PROC_KIB);
    sfs_engine_close(e);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "cleanup of %s failed\n", dir);
    return check_result("test_posix_many_procs");
}
