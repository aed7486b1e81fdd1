/* sfs_engine_wait times out on the monotonic clock, and sfs_engine_step
 * applies a step all or nothing.
 *
 * The wall clock is stepped an hour back for the engine by this file's own
 * clock_gettime (the executable's definition wins over libc's for the
 * library too): a wait timed on CLOCK_REALTIME would end at once. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include "check.h"
#include "sfsengine.h"
#include "engine_internal.h"

int clock_gettime(clockid_t id, struct timespec *ts)
{
    int rc = (int)syscall(SYS_clock_gettime, id, ts);
    if (rc == 0 && id == CLOCK_REALTIME)
        ts->tv_sec -= 3600;   /* an NTP step back */
    return rc;
}

static double mono_s(void)
{
    struct timespec t;
    syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void wait_is_monotonic(void)
{
    char err[1024];
    sfs_engine *e = sfs_engine_open("backend=null\nworkload=sfs2008-nfs\ntarget.0=x\nrate=10\n"
                                    "fileset_scale=0.001\n", err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return;
    CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 0) == 0, "start WARMUP");
    double t0 = mono_s();
    int st = sfs_engine_wait(e, 300);
    double waited = mono_s() - t0;
    CHECK(st == SFS_STATE_RUNNING, "WARMUP runs until stopped (state %d)", st);
    CHECK(waited > 0.25 && waited < 2, "wait(300 ms) took %.3f s", waited);
    sfs_engine_stop(e);
    CHECK(sfs_engine_wait(e, 5000) == SFS_STATE_DONE, "stopped");
    sfs_engine_close(e);
}

static void step_is_all_or_nothing(void)
{
    char err[1024];
    sfs_engine *e = sfs_engine_open("backend=null\nworkload=sfs2008-nfs\nprocs=3\ntarget.0=x\n"
                                    "target.1=x\ntarget.2=x\nrate=10\nfileset_scale=0.001\n",
                                    err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return;
    CHECK(sfs_engine_step(e, "rate=20\nactive=2\n", err, sizeof err) == 0, "valid step: %s", err);
    CHECK(e->cfg.rate == 20 && e->load_procs == 2, "applied: rate %g active %d", e->cfg.rate,
          e->load_procs);
    /* each refused key, after valid ones: nothing of the step is applied */
    static const char *const bad[] = {
        "rate=50\nactive=3\noutstanding_ios=1\nactive=9\n",
        "active=1\noutstanding_ios=1\nrate=-1\n",
        "rate=50\nactive=1\noutstanding_ios=2\n",
        "rate=50\nactive=1\nno_such_key=1\n",
        "rate=50\nactive=1\nnot a pair\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        CHECK(sfs_engine_step(e, bad[i], err, sizeof err) == -1 && err[0], "refused: %s", bad[i]);
        CHECK(e->cfg.rate == 20 && e->load_procs == 2 && e->procs[2].interval_ns == 1e9 / 20,
              "step %zu changed nothing: rate %g active %d", i, e->cfg.rate, e->load_procs);
    }
    sfs_engine_close(e);
}

int main(void)
{
    wait_is_monotonic();
    step_is_all_or_nothing();
    return check_result("test_engine_wait_step");
}
