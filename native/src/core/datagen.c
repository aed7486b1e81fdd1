#include "datagen.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fileset.h"
#include "platform.h"

/* The first 64 KiB of the shared pattern: a write's windows stay in the
 * CPU's L2 cache.  Uniqueness comes from the keys, not from the pool's size. */
#define POOL_BYTES (64u * 1024u)
#define POOL_WORDS (POOL_BYTES / 8u)
#define DUP_SALT 0xD0D0D0D0D0D0D0D0ULL

int sfs_datagen_init(struct sfs_datagen *g, int slots, uint64_t seed, int proc_global,
                     int compress_pct, int dedup_pct)
{
    memset(g, 0, sizeof *g);
    g->seed = seed;
    g->key_state = sfs_hash3(seed, (uint64_t)proc_global, 0xDA7A);
    sfs_rng_seed(&g->rng, sfs_hash3(seed, (uint64_t)proc_global, 0xDEDF));
    g->compress_pct = compress_pct;
    g->dedup_pct = dedup_pct;
    g->slots = slots;
    g->slot_buf = calloc((size_t)slots, sizeof *g->slot_buf);
    g->slot_cap = calloc((size_t)slots, sizeof *g->slot_cap);
    if (!g->slot_buf || !g->slot_cap) {
        sfs_datagen_free(g);
        return -ENOMEM;
    }
    return 0;
}

/* Bytes of a run per step: 64, in 16-byte vector operations (SSE2 on x86-64,
 * NEON on arm64), or 32-byte ones where an x86-64 CPU has AVX2: a write's
 * fill is the engine's largest per-I/O cost after the system call.  Returns
 * the bytes done, a multiple of 64. */
#define XOR_WIDE(name, bytes, attr)                                                     \
    typedef uint64_t name##_vec __attribute__((vector_size(bytes), aligned(1), may_alias)); \
    attr static size_t name(unsigned char *dst, const unsigned char *src, size_t n,     \
                            uint64_t key)                                               \
    {                                                                                   \
        name##_vec kv = {0};                                                            \
        for (size_t w = 0; w < bytes / 8; w++) kv[w] = key;                             \
        size_t i = 0;                                                                   \
        for (; i + 64 <= n; i += 64)                                                    \
            _Pragma("GCC unroll 4")                                                     \
            for (size_t v = 0; v < 64 / bytes; v++)                                     \
                ((name##_vec *)(dst + i))[v] = ((const name##_vec *)(src + i))[v] ^ kv;  \
        return i;                                                                       \
    }
XOR_WIDE(xor_wide16, 16, )
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
XOR_WIDE(xor_wide32, 32, __attribute__((target("avx2"))))
#define XOR_WIDE_RUN(d, s, n, k) \
    (__builtin_cpu_supports("avx2") ? xor_wide32(d, s, n, k) : xor_wide16(d, s, n, k))
#else
#define XOR_WIDE_RUN(d, s, n, k) xor_wide16(d, s, n, k)
#endif

/* dst = src XOR key, the key's bytes in memory order repeating every 8 */
static void xor_run(unsigned char *dst, const unsigned char *src, size_t n, uint64_t key)
{
    size_t i = XOR_WIDE_RUN(dst, src, n, key);
    for (; i + 8 <= n; i += 8) {
        uint64_t v;
        memcpy(&v, src + i, 8);
        v ^= key;
        memcpy(dst + i, &v, 8);
    }
    unsigned char k[8];
    memcpy(k, &key, 8);
    for (; i < n; i++)
        dst[i] = src[i] ^ k[i % 8];
}

/* One block of 'n' <= SFS_DATA_BLOCK bytes: the pattern from word 'start'
 * (wrapping at its end) XOR 'key', its compressible tail zeros. */
static void block_fill(unsigned char *out, size_t n, uint64_t start, uint64_t key,
                       int compress_pct)
{
    const unsigned char *pool = sfs_write_pattern();
    size_t keep = n - n * (size_t)compress_pct / 100u;
    size_t off = (size_t)(start % POOL_WORDS) * 8u;
    for (size_t done = 0; done < keep; off = 0) {
        size_t run = keep - done < POOL_BYTES - off ? keep - done : POOL_BYTES - off;
        xor_run(out + done, pool + off, run, key);
        done += run;
    }
    memset(out + keep, 0, n - keep);
}

void sfs_datagen_fill(struct sfs_datagen *g, unsigned char *buf, size_t len)
{
    for (size_t off = 0; off < len; off += SFS_DATA_BLOCK) {
        size_t n = len - off < SFS_DATA_BLOCK ? len - off : SFS_DATA_BLOCK;
        uint64_t draw = sfs_rng_next(&g->rng);
        if (g->dedup_pct > 0 && (draw >> 32) % 100u < (uint64_t)g->dedup_pct) {
            uint64_t j = (draw & 0xffffffffu) % SFS_DATA_DUP_BLOCKS;
            block_fill(buf + off, n, j * (SFS_DATA_BLOCK / 8u),
                       sfs_hash3(g->seed, DUP_SALT, j), g->compress_pct);
        } else {
            block_fill(buf + off, n, draw & 0xffffffffu, sfs_splitmix64(&g->key_state),
                       g->compress_pct);
        }
    }
}

void *sfs_datagen_next(struct sfs_datagen *g, int slot, size_t len)
{
    if (slot < 0 || slot >= g->slots) return NULL;
    if (g->slot_cap[slot] < len) {
        size_t cap = (len + SFS_DATA_ALIGN - 1) / SFS_DATA_ALIGN * SFS_DATA_ALIGN;
        void *p = NULL;
        if (!(p = sfs_aligned_alloc(SFS_DATA_ALIGN, cap))) return NULL;
        sfs_aligned_free(g->slot_buf[slot]);
        g->slot_buf[slot] = p;
        g->slot_cap[slot] = cap;
    }
    sfs_datagen_fill(g, g->slot_buf[slot], len);
    return g->slot_buf[slot];
}

void sfs_datagen_free(struct sfs_datagen *g)
{
    if (g->slot_buf)
        for (int i = 0; i < g->slots; i++) sfs_aligned_free(g->slot_buf[i]);
    free(g->slot_buf);
    free(g->slot_cap);
    g->slot_buf = NULL;
    g->slot_cap = NULL;
    g->slots = 0;
}
