/* The posix backend under a small open-file limit (RLIMIT_NOFILE, lowered
 * here for this process): procs whose own fds fit share what is left for
 * their caches (here none: every read/write opens its file) and run INIT and
 * RUN without errors; more procs than the limit allows fail at open with a
 * message naming the limit and its value.  Without the shared budget, each
 * proc's 256-file cache ran the process out of fds (EMFILE in INIT). */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "check.h"
#include "samples.h"
#include "sfsengine.h"

#define LIMIT 400

static uint64_t s[SFS_SAMPLE_WORDS];

int main(void)
{
    struct rlimit rl = { LIMIT, LIMIT };
    CHECK(setrlimit(RLIMIT_NOFILE, &rl) == 0, "setrlimit");
    char dir[] = "/tmp/sfs_fd_limit.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char cfg[1024], err[1024];

    /* 200 procs + 256 for the process > 400 */
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=sfs2008-nfs\nprocs=200\ntarget.0=%s\n"
             "rate=1\nfileset_scale=0.0001\nseed=3\n", dir);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e == NULL, "200 procs under a limit of %d open", LIMIT);
    CHECK(strstr(err, "RLIMIT_NOFILE is 400") && strstr(err, "200 posix procs need 456 open files"),
          "message names the limit and the need: %s", err);
    if (e) sfs_engine_close(e);

    /* 100 procs fit (356), with no room left for caching */
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=sfs2008-nfs\nprocs=100\ntarget.0=%s\n"
             "rate=20\nfileset_scale=0.0001\nseed=3\n", dir);
    e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "100 procs open: %s", err);
    if (e) {
        CHECK(run_phase(e, SFS_PHASE_INIT, 120) == SFS_STATE_DONE, "INIT");
        CHECK(run_phase(e, SFS_PHASE_RUN, 1.0) == SFS_STATE_DONE, "RUN");
        sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
        uint64_t ops = sample_total(s, SFS_O_OPS), errors = sample_total(s, SFS_O_ERRORS);
        CHECK(ops > 1000 && errors == 0, "RUN: %llu ops, %llu errors", (unsigned long long)ops,
              (unsigned long long)errors);
        sfs_engine_close(e);
    }
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "cleanup of %s failed\n", dir);
    return check_result("test_posix_fd_limit");
}
