/* A server restarted in the middle of RUN, ridden through (outage_max): the
 * run ends as planned, the outage the engine reports matches the downtime
 * this test measures, the lost connection was made again and every op is
 * accounted for.
 *
 *   outage_server_test CONFIG_FILE "STOP COMMAND" "START COMMAND"
 *
 * CONFIG_FILE holds the engine configuration of a server this test may stop
 * (its own instance, a small file set); outage_max is added.  RUN lasts 8 s; 2 s into it the
 * stop command runs, 2 s after it the start command (which returns when the
 * server serves again).  Not a ctest of its own (needs a server): run by
 * tests/server_tests.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "sfsengine.h"

#define RUN_S   8.0
#define AT_S    2.0
#define DOWN_S  2.0
#define SLACK_S 0.5

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static uint64_t s[SFS_SAMPLE_WORDS];

static uint64_t outage(int what)
{
    return s[SFS_OUTAGE_BASE + SFS_OUTAGE_LIST + what];
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: outage_server_test CONFIG_FILE STOP_COMMAND START_COMMAND\n");
        return 2;
    }
    char cfg[8192] = "", err[1024];
    FILE *f = fopen(argv[1], "r");
    size_t n = f ? fread(cfg, 1, sizeof cfg - 100, f) : 0;
    if (f) fclose(f);
    if (!n) {
        fprintf(stderr, "outage_server_test: cannot read %s\n", argv[1]);
        return 2;
    }
    snprintf(cfg + n, sizeof cfg - n, "\noutage_max=20\n");
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e)
        return check_result("outage_server_test");
    int st = SFS_STATE_FAILED;
    if (sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0)
        while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING) ;
    sfs_engine_error(e, err, sizeof err);
    CHECK(st == SFS_STATE_DONE, "INIT: state %d %s", st, err);
    double t_run = now_s();
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, RUN_S) == 0, "start RUN");
    usleep((useconds_t)(AT_S * 1e6));
    double t_stop = now_s() - t_run;
    CHECK(system(argv[2]) == 0, "stop: %s", argv[2]);
    double t_stopped = now_s() - t_run;
    usleep((useconds_t)(DOWN_S * 1e6));
    double t_start = now_s() - t_run;
    CHECK(system(argv[3]) == 0, "start: %s", argv[3]);
    double t_up = now_s() - t_run;
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING && now_s() - t_run < RUN_S + 30) ;
    sfs_engine_error(e, err, sizeof err);
    CHECK(st == SFS_STATE_DONE, "RUN rode through: state %d %s", st, err);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    uint64_t ops = 0, errors = 0;
    for (int op = 0; op < SFS_OPS_MAX; op++) {
        const uint64_t *o = s + SFS_S_HEADER_WORDS + op * SFS_O_WORDS;
        uint64_t h = 0;
        for (int b = 0; b < SFS_HIST_BUCKETS; b++) h += o[SFS_O_HIST + b];
        CHECK(h == o[SFS_O_OPS] && o[SFS_O_ERRORS] <= o[SFS_O_OPS], "op %d: %llu ops, %llu in the "
              "histogram, %llu errors", op, (unsigned long long)o[SFS_O_OPS], (unsigned long long)h,
              (unsigned long long)o[SFS_O_ERRORS]);
        ops += o[SFS_O_OPS];
        errors += o[SFS_O_ERRORS];
    }
    uint64_t count = s[SFS_OUTAGE_BASE + SFS_OUTAGE_COUNT];
    double begin = outage(SFS_OUTAGE_BEGIN_US) / 1e6, end = outage(SFS_OUTAGE_END_US) / 1e6;
    fprintf(stderr, "outage_server_test: stopped in %.3f .. %.3f s, serving again in %.3f .. %.3f s; "
            "engine: %llu outage(s), the first %.3f .. %.3f s, %llu re-sent, %llu failed, %llu "
            "reconnect(s); %llu ops, %llu errors\n", t_stop, t_stopped, t_start, t_up,
            (unsigned long long)count, begin, end,
            (unsigned long long)outage(SFS_OUTAGE_RESENT), (unsigned long long)outage(SFS_OUTAGE_FAILED),
            (unsigned long long)outage(SFS_OUTAGE_RECONNECTS), (unsigned long long)ops,
            (unsigned long long)errors);
    CHECK(count == 1, "one outage, not %llu", (unsigned long long)count);
    /* the server went away while its stop command ran, and came back while
     * its start command ran */
    CHECK(begin > t_stop - SLACK_S && begin < t_stopped + SLACK_S, "begin %.3f s, stopped in "
          "%.3f .. %.3f s", begin, t_stop, t_stopped);
    CHECK(end > t_start - SLACK_S && end < t_up + SLACK_S, "end %.3f s, serving again in %.3f .. "
          "%.3f s", end, t_start, t_up);
    CHECK(outage(SFS_OUTAGE_RECONNECTS) >= 1, "reconnected");
    CHECK(outage(SFS_OUTAGE_FAILED) == 0, "no op failed in it");
    CHECK(ops > 0, "ops ran");
    sfs_engine_close(e);
    return check_result("outage_server_test");
}
