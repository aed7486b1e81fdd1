/* Written data (datagen.c): no two 4 KiB blocks alike at the default, the
 * zero share and the duplicate share follow the settings, slot buffers stay
 * as filled, and the same seed gives the same bytes.  The real-compressor
 * checks of files a run wrote are DataContentIT's. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "datagen.h"

#define BLOCKS 8192

static int cmp_block(const void *a, const void *b)
{
    return memcmp(a, b, SFS_DATA_BLOCK);
}

/* share of blocks equal to an earlier block, in percent */
static double dup_share(unsigned char *data, size_t blocks)
{
    qsort(data, blocks, SFS_DATA_BLOCK, cmp_block);
    size_t dups = 0;
    for (size_t i = 1; i < blocks; i++)
        if (!memcmp(data + (i - 1) * SFS_DATA_BLOCK, data + i * SFS_DATA_BLOCK, SFS_DATA_BLOCK))
            dups++;
    return 100.0 * (double)dups / (double)blocks;
}

/* share of bytes in the zero tail of each block, in percent */
static double zero_tail_share(const unsigned char *data, size_t blocks)
{
    size_t zeros = 0;
    for (size_t b = 0; b < blocks; b++) {
        const unsigned char *blk = data + b * SFS_DATA_BLOCK;
        size_t n = SFS_DATA_BLOCK;
        while (n > 0 && blk[n - 1] == 0) n--;
        zeros += SFS_DATA_BLOCK - n;
    }
    return 100.0 * (double)zeros / (double)(blocks * SFS_DATA_BLOCK);
}

static void check_setting(int cpct, int dpct)
{
    struct sfs_datagen g;
    CHECK(sfs_datagen_init(&g, 1, 7, 3, cpct, dpct) == 0, "init");
    size_t len = (size_t)BLOCKS * SFS_DATA_BLOCK;
    unsigned char *data = malloc(len);
    /* filled in writes of mixed sizes, as a workload issues them */
    static const size_t sizes[] = { 4096, 65536, 8192, 1048576, 32768 };
    for (size_t off = 0, k = 0; off < len; k++) {
        size_t n = sizes[k % 5] < len - off ? sizes[k % 5] : len - off;
        sfs_datagen_fill(&g, data + off, n);
        off += n;
    }
    double z = zero_tail_share(data, BLOCKS), d = dup_share(data, BLOCKS);
    CHECK(z >= cpct - 0.5 && z <= cpct + 0.5, "compress %d %%: zero tail %.2f %%", cpct, z);
    CHECK(d >= dpct - 2.0 && d <= dpct + 1.0, "dedup %d %%: duplicate blocks %.2f %%", dpct, d);
    if (dpct == 0)
        CHECK(d == 0.0, "default: %.4f %% duplicate blocks", d);
    free(data);
    sfs_datagen_free(&g);
}

static void check_slots_and_seed(void)
{
    struct sfs_datagen a, b;
    CHECK(sfs_datagen_init(&a, 2, 11, 0, 0, 0) == 0, "init a");
    CHECK(sfs_datagen_init(&b, 2, 11, 0, 0, 0) == 0, "init b");
    unsigned char *s0 = sfs_datagen_next(&a, 0, 10000);
    unsigned char copy[10000];
    memcpy(copy, s0, sizeof copy);
    unsigned char *s1 = sfs_datagen_next(&a, 1, 3000);
    CHECK(s0 && s1 && s0 != s1, "two slots, two buffers");
    CHECK(!memcmp(s0, copy, sizeof copy), "slot 0 unchanged while slot 1 is filled");
    CHECK(((uintptr_t)s0 % SFS_DATA_ALIGN) == 0, "slot buffers are O_DIRECT aligned");
    unsigned char *t0 = sfs_datagen_next(&b, 0, 10000);
    CHECK(!memcmp(t0, copy, sizeof copy), "same seed and proc, same data");
    CHECK(sfs_datagen_next(&a, 2, 10) == NULL, "slot out of range");
    sfs_datagen_free(&a);
    sfs_datagen_free(&b);
}

int main(void)
{
    check_setting(0, 0);
    check_setting(50, 0);
    check_setting(0, 50);
    check_setting(30, 20);
    check_slots_and_seed();
    return check_result("test_datagen");
}
