/* The file set: sizing, size-class shape, working set, and the SFS 2.0
 * defect: how the load is split over procs must not change the working set. */
#include <string.h>
#include <stdlib.h>
#include <math.h>
#include "check.h"
#include "config.h"
#include "fileset.h"

struct totals {
    double bytes, wbytes, files, wfiles;
    double class_wbytes[SFS_FS_CLASSES];
};

/* share of reads landing in each size class when the load is split over
 * 'procs' procs (each draws in proportion to its rate) for transfers of len */
static void fit_shares(int procs, double rate_per_proc, uint64_t len, double share[SFS_FS_CLASSES])
{
    struct sfs_cfg c;
    char err[512], text[256];
    const int draws = 40000;
    snprintf(text, sizeof text, "target.0=/tmp\nprocs=%d\nrate=%g\nseed=42\n", procs, rate_per_proc);
    CHECK(sfs_cfg_parse(text, &c, err, sizeof err) == 0, "%s", err);
    memset(share, 0, sizeof(double) * SFS_FS_CLASSES);
    sfs_rng r;
    sfs_rng_seed(&r, 5);
    for (int p = 0; p < procs; p++) {
        struct sfs_fileset fs;
        CHECK(sfs_fileset_build(&fs, &c, p, err, sizeof err) == 0, "%s", err);
        for (int i = 0; i < draws / procs; i++)
            share[fs.cls[sfs_fs_pick_fit(&fs, &r, len)]] += 1.0 / draws;
        sfs_fileset_free(&fs);
    }
    sfs_cfg_free(&c);
}

/* build every proc of one split of the load and sum them */
static void build_split(int procs, double rate_per_proc, struct totals *t)
{
    struct sfs_cfg c;
    char err[512], text[256];
    snprintf(text, sizeof text, "target.0=/tmp\nprocs=%d\nrate=%g\nseed=42\n", procs, rate_per_proc);
    CHECK(sfs_cfg_parse(text, &c, err, sizeof err) == 0, "%s", err);
    memset(t, 0, sizeof *t);
    for (int p = 0; p < procs; p++) {
        struct sfs_fileset fs;
        CHECK(sfs_fileset_build(&fs, &c, p, err, sizeof err) == 0, "%s", err);
        t->bytes += (double)fs.total_bytes;
        t->wbytes += (double)fs.working_bytes;
        t->files += fs.nfiles;
        t->wfiles += fs.nworking;
        for (uint32_t i = 0; i < fs.nworking; i++) {
            uint32_t f = fs.working[i];
            t->class_wbytes[fs.cls[f]] += (double)fs.size[f];
        }
        sfs_fileset_free(&fs);
    }
    sfs_cfg_free(&c);
}

static double rel(double a, double b)
{
    return fabs(a - b) / b;
}

/* every scale the rc file accepts (RcParser.MIN_FILESET_SCALE is 0.0001),
 * 1, 2 and 8 procs, several load points: a point's built file set is at most
 * its plan and short of it by less than SFS_FS_TOLERANCE per proc, and so
 * is its working set (access_pcnt of the plan) */
static void scale_tolerance(void)
{
    static const double scales[] = { 1, 0.1, 0.01, 0.001, 0.0001 };
    static const int procs[] = { 1, 2, 8 };
    static const int rates[] = { 1, 2, 3, 5, 10, 25, 50 };
    for (size_t si = 0; si < sizeof scales / sizeof *scales; si++)
        for (size_t pi = 0; pi < sizeof procs / sizeof *procs; pi++)
            for (size_t ri = 0; ri < sizeof rates / sizeof *rates; ri++) {
                struct sfs_cfg c;
                char err[512], text[256];
                snprintf(text, sizeof text, "target.0=/tmp\nprocs=%d\nrate=%d\nseed=%zu\n"
                         "fileset_scale=%g\n", procs[pi], rates[ri], 1000 + ri, scales[si]);
                CHECK(sfs_cfg_parse(text, &c, err, sizeof err) == 0, "%s", err);
                double built = 0, working = 0;
                for (int p = 0; p < procs[pi]; p++) {
                    struct sfs_fileset fs;
                    CHECK(sfs_fileset_build(&fs, &c, p, err, sizeof err) == 0, "%s", err);
                    built += (double)fs.total_bytes;
                    working += (double)fs.working_bytes;
                    sfs_fileset_free(&fs);
                }
                double plan = (double)rates[ri] * procs[pi] * 120.0 * 1048576.0 * scales[si];
                double tol = (double)procs[pi] * SFS_FS_TOLERANCE;
                CHECK(built <= plan + 1e-6 && plan - built < tol,
                      "scale %g, %d procs at %d ops/s: built %.0f bytes, plan %.0f (tolerance %.0f)",
                      scales[si], procs[pi], rates[ri], built, plan, tol);
                CHECK(working <= 0.3 * plan + 1e-6 && 0.3 * plan - working < tol,
                      "scale %g, %d procs at %d ops/s: working set %.0f of %.0f bytes planned",
                      scales[si], procs[pi], rates[ri], working, plan);
                sfs_cfg_free(&c);
            }
}

