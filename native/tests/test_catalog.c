/* The catalog (sfsengine.h): it lists exactly the backends this build
 * has (CMake's SFS_WITH_* options, SFS_BUILT_BACKENDS), and
 * sfs_engine_target_mix gives the mix a configuration makes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "sfsengine.h"
#include "sfs_ops.h"

static int cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void backends_are_the_built_ones(void)
{
    char built[256];
    snprintf(built, sizeof built, "%s", SFS_BUILT_BACKENDS);
    const char *want[16];
    int n = 0;
    for (char *sv, *b = strtok_r(built, " ", &sv); b && n < 16; b = strtok_r(NULL, " ", &sv))
        want[n++] = b;
    qsort(want, (size_t)n, sizeof want[0], cmp);
    CHECK(sfs_engine_backend_count() == n, "%d backends listed, %d built (%s)",
          sfs_engine_backend_count(), n, SFS_BUILT_BACKENDS);
    for (int i = 0; i < n && i < sfs_engine_backend_count(); i++)
        CHECK(strcmp(sfs_engine_backend_name(i), want[i]) == 0, "backend %d: %s, built %s", i,
              sfs_engine_backend_name(i), want[i]);
    /* a workload runs only on listed backends, and each rc workload on one at least */
    for (int w = 0; w < sfs_engine_workload_count(); w++) {
        int on = 0;
        for (int b = 0; b < sfs_engine_backend_count(); b++)
            on += sfs_engine_workload_runs_on(w, b);
        CHECK(on > 0 || !(sfs_engine_workload_flags(w) & SFS_WORKLOAD_RC),
              "workload %s runs on no backend of this build", sfs_engine_workload_name(w));
    }
}

static int workload_index(const char *name)
{
    for (int w = 0; w < sfs_engine_workload_count(); w++)
        if (strcmp(sfs_engine_workload_name(w), name) == 0)
            return w;
    return -1;
}

static void dataset_flag(void)
{
    const char *dataset[] = { "randread", "seqread", "seqwrite" };
    for (int i = 0; i < 3; i++) {
        int w = workload_index(dataset[i]);
        CHECK(w >= 0 && (sfs_engine_workload_flags(w) & SFS_WORKLOAD_DATASET), "%s: data set",
              dataset[i]);
    }
    int w = workload_index("sfs2008-nfs");
    CHECK(w >= 0 && !(sfs_engine_workload_flags(w) & SFS_WORKLOAD_DATASET), "sfs2008-nfs: file set");
}

/* every workload says which rules judge its results */
static void rules(void)
{
    const char *name[] = { "sfs2008-nfs", "sfs2008-cifs", "mixfile", "access", "loadfile", "randread",
                           "seqread", "seqwrite" };
    const int want[] = { SFS_RULES_SPECSFS2008, SFS_RULES_SPECSFS2008, SFS_RULES_SPECSFS2008, SFS_RULES_ACCESS,
                         SFS_RULES_LOADFILE, SFS_RULES_TOP_SPEED, SFS_RULES_TOP_SPEED, SFS_RULES_TOP_SPEED };
    for (int i = 0; i < 8; i++) {
        int w = workload_index(name[i]);
        CHECK(w >= 0 && sfs_engine_workload_rules(w) == want[i], "%s: rules %d, want %d", name[i],
              w < 0 ? -1 : sfs_engine_workload_rules(w), want[i]);
    }
    CHECK(sfs_engine_workload_rules(-1) == 0, "no workload, no rules");
}

static void target_mix(void)
{
    double pct[SFS_OP_COUNT];
    char err[512];
    int w = workload_index("sfs2008-nfs");
    CHECK(w >= 0, "sfs2008-nfs listed");
    CHECK(sfs_engine_target_mix("target.0=-\n", pct, SFS_OP_COUNT, err, sizeof err) == 0, "%s", err);
    for (int op = 0; op < SFS_OP_COUNT; op++)
        CHECK(pct[op] == (sfs_engine_workload_mix(w, op) > 0 ? sfs_engine_workload_mix(w, op) : 0),
              "sfs2008-nfs %s: %g", sfs_op_name(op), pct[op]);

    /* the mix key wins */
    CHECK(sfs_engine_target_mix("target.0=-\nmix=getattr:60,lookup:40\n", pct, SFS_OP_COUNT, err,
                                sizeof err) == 0, "%s", err);
    CHECK(pct[SFS_OP_GETATTR] == 60 && pct[SFS_OP_LOOKUP] == 40 && pct[SFS_OP_READ] == 0, "mix key");

    /* seqwrite: per file one remove, one create, file_bytes / xfer writes
     * (the last one committing): 8 MiB over 2 procs' files of 1 MiB transfers */
    CHECK(sfs_engine_target_mix("workload=seqwrite\nprocs=2\ntarget.0=-\nworking_set=8388608\n"
                                "xfer_size=1048576\n", pct, SFS_OP_COUNT, err, sizeof err) == 0,
          "%s", err);
    CHECK(fabs(pct[SFS_OP_WRCACHE] - 50) < 1e-9 && fabs(pct[SFS_OP_WRITE] - 100.0 / 6) < 1e-9 &&
          fabs(pct[SFS_OP_REMOVE] - 100.0 / 6) < 1e-9 && fabs(pct[SFS_OP_CREATE] - 100.0 / 6) < 1e-9,
          "seqwrite mix %g %g %g %g", pct[SFS_OP_WRCACHE], pct[SFS_OP_WRITE], pct[SFS_OP_REMOVE],
          pct[SFS_OP_CREATE]);
    CHECK(sfs_engine_target_mix("workload=seqwrite\ntarget.0=-\n", pct, SFS_OP_COUNT, err,
                                sizeof err) != 0 && strstr(err, "working_set"),
          "seqwrite without a data set: %s", err);

    /* mixes that come from an input, and a short array, are refused */
    CHECK(sfs_engine_target_mix("workload=access\ntarget.0=-\n", pct, SFS_OP_COUNT, err,
                                sizeof err) != 0 && strstr(err, "access"), "access: %s", err);
    CHECK(sfs_engine_target_mix("target.0=-\n", pct, 3, err, sizeof err) != 0, "short array");
    CHECK(sfs_engine_target_mix("target.0=-\nfileset_scale=2\n", pct, SFS_OP_COUNT, err,
                                sizeof err) != 0 && strstr(err, "fileset_scale"),
          "bad config: %s", err);
}

int main(void)
{
    backends_are_the_built_ones();
    dataset_flag();
    rules();
    target_mix();
    return check_result("test_catalog");
}
