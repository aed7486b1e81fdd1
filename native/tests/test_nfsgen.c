/* The SFS NFS generator without a server: the op mix it draws matches the
 * SPECsfs2008 table, ~35 % of lookups are of missing names, ~70 % of writes
 * append, read transfers follow the read table (fit keeps them uncut), and
 * the same seed gives the same request sequence while other procs differ. */
#include <string.h>
#include <stdlib.h>
#include <math.h>
#include "check.h"
#include "config.h"
#include "fileset.h"
#include "nfsgen.h"
#include "xfer_sizes.h"
#include "workload.h"

#define DRAWS 200000

struct gen {
    struct sfs_fileset fs;
    void *state;
};

static void open_gen(const struct sfs_cfg *c, int proc, struct gen *g)
{
    char err[512];
    const sfs_workload *w = sfs_workload_find("sfs2008-nfs");
    CHECK(w != NULL, "sfs2008-nfs registered");
    CHECK(sfs_fileset_build(&g->fs, c, proc, err, sizeof err) == 0, "%s", err);
    CHECK(w->open(c, proc, &g->fs, &g->state, err, sizeof err) == 0, "%s", err);
}

static void close_gen(struct gen *g)
{
    sfs_workload_find("sfs2008-nfs")->close(g->state);
    sfs_fileset_free(&g->fs);
}

int main(void)
{
    struct sfs_cfg c;
    char err[512];
    CHECK(sfs_cfg_parse("target.0=/tmp\nprocs=2\nrate=10\nseed=77\n", &c, err, sizeof err) == 0, "%s", err);
    const sfs_workload *w = sfs_workload_find("sfs2008-nfs");
    struct gen a, b, other;
    open_gen(&c, 0, &a);
    open_gen(&c, 0, &b);
    open_gen(&c, 1, &other);

    double pct[SFS_OP_COUNT];
    w->target_mix(a.state, pct);
    CHECK(pct[SFS_OP_GETATTR] == 26 && pct[SFS_OP_LOOKUP] == 24 && pct[SFS_OP_READ] == 18 &&
          pct[SFS_OP_ACCESS] == 11 && pct[SFS_OP_WRITE] == 10 && pct[SFS_OP_SETATTR] == 4, "target mix");

    uint64_t count[SFS_OP_COUNT] = { 0 }, misses = 0, appends = 0, same = 1, differs = 0;
    double read_bytes = 0;
    uint64_t reads = 0, cut = 0;
    sfs_req r, rb, ro;
    for (int i = 0; i < DRAWS; i++) {
        w->next(a.state, &r);
        w->next(b.state, &rb);
        w->next(other.state, &ro);
        same &= r.op == rb.op && strcmp(r.path, rb.path) == 0 && r.offset == rb.offset &&
                r.length == rb.length;
        differs += r.op != ro.op || strcmp(r.path, ro.path) != 0;
        count[r.op]++;
        if (r.op == SFS_OP_LOOKUP && r.expect_status == -ENOENT) misses++;
        if (r.op == SFS_OP_WRITE && r.append) appends++;
        if (r.op == SFS_OP_READ) {
            reads++;
            read_bytes += (double)r.length;
            cut += r.length < 4096;
        }
        r.status = 0;
        w->completed(a.state, &r);
        rb.status = 0;
        w->completed(b.state, &rb);
        ro.status = 0;
        w->completed(other.state, &ro);
    }
    CHECK(same, "same seed and proc: same request sequence");
    CHECK(differs > DRAWS / 2, "another proc draws another sequence (%llu of %d differ)",
          (unsigned long long)differs, DRAWS);
    for (int op = 0; op < SFS_OP_COUNT; op++) {
        double got = 100.0 * (double)count[op] / DRAWS;
        CHECK(fabs(got - pct[op]) < 0.3, "op %s drawn %.2f %% of the time, target %.2f %%",
              sfs_op_name(op), got, pct[op]);
    }
    double miss = 100.0 * (double)misses / (double)count[SFS_OP_LOOKUP];
    CHECK(fabs(miss - 35) < 1.5, "lookups of missing names %.1f %%", miss);
    double app = 100.0 * (double)appends / (double)count[SFS_OP_WRITE];
    CHECK(fabs(app - 70) < 1.5, "appends %.1f %% of writes", app);
    double mean = 0;
    for (int i = 0; i < SFS_XFER_CLASSES; i++) mean += sfs_read_xfer[i].bytes * sfs_read_xfer[i].pct / 100.0;
    CHECK(fabs(read_bytes / (double)reads - mean) / mean < 0.03, "mean read %.0f bytes, table %.0f",
          read_bytes / (double)reads, mean);
    CHECK(cut == 0, "%llu reads shorter than the smallest read class", (unsigned long long)cut);
    close_gen(&a);
    close_gen(&b);
    close_gen(&other);
    sfs_cfg_free(&c);
    return check_result("test_nfsgen");
}
