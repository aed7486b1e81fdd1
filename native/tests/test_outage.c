/* Unit test (no server): the record of a phase's outages (core/outage.c).
 * Ops are handed to it as the engine's on_done does; a backend's reports go
 * through the cfg it was opened with. */
#include <stdint.h>
#include <string.h>
#include "check.h"
#include "sfsengine.h"
#include "outage.h"
#include "config.h"
#include "clock.h"

#define MS 1000000ULL
static uint64_t T0;                /* the phase's start: 100 ms ago */

static uint64_t w[SFS_SAMPLE_WORDS];

static uint64_t word(int outage, int what)
{
    return w[SFS_OUTAGE_BASE + SFS_OUTAGE_LIST + outage * SFS_OUTAGE_REC_WORDS + what];
}

/* an op intended at intended_ms, sent at sent_ms, done at done_ms (phase-relative) */
static void op(struct sfs_outages *o, uint64_t intended_ms, uint64_t sent_ms, uint64_t done_ms,
               int failed, int lost)
{
    sfs_req r;
    memset(&r, 0, sizeof r);
    r.t_intended_ns = T0 + intended_ms * MS;
    r.t_sent_ns = T0 + sent_ms * MS;
    r.t_done_ns = T0 + done_ms * MS;
    sfs_outages_op(o, &r, failed, lost);
}

