/* Histogram buckets exactly as specified in sfsengine.h; counter record and
 * merge (sums, min/max, error table). */
#include <pthread.h>
#include <string.h>
#include <stdlib.h>
#include "check.h"
#include "counters.h"

static uint64_t out[SFS_SAMPLE_WORDS];

/* One worker records failed, late ops that end after the window while a
 * sampler merges its counters: no sample shows more of a part of the ops
 * (errors, late, after the end) than of the ops. */
enum { RACE_OPS = 2000000 };
static int race_done;

static void *race_writer(void *arg)
{
    sfs_req r;
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_WRITE; r.t_intended_ns = 0; r.t_sent_ns = 2000000; r.t_done_ns = 3000000;
    for (int i = 0; i < RACE_OPS; i++)
        sfs_counters_record(arg, &r, 1, 1000);
    __atomic_store_n(&race_done, 1, __ATOMIC_RELEASE);
    return NULL;
}

static void parts_never_exceed_ops_while_recording(void)
{
    static uint64_t s[SFS_SAMPLE_WORDS];
    struct sfs_counters *c = sfs_counters_new();
    sfs_req r;
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_WRITE;
    sfs_counters_record(c, &r, 0, 0);   /* the op's block exists before the race */
    pthread_t t;
    CHECK(pthread_create(&t, NULL, race_writer, c) == 0, "writer thread");
    long samples = 0, bad = 0;
    while (!__atomic_load_n(&race_done, __ATOMIC_ACQUIRE)) {
        sfs_sample_clear(s);
        sfs_counters_merge(s, c);
        const uint64_t *o = s + SFS_S_HEADER_WORDS + SFS_OP_WRITE * SFS_O_WORDS;
        if (o[SFS_O_ERRORS] > o[SFS_O_OPS] || o[SFS_O_LATE] > o[SFS_O_OPS] || o[SFS_O_AFTER_END] > o[SFS_O_OPS])
            bad++;
        samples++;
    }
    pthread_join(t, NULL);
    CHECK(samples > 0 && bad == 0, "%ld of %ld samples taken while recording show a part above the ops",
          bad, samples);
    sfs_sample_clear(s);
    sfs_counters_merge(s, c);
    const uint64_t *o = s + SFS_S_HEADER_WORDS + SFS_OP_WRITE * SFS_O_WORDS;
    CHECK(o[SFS_O_OPS] == RACE_OPS + 1 && o[SFS_O_AFTER_END] == RACE_OPS && o[SFS_O_ERRORS] == RACE_OPS,
          "after the race: ops %llu after the end %llu", (unsigned long long)o[SFS_O_OPS],
          (unsigned long long)o[SFS_O_AFTER_END]);
    sfs_counters_free(c);
}

