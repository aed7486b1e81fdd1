/* workload=loadfile with loadfile_timing=timestamps: loadfile_speed divides
 * the file's times (a pass of 1 s takes 0.5 s at speed 2), is refused
 * without timestamps, and every counted op lands in the sample's lag
 * histogram (SFS_L_BASE: send time minus intended start) in the bucket of
 * its own lag.  RUN ends when the pass is done, and the sample's elapsed
 * time is the pass's, not the phase's planned 30 s (SFS_WL_NO_MORE). */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "sfsengine.h"
#include "sfs_ops.h"
#include "counters.h"
#include "samples.h"

static uint64_t s[SFS_SAMPLE_WORDS];
static double elapsed_s;   /* the last replay's SFS_S_ELAPSED_US, in seconds */

static uint64_t lag_total(void)
{
    uint64_t n = 0;
    for (int b = 0; b < SFS_HIST_BUCKETS; b++) n += s[SFS_L_BASE + SFS_L_HIST + b];
    return n;
}

/* the bucket of the largest lag counted, or -1 */
static int lag_top(void)
{
    for (int b = SFS_HIST_BUCKETS - 1; b >= 0; b--)
        if (s[SFS_L_BASE + SFS_L_HIST + b]) return b;
    return -1;
}

/* each op's lag, in microseconds, in its histogram bucket; reset empties it */
static void lag_accounting(void)
{
    struct sfs_counters *c = sfs_counters_new();
    CHECK(c != NULL, "counters");
    if (!c) return;
    uint64_t lags_us[] = { 0, 7, 5000, 5000, 2500000 };
    for (size_t i = 0; i < sizeof lags_us / sizeof lags_us[0]; i++) {
        sfs_req r;
        memset(&r, 0, sizeof r);
        r.op = i % 2 ? SFS_OP_GETATTR : SFS_OP_LOOKUP;
        r.t_intended_ns = 1000000000ULL;
        r.t_sent_ns = r.t_intended_ns + lags_us[i] * 1000;
        r.t_done_ns = r.t_sent_ns + 300000;
        CHECK(sfs_counters_record(c, &r, 0, 0) == 0, "record");
    }
    sfs_req early;   /* sent before its intended start (a clock step): lag 0 */
    memset(&early, 0, sizeof early);
    early.op = SFS_OP_LOOKUP;
    early.t_intended_ns = 2000000000ULL;
    early.t_sent_ns = early.t_done_ns = 1999000000ULL;
    CHECK(sfs_counters_record(c, &early, 0, 0) == 0, "record");
    memset(s, 0, sizeof s);
    sfs_sample_clear(s);
    sfs_counters_merge(s, c);
    const uint64_t *h = s + SFS_L_BASE + SFS_L_HIST;
    CHECK(lag_total() == 6, "one lag per op: %llu", (unsigned long long)lag_total());
    CHECK(h[sfs_hist_bucket(0)] == 2 && h[sfs_hist_bucket(7)] == 1 && h[sfs_hist_bucket(5000)] == 2 &&
          h[sfs_hist_bucket(2500000)] == 1, "lags in their buckets");
    CHECK(sfs_hist_lower(lag_top()) <= 2500000 && sfs_hist_lower(lag_top() + 1) > 2500000, "largest lag 2.5 s");
    CHECK(s[SFS_L_BASE + SFS_L_MAX] == 2500000, "max lag %llu us", (unsigned long long)s[SFS_L_BASE + SFS_L_MAX]);
    sfs_counters_reset(c);
    memset(s, 0, sizeof s);
    sfs_sample_clear(s);
    sfs_counters_merge(s, c);
    CHECK(lag_total() == 0 && s[SFS_L_BASE + SFS_L_MAX] == 0, "reset empties the lag histogram");
    sfs_counters_free(c);
}

