/* A server that stops answering in the middle of a run: the engine ends the
 * phase naming the cause and frees cleanly (backend.h, request lifecycle).
 *
 *   frozen_server_test SERVER_PID CONFIG_FILE
 *
 * CONFIG_FILE holds the engine configuration (key=value lines: backend,
 * workload, procs, targets, credentials) of a server this test may freeze:
 * its own instance, whose
 * process group (SERVER_PID's) gets SIGSTOP during RUN.  The engine is then
 * stopped, waited for and closed, and the server thawed.  With a workload
 * whose judge/completed write workload state (loadfile, sfs2008-cifs), a
 * request completed into freed state fails the run under AddressSanitizer.
 * Not a ctest of its own (needs a server): the sanitizer variants run it
 * through tests/server_tests.sh. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "sfsengine.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: frozen_server_test SERVER_PID CONFIG_FILE\n");
        return 2;
    }
    pid_t server = (pid_t)atol(argv[1]);
    pid_t group = server > 1 ? getpgid(server) : -1;
    if (group <= 1) {
        fprintf(stderr, "frozen_server_test: no server process %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    char cfg[8192] = "", err[1024];
    FILE *f = fopen(argv[2], "r");
    size_t n = f ? fread(cfg, 1, sizeof cfg - 1, f) : 0;
    if (f) fclose(f);
    if (!n) {
        fprintf(stderr, "frozen_server_test: cannot read %s: %s\n", argv[2], strerror(errno));
        return 2;
    }
    cfg[n] = '\0';
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e)
        return check_result("frozen_server_test");
    int st = SFS_STATE_FAILED;
    if (sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0)
        while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING) ;
    sfs_engine_error(e, err, sizeof err);
    CHECK(st == SFS_STATE_DONE, "INIT: state %d %s", st, err);
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, 120) == 0, "start RUN");
    usleep(500000);
    CHECK(kill(-group, SIGSTOP) == 0, "SIGSTOP group %d: %s", (int)group, strerror(errno));
    usleep(500000);   /* requests go out and get no answer */
    double t0 = now_s();
    sfs_engine_stop(e);
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING && now_s() - t0 < 60) ;
    double waited = now_s() - t0;
    sfs_engine_error(e, err, sizeof err);
    CHECK(st == SFS_STATE_FAILED, "a stopped run with requests unanswered fails (state %d)", st);
    /* ends within the drain (10 s), before the backends' timeouts (30 s) */
    CHECK(waited < 20, "the phase ended %.1f s after stop", waited);
    /* the engine's drain ran out, or the client library's own timeout hit first */
    int cause = strstr(err, "did not answer") || strstr(err, "no answer") || strstr(err, "no reply");
    CHECK(cause && strstr(err, "(target "), "the error names the server and the cause: '%s'", err);
    fprintf(stderr, "frozen_server_test: ended %.1f s after stop: %s\n", waited, err);
    double c0 = now_s();
    sfs_engine_close(e);
    double closing = now_s() - c0;
    CHECK(closing < 5, "close took %.1f s with the server frozen", closing);
    CHECK(kill(-group, SIGCONT) == 0, "SIGCONT group %d: %s", (int)group, strerror(errno));
    return check_result("frozen_server_test");
}