int main(void)
{
    /* the table: shares add to 100, largest class 32 MB, mean well above SFS 3.0's */
    double sum = 0;
    for (int i = 0; i < SFS_FS_CLASSES; i++) sum += sfs_fs_size_table[i].pct;
    CHECK(fabs(sum - 100) < 1e-9, "shares add to %g", sum);
    CHECK(sfs_fs_size_table[SFS_FS_CLASSES - 1].bytes == 32ULL << 20, "max 32 MB");
    CHECK(sfs_fs_table_mean() > 100 * 1024, "mean %g", sfs_fs_table_mean());

    /* 1 proc x 100 ops/s, 10 x 10, 100 x 1: same totals within 2 %, same shape */
    struct totals a, b, c;
    build_split(1, 100, &a);
    build_split(10, 10, &b);
    build_split(100, 1, &c);
    double want = 100 * 120.0 * 1048576.0;
    CHECK(rel(a.bytes, want) < 0.02, "1x100 file set %g vs %g", a.bytes, want);
    CHECK(rel(b.bytes, a.bytes) < 0.02, "10x10 file set %g vs 1x100 %g", b.bytes, a.bytes);
    CHECK(rel(c.bytes, a.bytes) < 0.02, "100x1 file set %g vs 1x100 %g", c.bytes, a.bytes);
    CHECK(rel(a.wbytes, 0.3 * a.bytes) < 0.02, "working set is 30 %%: %g of %g", a.wbytes, a.bytes);
    CHECK(rel(b.wbytes, a.wbytes) < 0.02, "10x10 working set %g vs 1x100 %g", b.wbytes, a.wbytes);
    CHECK(rel(c.wbytes, a.wbytes) < 0.02, "100x1 working set %g vs 1x100 %g", c.wbytes, a.wbytes);
    CHECK(rel(b.wfiles, a.wfiles) < 0.02, "working files %g vs %g", b.wfiles, a.wfiles);
    for (int k = 0; k < SFS_FS_CLASSES; k++) {
        double sa = a.class_wbytes[k] / a.wbytes, sb = b.class_wbytes[k] / b.wbytes;
        CHECK(fabs(sa - sb) < 0.02, "class %d share of working bytes %g vs %g", k, sa, sb);
    }

    scale_tolerance();

    /* the files reads land on do not depend on the split either */
    for (uint64_t len = 4096; len <= 256 * 1024; len *= 8) {
        double s1[SFS_FS_CLASSES], s10[SFS_FS_CLASSES];
        fit_shares(1, 100, len, s1);
        fit_shares(10, 10, len, s10);
        for (int k = 0; k < SFS_FS_CLASSES; k++)
            CHECK(fabs(s1[k] - s10[k]) < 0.02, "reads of %llu bytes: class %d gets %.3f (1x100) vs %.3f (10x10)",
                  (unsigned long long)len, k, s1[k], s10[k]);
    }

    /* fit: reads/overwrites get a file at least as large as the transfer */
    {
        struct sfs_cfg c1;
        struct sfs_fileset big;
        char e1[512];
        sfs_rng fr;
        sfs_rng_seed(&fr, 9);
        CHECK(sfs_cfg_parse("target.0=/tmp\nrate=10\n", &c1, e1, sizeof e1) == 0, "%s", e1);
        CHECK(sfs_fileset_build(&big, &c1, 0, e1, sizeof e1) == 0, "%s", e1);
        int small_ok = 1, big_ok = 1, over_ok = 1;
        for (int i = 0; i < 2000; i++) {
            small_ok &= big.size[sfs_fs_pick_fit(&big, &fr, 4096)] >= 4096;
            big_ok &= big.size[sfs_fs_pick_fit(&big, &fr, 256 * 1024)] >= 256 * 1024;
            over_ok &= big.size[sfs_fs_pick_fit(&big, &fr, 64ULL << 20)] == 32ULL << 20;
        }
        CHECK(small_ok && big_ok, "fit gives files at least as large as the transfer");
        CHECK(over_ok, "a transfer larger than any file gets the largest class");
        sfs_fileset_free(&big);
        sfs_cfg_free(&c1);
    }

    /* determinism, names, churn pool, INIT sequence */
    struct sfs_cfg cfg;
    char err[512];
    CHECK(sfs_cfg_parse("target.0=/tmp\nrate=1\nfileset_scale=0.01\nseed=3\n", &cfg, err, sizeof err) == 0, "%s", err);
    struct sfs_fileset f1, f2;
    CHECK(sfs_fileset_build(&f1, &cfg, 0, err, sizeof err) == 0, "%s", err);
    CHECK(sfs_fileset_build(&f2, &cfg, 0, err, sizeof err) == 0, "%s", err);
    CHECK(f1.nfiles == f2.nfiles && memcmp(f1.size, f2.size, f1.nfiles * sizeof *f1.size) == 0 &&
          memcmp(f1.working, f2.working, f1.nworking * sizeof *f1.working) == 0, "same seed, same file set");
    char d[SFS_FS_PATH], n[SFS_FS_PATH], p[SFS_FS_PATH];
    sfs_fs_file(&f1, 31, d, n, p);
    CHECK(strcmp(p, "d00001/f0000031") == 0, "name %s", p);
    uint64_t objects = 0, writes = 0, bytes = 0;
    sfs_req r;
    while (sfs_fileset_next_init(&f1, &r)) {
        objects += r.objects;
        if (r.op == SFS_OP_WRITE || r.op == SFS_OP_WRCACHE) { writes++; bytes += r.length; }
    }
    CHECK(objects == f1.init_total, "INIT objects %llu of %llu", (unsigned long long)objects,
          (unsigned long long)f1.init_total);
    CHECK(bytes == f1.total_bytes, "INIT writes %llu bytes of %llu", (unsigned long long)bytes,
          (unsigned long long)f1.total_bytes);
    uint32_t live = f1.nlive;
    sfs_rng rng;
    sfs_rng_seed(&rng, 1);
    int64_t s = sfs_fs_churn_create(&f1, &rng);
    CHECK(s >= 0 && f1.nlive == live + 1, "churn create");
    s = sfs_fs_churn_remove(&f1, &rng);
    CHECK(s >= 0 && f1.nlive == live, "churn remove");
    sfs_fileset_free(&f1);
    sfs_fileset_free(&f2);
    sfs_cfg_free(&cfg);
    return check_result("test_fileset");
}
