/* DEBUG flags write their lines to the log; failed ops (files removed behind
 * the engine's back) show up as D4 lines and in the (op, status) error
 * table, and the password never reaches the log. */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "check.h"
#include "backend.h"
#include "sfsengine.h"
#include "sfs_ops.h"

static uint64_t s[SFS_SAMPLE_WORDS];

static void run_phase(sfs_engine *e, int phase, double secs)
{
    CHECK(sfs_engine_start(e, phase, secs) == 0, "start %d", phase);
    int st;
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    CHECK(st == SFS_STATE_DONE, "phase %d state %d", phase, st);
}

int main(void)
{
    char dir[] = "/tmp/sfs_debug_test.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char cfg[1024], err[1024], log[600], cmd[1400];
    snprintf(log, sizeof log, "%s/engine.log", dir);
    snprintf(cfg, sizeof cfg, "target.0=%s\nrate=200\nfileset_scale=0.001\ndebug=4,7-9,11,12\n"
             "log=%s\n", dir, log);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return check_result("test_debug_log");
    run_phase(e, SFS_PHASE_INIT, 60);
    /* remove every data directory's files: later ops on them fail */
    snprintf(cmd, sizeof cmd, "rm -rf %s/sfs_bench/p0000/d0*", dir);
    CHECK(system(cmd) == 0, "%s", cmd);
    run_phase(e, SFS_PHASE_RUN, 0.5);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    uint64_t errors = 0;
    for (int op = 0; op < SFS_OPS_MAX; op++)
        errors += s[SFS_S_HEADER_WORDS + op * SFS_O_WORDS + SFS_O_ERRORS];
    CHECK(errors > 0, "ops on removed files failed");
    uint64_t tabled = 0;
    int enoent = 0;
    for (uint64_t i = 0; i < s[SFS_E_BASE]; i++) {
        tabled += s[SFS_E_BASE + 2 + 2 * i];
        enoent |= (int)(uint32_t)s[SFS_E_BASE + 1 + 2 * i] == ENOENT;
    }
    CHECK(tabled == errors && enoent, "error table: %llu of %llu errors, ENOENT present %d",
          (unsigned long long)tabled, (unsigned long long)errors, enoent);
    sfs_engine_close(e);

    /* the proc root removed under a running load: the phase fails, naming it */
    snprintf(cfg, sizeof cfg, "target.0=%s\nrate=200\nfileset_scale=0.001\nroot=gone\n", dir);
    e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (e) {
        run_phase(e, SFS_PHASE_INIT, 60);
        CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 10) == 0, "WARMUP");
        snprintf(cmd, sizeof cmd, "rm -rf %s/gone", dir);
        CHECK(system(cmd) == 0, "%s", cmd);
        int st;
        while ((st = sfs_engine_wait(e, 3000)) == SFS_STATE_RUNNING)
            ;
        sfs_engine_error(e, err, sizeof err);
        CHECK(st == SFS_STATE_FAILED && strstr(err, "proc 0") && strstr(err, "gone/p0000 was removed"),
              "target gone: %s", err);
        sfs_engine_close(e);
    }

    /* credentials go to the backend that takes them (smb): a connection
     * refused by a closed port must not put the password in log or message */
    if (sfs_backend_find("smb")) {
        snprintf(cfg, sizeof cfg, "backend=smb\nworkload=sfs2008-cifs\ntarget.0=//127.0.0.1:1/share\n"
                 "debug=7,12\nlog=%s\npassword=Sekr1t-pw\nusername=bob\n", log);
        e = sfs_engine_open(cfg, err, sizeof err);
        CHECK(e == NULL && !strstr(err, "Sekr1t"), "smb to a closed port: %s", err);
        if (e) sfs_engine_close(e);
    }

    FILE *f = fopen(log, "r");
    CHECK(f != NULL, "log %s exists", log);
    int seen[16] = { 0 }, leaked = 0;
    char line[1200];
    while (f && fgets(line, sizeof line, f)) {
        char *d = strstr(line, " D");
        if (d) {
            int flag = atoi(d + 2);
            if (flag > 0 && flag < 16) seen[flag]++;
        }
        if (strstr(line, "Sekr1t")) leaked = 1;
    }
    if (f) fclose(f);
    CHECK(seen[4] > 0, "D4 failed ops");
    CHECK(seen[7] > 0, "D7 general");
    CHECK(seen[8] > 0, "D8 op start/done");
    CHECK(seen[9] > 0, "D9 files");
    CHECK(seen[11] > 0, "D11 pacing sleeps");
    CHECK(seen[12] >= 2, "D12 file set and mix");
    CHECK(!leaked, "password in the log");
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "cleanup failed\n");
    return check_result("test_debug_log");
}
