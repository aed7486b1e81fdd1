/* mixfile: every one of the 24 MIXFILE ops is issued and succeeds on the
 * posix backend (valid sequences: rmdir of dirs it made, remove/rename of
 * names that exist, create/link/symlink/mknod of names that do not). */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "sfsengine.h"
#include "sfs_ops.h"

static uint64_t s[SFS_SAMPLE_WORDS];

int main(void)
{
    char dir[] = "/tmp/sfs_mixfile_test.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char cfg[2048], err[1024], mix[1024] = "";
    for (int op = 0; op <= SFS_OP_READDIRPLUS; op++) {
        size_t n = strlen(mix);
        snprintf(mix + n, sizeof mix - n, "%s%s:%d", op ? "," : "", sfs_op_name(op),
                 op == SFS_OP_GETATTR ? 8 : 4);
    }
    snprintf(cfg, sizeof cfg, "workload=mixfile\ntarget.0=%s\nrate=400\nfileset_scale=0.0005\n"
             "mix=%s\nseed=11\n", dir, mix);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return check_result("test_mixfile_ops");
    int st;
    CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0, "INIT");
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    CHECK(st == SFS_STATE_DONE, "INIT state %d", st);
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, 1.5) == 0, "RUN");
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    CHECK(st == SFS_STATE_DONE, "RUN state %d", st);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    for (int op = 0; op <= SFS_OP_READDIRPLUS; op++) {
        const uint64_t *o = s + SFS_S_HEADER_WORDS + op * SFS_O_WORDS;
        CHECK(o[SFS_O_OPS] > 0, "op %s was never issued", sfs_op_name(op));
        CHECK(o[SFS_O_ERRORS] == 0, "op %s: %llu errors", sfs_op_name(op), (unsigned long long)o[SFS_O_ERRORS]);
    }
    for (uint64_t i = 0; i < s[SFS_E_BASE]; i++)
        fprintf(stderr, "error op=%s status=%d count=%llu\n",
                sfs_op_name((int)(s[SFS_E_BASE + 1 + 2 * i] >> 32)), (int)(uint32_t)s[SFS_E_BASE + 1 + 2 * i],
                (unsigned long long)s[SFS_E_BASE + 2 + 2 * i]);
    sfs_engine_close(e);

    /* CIFS names are refused by the NFS generator, with the reason */
    snprintf(cfg, sizeof cfg, "workload=mixfile\ntarget.0=%s\nrate=1\nmix=getattr:50,READ_ANDX:50\n", dir);
    e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e == NULL && strstr(err, "READ_ANDX"), "CIFS op in an NFS mix: %s", err);
    if (e) sfs_engine_close(e);
    snprintf(cfg, sizeof cfg, "rm -rf '%s'", dir);
    if (system(cfg) != 0) fprintf(stderr, "cleanup failed\n");
    return check_result("test_mixfile_ops");
}
