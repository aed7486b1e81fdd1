/* Small deterministic RNG: splitmix64 for seeding/hashing, xoshiro256** for
 * streams.  Same seed = same sequence on every platform. */
#ifndef SFS_RNG_H
#define SFS_RNG_H

#include <stdint.h>
#include <math.h>

typedef struct sfs_rng { uint64_t s[4]; } sfs_rng;

static inline uint64_t sfs_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* stateless hash of a few keys, for per-object decisions */
static inline uint64_t sfs_hash3(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t x = a;
    uint64_t h = sfs_splitmix64(&x);
    x = h ^ b; h = sfs_splitmix64(&x);
    x = h ^ c; return sfs_splitmix64(&x);
}

static inline void sfs_rng_seed(sfs_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = sfs_splitmix64(&seed);
}

static inline uint64_t sfs_rng_next(sfs_rng *r)
{
    uint64_t *s = r->s;
    uint64_t v = s[1] * 5;
    uint64_t res = ((v << 7) | (v >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t; s[3] = (s[3] << 45) | (s[3] >> 19);
    return res;
}

/* uniform in [0,1) */
static inline double sfs_rng_unit(sfs_rng *r)
{
    return (double)(sfs_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* uniform in [0,n), n > 0 */
static inline uint64_t sfs_rng_below(sfs_rng *r, uint64_t n)
{
    uint64_t v = (uint64_t)(sfs_rng_unit(r) * (double)n);
    return v < n ? v : v % n;   /* a division only when rounding reached n */
}

#endif