int main(void)
{
    /* the header's formula, directly */
    for (uint64_t v = 0; v < (1ULL << 20); v += (v < 4096 ? 1 : 997)) {
        int want;
        if (v < 32) want = (int)v;
        else {
            int e = 63 - __builtin_clzll(v);
            want = 32 + (e - 5) * 32 + (int)((v >> (e - 5)) - 32);
        }
        CHECK(sfs_hist_bucket(v) == want, "bucket of %llu", (unsigned long long)v);
        int b = sfs_hist_bucket(v);
        CHECK(sfs_hist_lower(b) <= v && (b == SFS_HIST_BUCKETS - 1 || sfs_hist_lower(b + 1) > v),
              "bounds of bucket %d for %llu", b, (unsigned long long)v);
    }
    CHECK(sfs_hist_bucket(UINT64_MAX) == SFS_HIST_BUCKETS - 1, "overflow to last bucket");
    CHECK(sfs_hist_lower(64) == 64 && sfs_hist_lower(65) == 66, "lower bounds");

    struct sfs_counters *a = sfs_counters_new(), *b = sfs_counters_new();
    sfs_req r;
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_READ; r.result_bytes = 4096; r.physical = 2;
    r.t_intended_ns = 1000000; r.t_sent_ns = 1500000; r.t_done_ns = 1700000;   /* 700 us, svc 200 */
    /* RUN's window ends at 2 ms: the first op completes within it, the others after */
    CHECK(sfs_counters_record(a, &r, 0, 2000000) == 0, "record");
    r.t_intended_ns = 0; r.t_sent_ns = 3000000; r.t_done_ns = 3100000;          /* 3100 us, late */
    r.proto_status = 5;
    sfs_counters_record(b, &r, 1, 2000000);
    sfs_counters_record(b, &r, 1, 2000000);
    sfs_sample_clear(out);
    sfs_counters_merge(out, a);
    sfs_counters_merge(out, b);
    const uint64_t *o = out + SFS_S_HEADER_WORDS + SFS_OP_READ * SFS_O_WORDS;
    CHECK(o[SFS_O_OPS] == 3 && o[SFS_O_ERRORS] == 2 && o[SFS_O_BYTES] == 3 * 4096, "sums");
    CHECK(o[SFS_O_LAT_MIN] == 700 && o[SFS_O_LAT_MAX] == 3100, "min %llu max %llu",
          (unsigned long long)o[SFS_O_LAT_MIN], (unsigned long long)o[SFS_O_LAT_MAX]);
    CHECK(o[SFS_O_LAT_SUM] == 700 + 2 * 3100 && o[SFS_O_SVC_SUM] == 200 + 2 * 100, "latency sums");
    CHECK(o[SFS_O_LATE] == 2 && o[SFS_O_PHYSICAL] == 6, "late/physical");
    CHECK(o[SFS_O_AFTER_END] == 2, "completed after the window's end: %llu", (unsigned long long)o[SFS_O_AFTER_END]);
    CHECK(o[SFS_O_HIST + sfs_hist_bucket(700)] == 1 && o[SFS_O_HIST + sfs_hist_bucket(3100)] == 2, "histogram");
    const uint64_t *e = out + SFS_E_BASE;
    CHECK(e[0] == 1 && e[1] == (((uint64_t)SFS_OP_READ << 32) | 5) && e[2] == 2, "error table");
    const uint64_t *g = out + SFS_S_HEADER_WORDS + SFS_OP_GETATTR * SFS_O_WORDS;
    CHECK(g[SFS_O_OPS] == 0 && g[SFS_O_LAT_MIN] == UINT64_MAX, "untouched op: min is UINT64_MAX");
    /* reset keeps what was allocated, zeroed; counting again starts from zero */
    sfs_counters_reset(b);
    r.t_intended_ns = 0; r.t_sent_ns = 0; r.t_done_ns = 5000;                  /* 5 us */
    sfs_counters_record(b, &r, 0, 0);   /* no window end (WARMUP): never after it */
    sfs_sample_clear(out);
    sfs_counters_merge(out, b);
    CHECK(o[SFS_O_OPS] == 1 && o[SFS_O_ERRORS] == 0 && o[SFS_O_LAT_MIN] == 5 && o[SFS_O_LAT_MAX] == 5,
          "after reset: ops %llu min %llu max %llu", (unsigned long long)o[SFS_O_OPS],
          (unsigned long long)o[SFS_O_LAT_MIN], (unsigned long long)o[SFS_O_LAT_MAX]);
    uint64_t hsum = 0;
    for (int i = 0; i < SFS_HIST_BUCKETS; i++) hsum += o[SFS_O_HIST + i];
    CHECK(hsum == 1 && o[SFS_O_HIST + 5] == 1, "histogram after reset");
    CHECK(o[SFS_O_AFTER_END] == 0, "after reset: none after the end");
    CHECK(out[SFS_E_BASE] == 0, "error table after reset");
    sfs_counters_free(a);
    sfs_counters_free(b);
    parts_never_exceed_ops_while_recording();
    return check_result("test_counters");
}
