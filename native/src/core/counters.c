#include <stdlib.h>
#include <string.h>
#include "counters.h"

#define LD(x)    __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define ST(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

int sfs_hist_bucket(uint64_t v)
{
    if (v < SFS_HIST_SUB)
        return (int)v;
    int e = 63 - __builtin_clzll(v);
    int b = SFS_HIST_SUB + (e - SFS_HIST_SUB_BITS) * SFS_HIST_SUB
            + (int)((v >> (e - SFS_HIST_SUB_BITS)) - SFS_HIST_SUB);
    return b < SFS_HIST_BUCKETS ? b : SFS_HIST_BUCKETS - 1;
}

uint64_t sfs_hist_lower(int i)
{
    if (i < SFS_HIST_SUB)
        return (uint64_t)i;
    return (uint64_t)(SFS_HIST_SUB + (i - SFS_HIST_SUB) % SFS_HIST_SUB) << ((i - SFS_HIST_SUB) / SFS_HIST_SUB);
}

unsigned long long sfs_engine_hist_lower(int i)
{
    return i >= 0 && i < SFS_HIST_BUCKETS ? sfs_hist_lower(i) : 0;
}

#define LD_ACQ(x)    __atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#define ST_REL(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELEASE)

struct sfs_counters *sfs_counters_new(void)
{
    return calloc(1, sizeof(struct sfs_counters));
}

void sfs_counters_free(struct sfs_counters *c)
{
    if (!c) return;
    for (int op = 0; op < SFS_OPS_MAX; op++) {
        if (!c->op[op]) continue;
        for (int k = 0; k < SFS_HIST_PIECES; k++) free(c->op[op]->hist[k]);
        free(c->op[op]);
    }
    for (int k = 0; k < SFS_HIST_PIECES; k++) free(c->lag[k]);
    free(c);
}

static void op_words_reset(struct sfs_op_counts *o)
{
    for (int w = 0; w < SFS_O_HIST; w++)
        ST(o->w[w], w == SFS_O_LAT_MIN ? UINT64_MAX : 0);
}

void sfs_counters_reset(struct sfs_counters *c)
{
    for (int op = 0; op < SFS_OPS_MAX; op++) {
        struct sfs_op_counts *o = LD_ACQ(c->op[op]);
        if (!o) continue;
        op_words_reset(o);
        for (int k = 0; k < SFS_HIST_PIECES; k++) {
            uint64_t *h = LD_ACQ(o->hist[k]);
            if (h)
                for (int b = 0; b < SFS_HIST_PIECE; b++) ST(h[b], 0);
        }
    }
    for (int k = 0; k < SFS_HIST_PIECES; k++) {
        uint64_t *h = LD_ACQ(c->lag[k]);
        if (h)
            for (int b = 0; b < SFS_HIST_PIECE; b++) ST(h[b], 0);
    }
    for (int i = 0; i < SFS_ERR_SLOTS; i++) {
        ST(c->err_key[i], 0);
        ST(c->err_cnt[i], 0);
    }
    ST(c->nerr, 0);
    ST(c->lag_max, 0);
}

/* The first count of an op, or of a histogram piece: zeroed memory,
 * published once ready (sample may read it at once). */
static struct sfs_op_counts *op_new(struct sfs_counters *c, int op)
{
    struct sfs_op_counts *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->w[SFS_O_LAT_MIN] = UINT64_MAX;
    ST_REL(c->op[op], o);
    return o;
}

static uint64_t *piece_new(uint64_t **slot)
{
    uint64_t *h = calloc(SFS_HIST_PIECE, sizeof *h);
    if (h) ST_REL(*slot, h);
    return h;
}

static void add(uint64_t *w, uint64_t v)
{
    ST(*w, LD(*w) + v);
}

/* A word that counts a part of SFS_O_OPS (errors, late, after the end) is
 * stored after it with release and loaded before it with acquire: a sample
 * taken while ops complete never shows more of a part than of the whole. */
static void add_part(uint64_t *w, uint64_t v)
{
    ST_REL(*w, LD(*w) + v);
}

static int is_part_of_ops(int w)
{
    return w == SFS_O_ERRORS || w == SFS_O_LATE || w == SFS_O_AFTER_END;
}

static void count_error(struct sfs_counters *c, int op, int32_t status)
{
    uint64_t key = ((uint64_t)(uint32_t)op << 32) | (uint32_t)status;
    uint64_t n = LD(c->nerr);
    for (uint64_t i = 0; i < n; i++)
        if (LD(c->err_key[i]) == key) { add(&c->err_cnt[i], 1); return; }
    /* a full table drops new keys; the op's error count stays exact */
    if (n < SFS_ERR_SLOTS) {
        ST(c->err_key[n], key);
        ST(c->err_cnt[n], 1);
        __atomic_store_n(&c->nerr, n + 1, __ATOMIC_RELEASE);
    }
}

