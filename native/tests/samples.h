/* Test helper: one counter word of an engine sample, summed over every op. */
#ifndef SFS_TEST_SAMPLES_H
#define SFS_TEST_SAMPLES_H
#include <stdint.h>
#include "sfsengine.h"

/* word: SFS_O_OPS, SFS_O_ERRORS, ... of each op's block after the header */
static inline uint64_t sample_total(const uint64_t *s, int word)
{
    uint64_t n = 0;
    for (int op = 0; op < SFS_OPS_MAX; op++)
        n += s[SFS_S_HEADER_WORDS + op * SFS_O_WORDS + word];
    return n;
}
#endif