int main(void)
{
    T0 = sfs_now_ns() - 100 * MS;
    struct sfs_outages *o = sfs_outages_new();
    CHECK(o != NULL, "new");
    struct sfs_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.outage_max = 30;
    CHECK(sfs_outage_riding(&cfg) == 0, "no record, no riding");
    cfg.outages = o;
    CHECK(sfs_outage_riding(&cfg) == 30, "riding %g", sfs_outage_riding(&cfg));
    sfs_outages_reset(o, T0);

    /* ops on time, and one late from its intended start but served fast
     * (an overloaded client): no outage */
    op(o, 10, 10, 12, 0, 0);
    op(o, 20, 1500, 1510, 0, 0);
    op(o, 30, 30, 31, 1, 0);            /* an answer that is an error: no outage either */
    sfs_outages_words(o, w);
    CHECK(w[SFS_OUTAGE_BASE + SFS_OUTAGE_COUNT] == 0, "outages %llu",
          (unsigned long long)w[SFS_OUTAGE_BASE + SFS_OUTAGE_COUNT]);

    /* a pause: the ops in flight wait 2 s and complete together */
    op(o, 1000, 1000, 3002, 0, 0);
    op(o, 990, 991, 3001, 0, 0);        /* earlier intended, completed first */
    op(o, 1005, 1005, 3003, 0, 0);
    op(o, 3004, 3004, 3005, 0, 0);      /* after it */
    sfs_outages_words(o, w);
    CHECK(w[SFS_OUTAGE_BASE + SFS_OUTAGE_COUNT] == 1, "one outage");
    CHECK(word(0, SFS_OUTAGE_BEGIN_US) == 990000, "begin %llu", (unsigned long long)word(0, SFS_OUTAGE_BEGIN_US));
    CHECK(word(0, SFS_OUTAGE_END_US) == 3002000, "end %llu: the first completion after it",
          (unsigned long long)word(0, SFS_OUTAGE_END_US));

    /* a lost connection: begins at the oldest op in flight, lasts (end 0)
     * until the first op completes; re-sends and the reconnect counted in it */
    sfs_outage_lost(&cfg, T0 + 5000 * MS);
    sfs_outages_words(o, w);
    CHECK(w[SFS_OUTAGE_BASE + SFS_OUTAGE_COUNT] == 2, "second outage");
    CHECK(word(1, SFS_OUTAGE_BEGIN_US) == 5000000 && word(1, SFS_OUTAGE_END_US) == 0,
          "lasting: begin %llu end %llu", (unsigned long long)word(1, SFS_OUTAGE_BEGIN_US),
          (unsigned long long)word(1, SFS_OUTAGE_END_US));
    op(o, 5200, 5200, 5300, 1, 1);      /* failed by the lost connection: does not end it */
    op(o, 40, 50, 900, 0, 0);           /* another connection's answer, sent before the loss: neither */
    sfs_outage_count(&cfg, SFS_OUTAGE_WHAT_RECONNECTS, 1);
    sfs_outage_count(&cfg, SFS_OUTAGE_WHAT_RESENT, 3);
    sfs_outage_count(&cfg, SFS_OUTAGE_WHAT_REOPENED, 2);
    sfs_outage_count(&cfg, SFS_OUTAGE_WHAT_LOST, 1);
    sfs_outages_words(o, w);
    CHECK(word(1, SFS_OUTAGE_END_US) == 0, "still lasting");
    op(o, 4990, 4990, 7100, 0, 0);      /* re-sent, completed late: ends it, begin moves back */
    op(o, 5100, 5100, 7101, 0, 0);
    op(o, 5150, 5150, 7150, 1, 0);      /* intended within it, failed: counted in it */
    sfs_outages_words(o, w);
    CHECK(word(1, SFS_OUTAGE_BEGIN_US) == 4990000, "begin %llu", (unsigned long long)word(1, SFS_OUTAGE_BEGIN_US));
    CHECK(word(1, SFS_OUTAGE_END_US) == 7100000, "end %llu", (unsigned long long)word(1, SFS_OUTAGE_END_US));
    CHECK(word(1, SFS_OUTAGE_FAILED) == 2, "failed %llu", (unsigned long long)word(1, SFS_OUTAGE_FAILED));
    CHECK(word(1, SFS_OUTAGE_RECONNECTS) == 1 && word(1, SFS_OUTAGE_RESENT) == 3 &&
          word(1, SFS_OUTAGE_REOPENED) == 2 && word(1, SFS_OUTAGE_LOST) == 1,
          "counts %llu %llu %llu %llu", (unsigned long long)word(1, SFS_OUTAGE_RECONNECTS),
          (unsigned long long)word(1, SFS_OUTAGE_RESENT), (unsigned long long)word(1, SFS_OUTAGE_REOPENED),
          (unsigned long long)word(1, SFS_OUTAGE_LOST));
    CHECK(word(0, SFS_OUTAGE_FAILED) == 0, "the first outage keeps its count");

    /* beyond the list: counted, not listed */
    for (int k = 0; k < SFS_OUTAGES_MAX + 1; k++)
        op(o, 10000 + 3000 * (uint64_t)k, 10000 + 3000 * (uint64_t)k, 11500 + 3000 * (uint64_t)k, 0, 0);
    sfs_outages_words(o, w);
    CHECK(w[SFS_OUTAGE_BASE + SFS_OUTAGE_COUNT] == SFS_OUTAGES_MAX, "listed %llu",
          (unsigned long long)w[SFS_OUTAGE_BASE + SFS_OUTAGE_COUNT]);
    CHECK(w[SFS_OUTAGE_BASE + SFS_OUTAGE_UNLISTED] == 3, "unlisted %llu",
          (unsigned long long)w[SFS_OUTAGE_BASE + SFS_OUTAGE_UNLISTED]);

    /* a new phase forgets them; an op of the phase before clamps at 0 */
    sfs_outages_reset(o, T0 + 100000 * MS);
    sfs_outages_words(o, w);
    CHECK(w[SFS_OUTAGE_BASE + SFS_OUTAGE_COUNT] == 0, "reset");
    op(o, 99000, 99000, 101500, 0, 0);
    sfs_outages_words(o, w);
    CHECK(word(0, SFS_OUTAGE_BEGIN_US) == 0 && word(0, SFS_OUTAGE_END_US) == 1500000,
          "clamped: begin %llu end %llu", (unsigned long long)word(0, SFS_OUTAGE_BEGIN_US),
          (unsigned long long)word(0, SFS_OUTAGE_END_US));

    sfs_outages_words(NULL, w);
    CHECK(w[SFS_OUTAGE_BASE + SFS_OUTAGE_COUNT] == 0, "no record: zeros");
    sfs_outages_free(o);
    return check_result("test_outage");
}
