/* A server that stops answering in the middle of a run: the engine ends the
 * phase naming the cause and frees cleanly (backend.h, request lifecycle).
 *
 *   nfs3_frozen_test TARGET SERVER_PID
 *
 * TARGET is an nfs:// URL of a Ganesha this test may freeze (its own
 * instance, pid SERVER_PID).  A loadfile replay (whose workload state its
 * judge and completed write) runs on nfs3; the server is frozen with
 * SIGSTOP, the engine stopped, waited for and closed, then the server is
 * thawed.  Under AddressSanitizer a request completed into freed workload
 * state fails the run.  Not a ctest of its own (needs a server): the
 * sanitizer variants run it against a private Ganesha
 * (tests/sanitizer_variant.cmake). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "sfsengine.h"

#ifndef SFS_SOURCE_DIR
#define SFS_SOURCE_DIR "."
#endif

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: nfs3_frozen_test TARGET SERVER_PID\n");
        return 2;
    }
    pid_t server = (pid_t)atol(argv[2]);
    if (server <= 1 || kill(server, 0) != 0) {
        fprintf(stderr, "nfs3_frozen_test: no server process %s: %s\n", argv[2], strerror(errno));
        return 2;
    }
    char cfg[2048], err[1024];
    snprintf(cfg, sizeof cfg,
             "backend=nfs3\nworkload=loadfile\nloadfile=%s/tests/loadfiles/nfs.load\n"
             "procs=4\ntarget.0=%s\ntarget.1=%s\ntarget.2=%s\ntarget.3=%s\n"
             "root=frozen%d\n", SFS_SOURCE_DIR, argv[1], argv[1], argv[1], argv[1], (int)getpid());
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e)
        return check_result("nfs3_frozen_test");
    int st = SFS_STATE_FAILED;
    if (sfs_engine_start(e, SFS_PHASE_INIT, 30) == 0)
        while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING) ;
    CHECK(st == SFS_STATE_DONE, "INIT: %d", st);
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, 120) == 0, "start RUN");
    usleep(500000);
    CHECK(kill(server, SIGSTOP) == 0, "SIGSTOP %d: %s", (int)server, strerror(errno));
    usleep(500000);   /* requests go out and get no answer */
    double t0 = now_s();
    sfs_engine_stop(e);
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING && now_s() - t0 < 60) ;
    double waited = now_s() - t0;
    sfs_engine_error(e, err, sizeof err);
    CHECK(st == SFS_STATE_FAILED, "a stopped run with requests unanswered fails (state %d)", st);
    /* ends within the drain (10 s), before the RPC timeout (30 s) */
    CHECK(waited < 20, "the phase ended %.1f s after stop", waited);
    CHECK(strstr(err, "did not answer") != NULL && strstr(err, argv[1]) != NULL,
          "the error names the server and the cause: '%s'", err);
    fprintf(stderr, "nfs3_frozen_test: ended %.1f s after stop: %s\n", waited, err);
    double c0 = now_s();
    sfs_engine_close(e);
    double closing = now_s() - c0;
    CHECK(closing < 5, "close took %.1f s with the server frozen", closing);
    CHECK(kill(server, SIGCONT) == 0, "SIGCONT %d: %s", (int)server, strerror(errno));
    return check_result("nfs3_frozen_test");
}