int sfs_counters_record(struct sfs_counters *c, const sfs_req *req, int failed, uint64_t end_ns)
{
    if (req->op < 0 || req->op >= SFS_OPS_MAX)
        return 0;
    uint64_t lat = req->t_done_ns > req->t_intended_ns ? (req->t_done_ns - req->t_intended_ns) / 1000 : 0;
    uint64_t svc = req->t_done_ns > req->t_sent_ns ? (req->t_done_ns - req->t_sent_ns) / 1000 : 0;
    int b = sfs_hist_bucket(lat), k = b / SFS_HIST_PIECE;
    struct sfs_op_counts *o = c->op[req->op];
    if (!o && !(o = op_new(c, req->op)))
        return -1;
    uint64_t *h = o->hist[k];
    if (!h && !(h = piece_new(&o->hist[k])))
        return -1;
    uint64_t lag_us = req->t_sent_ns > req->t_intended_ns ? (req->t_sent_ns - req->t_intended_ns) / 1000 : 0;
    int lb = sfs_hist_bucket(lag_us);
    uint64_t *lag = c->lag[lb / SFS_HIST_PIECE];
    if (!lag && !(lag = piece_new(&c->lag[lb / SFS_HIST_PIECE])))
        return -1;
    uint64_t *w = o->w;
    add(&w[SFS_O_OPS], 1);
    if (failed)
        add_part(&w[SFS_O_ERRORS], 1);
    if (req->op == SFS_OP_READ || req->op == SFS_OP_WRITE || req->op == SFS_OP_WRCACHE ||
        req->op == SFS_OP_CIFS_READ_ANDX || req->op == SFS_OP_CIFS_WRITE_ANDX)
        add(&w[SFS_O_BYTES], req->result_bytes);
    add(&w[SFS_O_LAT_SUM], lat);
    if (lat < LD(w[SFS_O_LAT_MIN])) ST(w[SFS_O_LAT_MIN], lat);
    if (lat > LD(w[SFS_O_LAT_MAX])) ST(w[SFS_O_LAT_MAX], lat);
    add(&w[SFS_O_SVC_SUM], svc);
    if (req->t_sent_ns > req->t_intended_ns + 1000000ULL)
        add_part(&w[SFS_O_LATE], 1);
    add(&w[SFS_O_PHYSICAL], req->physical);
    add(&w[SFS_O_RETRIES], req->retries);
    if (end_ns && req->t_done_ns > end_ns)
        add_part(&w[SFS_O_AFTER_END], 1);
    add(&h[b % SFS_HIST_PIECE], 1);
    add(&lag[lb % SFS_HIST_PIECE], 1);
    if (lag_us > LD(c->lag_max)) ST(c->lag_max, lag_us);
    if (failed)
        count_error(c, req->op, req->proto_status);
    return 0;
}

void sfs_counters_not_issued(struct sfs_counters *c, int op)
{
    if (op >= 0 && op < SFS_OPS_MAX)
        count_error(c, op, SFS_STATUS_NOT_ISSUED);
}

void sfs_sample_clear(uint64_t *out)
{
    memset(out + SFS_S_HEADER_WORDS, 0,
           (SFS_SAMPLE_WORDS - SFS_S_HEADER_WORDS) * sizeof(uint64_t));
    for (int op = 0; op < SFS_OPS_MAX; op++)
        out[SFS_S_HEADER_WORDS + op * SFS_O_WORDS + SFS_O_LAT_MIN] = UINT64_MAX;
}

void sfs_counters_merge(uint64_t *out, const struct sfs_counters *c)
{
    for (int op = 0; op < SFS_OPS_MAX; op++) {
        const struct sfs_op_counts *o = LD_ACQ(c->op[op]);
        uint64_t *d = out + SFS_S_HEADER_WORDS + op * SFS_O_WORDS;
        if (!o || LD(o->w[SFS_O_OPS]) == 0)
            continue;
        for (int w = SFS_O_HIST - 1; w >= 0; w--) {   /* the parts of SFS_O_OPS before it */
            uint64_t v = is_part_of_ops(w) ? LD_ACQ(o->w[w]) : LD(o->w[w]);
            if (w == SFS_O_LAT_MIN) { if (v < d[w]) d[w] = v; }
            else if (w == SFS_O_LAT_MAX) { if (v > d[w]) d[w] = v; }
            else d[w] += v;
        }
        for (int k = 0; k < SFS_HIST_PIECES; k++) {
            const uint64_t *h = LD_ACQ(o->hist[k]);
            if (!h) continue;
            uint64_t *dh = d + SFS_O_HIST + k * SFS_HIST_PIECE;
            for (int b = 0; b < SFS_HIST_PIECE; b++) dh[b] += LD(h[b]);
        }
    }
    for (int k = 0; k < SFS_HIST_PIECES; k++) {
        const uint64_t *h = LD_ACQ(c->lag[k]);
        if (!h) continue;
        uint64_t *dh = out + SFS_L_BASE + SFS_L_HIST + k * SFS_HIST_PIECE;
        for (int b = 0; b < SFS_HIST_PIECE; b++) dh[b] += LD(h[b]);
    }
    if (LD(c->lag_max) > out[SFS_L_BASE + SFS_L_MAX]) out[SFS_L_BASE + SFS_L_MAX] = LD(c->lag_max);
    uint64_t *e = out + SFS_E_BASE;
    uint64_t n = __atomic_load_n(&c->nerr, __ATOMIC_ACQUIRE);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t key = LD(c->err_key[i]), cnt = LD(c->err_cnt[i]);
        uint64_t j;
        for (j = 0; j < e[0]; j++)
            if (e[1 + 2 * j] == key) { e[2 + 2 * j] += cnt; break; }
        if (j == e[0] && e[0] < SFS_ERR_SLOTS) {
            e[1 + 2 * e[0]] = key;
            e[2 + 2 * e[0]] = cnt;
            e[0]++;
        }
    }
}
