/* workload=loadfile with loadfile_dir: each proc replays its own loadfile
 * (the i-th of the folder by name), so a set of recorded clients is
 * replayed once each (op counts exact); a folder with another number of
 * files than procs, or both loadfile and loadfile_dir, is refused. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "sfsengine.h"
#include "sfs_ops.h"
#include "samples.h"

static uint64_t s[SFS_SAMPLE_WORDS];

static void put(const char *dir, const char *name, const char *text)
{
    char p[700];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    CHECK(f != NULL, "%s", p);
    if (f) { fputs(text, f); fclose(f); }
}

static sfs_engine *open_with(const char *dir, const char *keys, int procs, char *err, size_t errlen)
{
    char cfg[2600];
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=loadfile\nloadfile_passes=1\nprocs=%d\ntarget.0=%s/mnt\n"
             "root=set\n%s", procs, dir, keys);
    return sfs_engine_open(cfg, err, (int)errlen);
}

static uint64_t ops_of(int op)
{
    return s[SFS_S_HEADER_WORDS + op * SFS_O_WORDS + SFS_O_OPS];
}

int main(void)
{
    char dir[] = "/tmp/sfs_loadfile_set.XXXXXX", sub[700], mnt[700], keys[1600], err[1024];
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    snprintf(sub, sizeof sub, "%s/set", dir);
    snprintf(mnt, sizeof mnt, "%s/mnt", dir);
    char cmd[1500];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s' '%s'", sub, mnt);
    CHECK(system(cmd) == 0, "folders");
    /* the recorded clients: b sorts after a; a dot file is a copy being written */
    put(sub, "1-a.load", "FSSTAT3 0x00000000\nFSSTAT3 0x00000000\nFSSTAT3 0x00000000\n");
    put(sub, "2-b.load", "MKDIR3 \"/b\" *\nGETATTR3 \"/b\" 0x00000000\nGETATTR3 \"/b\" 0x00000000\n"
        "GETATTR3 \"/b\" 0x00000000\nGETATTR3 \"/b\" 0x00000000\n");
    put(sub, ".part-x", "not a loadfile\n");
    snprintf(keys, sizeof keys, "loadfile_dir=%s\n", sub);
    sfs_engine *e = open_with(dir, keys, 2, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (e) {
        CHECK(run_phase(e, SFS_PHASE_INIT, 10) == SFS_STATE_DONE, "INIT");
        CHECK(run_phase(e, SFS_PHASE_RUN, 30) == SFS_STATE_DONE, "RUN ends after each file's pass");
        sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
        CHECK(sample_total(s, SFS_O_ERRORS) == 0, "no errors");
        CHECK(ops_of(SFS_OP_FSSTAT) == 3 && ops_of(SFS_OP_GETATTR) == 4 && ops_of(SFS_OP_MKDIR) == 1,
              "each file replayed once by one proc: fsstat %llu getattr %llu mkdir %llu",
              (unsigned long long)ops_of(SFS_OP_FSSTAT), (unsigned long long)ops_of(SFS_OP_GETATTR),
              (unsigned long long)ops_of(SFS_OP_MKDIR));
        sfs_engine_close(e);
    }
    e = open_with(dir, keys, 3, err, sizeof err);
    CHECK(e == NULL && strstr(err, "2 loadfiles for 3 procs"), "count: %s", e ? "opened" : err);
    if (e) sfs_engine_close(e);
    snprintf(keys, sizeof keys, "loadfile_dir=%s\nloadfile=%s/1-a.load\n", sub, sub);
    e = open_with(dir, keys, 2, err, sizeof err);
    CHECK(e == NULL && strstr(err, "one of the two"), "both keys: %s", e ? "opened" : err);
    if (e) sfs_engine_close(e);
    e = open_with(dir, "loadfile_dir=/nonexistent/sfs\n", 1, err, sizeof err);
    CHECK(e == NULL && strstr(err, "loadfile_dir=/nonexistent/sfs: cannot open the folder"), "missing: %s",
          e ? "opened" : err);
    if (e) sfs_engine_close(e);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "cleanup");
    return check_result("test_loadfile_set");
}