/* A pass of one client: lines due at 0, 0.5 and 1 s of the file's clock. */
static const char *write_fixture(const char *dir)
{
    static char path[700];
    snprintf(path, sizeof path, "%s/second.load", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL, "fixture");
    if (!f) return NULL;
    fputs("0.000 MKDIR3 \"/clients\" *\n"
          "0.000 MKDIR3 \"/clients/client1\" *\n"
          "0.500 GETATTR3 \"/clients/client1\" 0x00000000\n"
          "1.000 GETATTR3 \"/clients/client1\" 0x00000000\n", f);
    fclose(f);
    return path;
}

static double replay_secs(const char *dir, const char *file, const char *extra, uint64_t *ops)
{
    char cfg[1500], err[1024];
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=loadfile\nloadfile=%s\nloadfile_passes=1\n"
             "loadfile_timing=timestamps\nprocs=1\ntarget.0=%s\nroot=lfs\n%s", file, dir, extra);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return -1;
    CHECK(run_phase(e, SFS_PHASE_INIT, 10) == SFS_STATE_DONE, "INIT");
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    CHECK(run_phase(e, SFS_PHASE_RUN, 30) == SFS_STATE_DONE, "RUN ends after the pass");
    clock_gettime(CLOCK_MONOTONIC, &b);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    *ops = sample_total(s, SFS_O_OPS);
    elapsed_s = (double)s[SFS_S_ELAPSED_US] / 1e6;
    CHECK(sample_total(s, SFS_O_ERRORS) == 0, "%s: no errors", extra);
    sfs_engine_close(e);
    return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
}

/* The lower bounds are exact (a line is never sent before it is due); the
 * upper ones leave 0.4 s for a loaded 2-CPU machine. */
static void speeds(const char *dir, const char *file)
{
    static const struct { const char *key; double secs; } cases[] = {
        { "", 1.0 }, { "loadfile_speed=2\n", 0.5 }, { "loadfile_speed=4\n", 0.25 },
        { "loadfile_speed=0.8\n", 1.25 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t ops = 0;
        double t = replay_secs(dir, file, cases[i].key, &ops);
        CHECK(t >= cases[i].secs - 0.002 && t < cases[i].secs + 0.4, "%s a pass of %.2f s took %.3f s",
              cases[i].key, cases[i].secs, t);
        CHECK(elapsed_s >= cases[i].secs - 0.002 && elapsed_s <= t, "%s RUN's time is the pass's %.3f s, not 30 s:"
              " %.3f s", cases[i].key, t, elapsed_s);
        CHECK(ops == 4 && lag_total() == 4, "%s four ops, four lags: %llu, %llu", cases[i].key,
              (unsigned long long)ops, (unsigned long long)lag_total());
        CHECK(lag_top() >= 0 && s[SFS_L_BASE + SFS_L_MAX] < 400000 &&
              (uint64_t)sfs_hist_lower(lag_top()) <= s[SFS_L_BASE + SFS_L_MAX], "%s no line sent 0.4 s late: %llu us",
              cases[i].key, (unsigned long long)s[SFS_L_BASE + SFS_L_MAX]);
    }
}

static void refused(const char *dir, const char *file)
{
    char cfg[1500], err[1024];
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=loadfile\nloadfile=%s\nprocs=1\ntarget.0=%s\n"
             "root=lfs\nloadfile_speed=2\n", file, dir);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e == NULL && strstr(err, "loadfile_speed=2") && strstr(err, "loadfile_timing=timestamps"),
          "speed without timestamps: %s", e ? "opened" : err);
    if (e) sfs_engine_close(e);
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=loadfile\nloadfile=%s\nprocs=1\ntarget.0=%s\n"
             "loadfile_timing=timestamps\nloadfile_speed=0\n", file, dir);
    e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e == NULL && strstr(err, "loadfile_speed"), "speed 0: %s", e ? "opened" : err);
    if (e) sfs_engine_close(e);
}

int main(void)
{
    lag_accounting();
    char dir[] = "/tmp/sfs_loadfile_speed.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    const char *file = write_fixture(dir);
    if (file) {
        speeds(dir, file);
        refused(dir, file);
    }
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "cleanup");
    return check_result("test_loadfile_speed");
}
