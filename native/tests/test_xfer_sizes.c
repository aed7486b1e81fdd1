/* The transfer-size tables shared by the NFS and CIFS workloads
 * (xfer_sizes.c): well formed, drawn with their shares, xfer_size wins
 * without consuming the RNG, and docs/workloads.md shows the same table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "xfer_sizes.h"

#define DRAWS 400000

static void check_table(const char *name, const sfs_xfer_class *t)
{
    double sum = 0;
    for (int i = 0; i < SFS_XFER_CLASSES; i++) {
        sum += t[i].pct;
        CHECK(t[i].pct >= 0, "%s class %d share %.1f", name, i, t[i].pct);
        CHECK(t[i].bytes % 1024 == 0 && t[i].bytes <= 256 * 1024,
              "%s class %d: %u bytes (whole KiB, <= 256 KiB)", name, i, t[i].bytes);
        if (i)
            CHECK(t[i].bytes > t[i - 1].bytes, "%s classes ascending at %d", name, i);
    }
    CHECK(fabs(sum - 100) < 1e-9, "%s shares sum to %.3f", name, sum);

    sfs_rng rng;
    sfs_rng_seed(&rng, 42);
    long count[SFS_XFER_CLASSES] = { 0 };
    for (int n = 0; n < DRAWS; n++) {
        uint32_t b = sfs_xfer_pick(t, 0, &rng);
        int i = 0;
        while (i < SFS_XFER_CLASSES && t[i].bytes != b)
            i++;
        CHECK(i < SFS_XFER_CLASSES, "%s drew %u bytes, not a class", name, b);
        if (i < SFS_XFER_CLASSES)
            count[i]++;
    }
    for (int i = 0; i < SFS_XFER_CLASSES; i++) {
        double got = 100.0 * count[i] / DRAWS;
        CHECK(fabs(got - t[i].pct) < 0.3, "%s %u bytes drawn %.2f %%, table %.2f %%", name,
              t[i].bytes, got, t[i].pct);
        if (t[i].pct == 0)
            CHECK(count[i] == 0, "%s %u bytes (share 0) drawn %ld times", name, t[i].bytes, count[i]);
    }

    /* a fixed xfer_size replaces the table and leaves the RNG where it was */
    sfs_rng a, b;
    sfs_rng_seed(&a, 7);
    sfs_rng_seed(&b, 7);
    CHECK(sfs_xfer_pick(t, 65536, &a) == 65536, "%s: xfer_size wins", name);
    CHECK(sfs_rng_next(&a) == sfs_rng_next(&b), "%s: xfer_size draws nothing", name);
}

/* docs/workloads.md, "### Logical transfer sizes": | 4 KiB | 20 | 20 | per class */
static void check_docs(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/../docs/workloads.md", SFS_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char line[512];
    int in = 0, rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "### Logical transfer sizes", 26) == 0) {
            in = 1;
            continue;
        }
        if (!in)
            continue;
        if (line[0] == '#')
            break;
        unsigned kib;
        double r, w;
        if (sscanf(line, "| %u KiB | %lf | %lf |", &kib, &r, &w) != 3)
            continue;
        CHECK(rows < SFS_XFER_CLASSES, "docs list more than %d classes", SFS_XFER_CLASSES);
        if (rows < SFS_XFER_CLASSES) {
            CHECK(sfs_read_xfer[rows].bytes == kib * 1024 && sfs_write_xfer[rows].bytes == kib * 1024,
                  "docs row %d: %u KiB, code %u / %u bytes", rows, kib, sfs_read_xfer[rows].bytes,
                  sfs_write_xfer[rows].bytes);
            CHECK(r == sfs_read_xfer[rows].pct && w == sfs_write_xfer[rows].pct,
                  "docs row %d (%u KiB): read %g %% write %g %%, code %g / %g", rows, kib, r, w,
                  sfs_read_xfer[rows].pct, sfs_write_xfer[rows].pct);
        }
        rows++;
    }
    fclose(f);
    CHECK(rows == SFS_XFER_CLASSES, "docs/workloads.md lists %d transfer classes, code %d", rows,
          SFS_XFER_CLASSES);
}

int main(void)
{
    check_table("read", sfs_read_xfer);
    check_table("write", sfs_write_xfer);
    check_docs();
    return check_result("test_xfer_sizes");
}
