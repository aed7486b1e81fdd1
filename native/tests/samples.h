/* Test helpers: one counter word of an engine sample summed over every op;
 * a phase run to its end. */
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

/* starts phase for secs and waits it out: the engine's final state, or -1 */
static inline int run_phase(sfs_engine *e, int phase, double secs)
{
    if (sfs_engine_start(e, phase, secs) != 0) return -1;
    int st;
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    return st;
}
#endif
