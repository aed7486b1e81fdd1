/* The record of a phase's outages (outage.h).  Outages are rare and short
 * next to the ops around them: one lock guards the record, and an op that
 * neither waited on the server past the stall threshold nor failed takes it
 * only while an outage lasts (an atomic flag). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "outage.h"
#include "config.h"
#include "clock.h"

struct sfs_outages {
    pthread_mutex_t lock;
    uint64_t start_ns;                      /* the phase's start */
    int n;                                  /* records in use */
    uint64_t unlisted;                      /* outages beyond SFS_OUTAGES_MAX */
    int open;                               /* rec[n - 1] lasts (atomic: the fast path reads it) */
    uint64_t lost_ns;                       /* the last connection lost (CLOCK_MONOTONIC), 0 = none */
    uint64_t rec[SFS_OUTAGES_MAX][SFS_OUTAGE_REC_WORDS];
};

struct sfs_outages *sfs_outages_new(void)
{
    struct sfs_outages *o = calloc(1, sizeof *o);
    if (o && pthread_mutex_init(&o->lock, NULL) != 0) {
        free(o);
        return NULL;
    }
    return o;
}

void sfs_outages_free(struct sfs_outages *o)
{
    if (!o)
        return;
    pthread_mutex_destroy(&o->lock);
    free(o);
}

void sfs_outages_reset(struct sfs_outages *o, uint64_t phase_start_ns)
{
    if (!o)
        return;
    pthread_mutex_lock(&o->lock);
    o->start_ns = phase_start_ns;
    o->n = 0;
    o->unlisted = 0;
    o->lost_ns = 0;
    __atomic_store_n(&o->open, 0, __ATOMIC_RELEASE);
    memset(o->rec, 0, sizeof o->rec);
    pthread_mutex_unlock(&o->lock);
}

/* phase-relative microseconds of a CLOCK_MONOTONIC instant (0 before the start) */
static uint64_t rel_us(const struct sfs_outages *o, uint64_t ns)
{
    return ns > o->start_ns ? (ns - o->start_ns) / 1000 : 0;
}

/* A new outage beginning at begin_us; the record it is counted in, or NULL
 * when the list is full (lock held). */
static uint64_t *begin_outage(struct sfs_outages *o, uint64_t begin_us)
{
    if (o->n == SFS_OUTAGES_MAX) {
        o->unlisted++;
        return NULL;
    }
    uint64_t *r = o->rec[o->n++];
    memset(r, 0, SFS_OUTAGE_REC_WORDS * sizeof *r);
    r[SFS_OUTAGE_BEGIN_US] = begin_us;
    __atomic_store_n(&o->open, 1, __ATOMIC_RELEASE);
    return r;
}

/* the outage lasting, or NULL (lock held) */
static uint64_t *lasting(struct sfs_outages *o)
{
    return __atomic_load_n(&o->open, __ATOMIC_RELAXED) ? o->rec[o->n - 1] : NULL;
}

/* the last outage if an op intended at intended_us was caught in it */
static uint64_t *caught_in(struct sfs_outages *o, uint64_t intended_us)
{
    if (o->n == 0)
        return NULL;
    uint64_t *r = o->rec[o->n - 1];
    return lasting(o) || intended_us <= r[SFS_OUTAGE_END_US] ? r : NULL;
}

static void end_outage(struct sfs_outages *o, uint64_t *r, uint64_t end_us)
{
    r[SFS_OUTAGE_END_US] = end_us > r[SFS_OUTAGE_BEGIN_US] ? end_us : r[SFS_OUTAGE_BEGIN_US] + 1;
    __atomic_store_n(&o->open, 0, __ATOMIC_RELEASE);
}

void sfs_outages_op(struct sfs_outages *o, const sfs_req *req, int failed, int lost)
{
    if (!o)
        return;
    int stalled = req->t_done_ns > req->t_sent_ns &&
                  req->t_done_ns - req->t_sent_ns >= SFS_OUTAGE_STALL_US * 1000ULL;
    if (!stalled && !failed && !lost && !__atomic_load_n(&o->open, __ATOMIC_ACQUIRE))
        return;
    pthread_mutex_lock(&o->lock);
    uint64_t intended = rel_us(o, req->t_intended_ns), done = rel_us(o, req->t_done_ns);
    uint64_t *r = caught_in(o, intended);
    if (!r && (stalled || lost) && (r = begin_outage(o, intended)) == NULL) {
        pthread_mutex_unlock(&o->lock);
        return;
    }
    if (r) {
        if ((stalled || failed || lost) && intended < r[SFS_OUTAGE_BEGIN_US])
            r[SFS_OUTAGE_BEGIN_US] = intended;
        if (failed)
            r[SFS_OUTAGE_FAILED]++;
        /* the first op completed after it ends it; one that lost its
         * connection, or failed without an answer, is no sign of the server,
         * nor is one sent before a connection was lost (another connection's
         * answer while the server goes down) */
        if (r == lasting(o) && !lost && req->t_sent_ns >= o->lost_ns)
            end_outage(o, r, done);
    }
    pthread_mutex_unlock(&o->lock);
}

static struct sfs_outages *of(const struct sfs_cfg *cfg)
{
    return cfg ? cfg->outages : NULL;
}

double sfs_outage_riding(const struct sfs_cfg *cfg)
{
    return of(cfg) ? cfg->outage_max : 0;
}

void sfs_outage_lost(const struct sfs_cfg *cfg, uint64_t since_ns)
{
    struct sfs_outages *o = of(cfg);
    if (!o)
        return;
    pthread_mutex_lock(&o->lock);
    uint64_t since = rel_us(o, since_ns);
    o->lost_ns = sfs_now_ns();
    uint64_t *r = lasting(o);
    if (!r)
        begin_outage(o, since);
    else if (since < r[SFS_OUTAGE_BEGIN_US])
        r[SFS_OUTAGE_BEGIN_US] = since;
    pthread_mutex_unlock(&o->lock);
}

void sfs_outage_count(const struct sfs_cfg *cfg, enum sfs_outage_what what, uint64_t n)
{
    struct sfs_outages *o = of(cfg);
    if (!o || n == 0)
        return;
    pthread_mutex_lock(&o->lock);
    /* the outage lasting, else the last one (a re-send goes out as the
     * server answers again); one without any begins now */
    uint64_t *r = o->n ? o->rec[o->n - 1] : begin_outage(o, rel_us(o, sfs_now_ns()));
    if (r)
        r[what] += n;
    pthread_mutex_unlock(&o->lock);
}

void sfs_outages_words(struct sfs_outages *o, uint64_t *out)
{
    uint64_t *w = out + SFS_OUTAGE_BASE;
    memset(w, 0, SFS_OUTAGE_WORDS * sizeof *w);
    if (!o)
        return;
    pthread_mutex_lock(&o->lock);
    w[SFS_OUTAGE_COUNT] = (uint64_t)o->n;
    w[SFS_OUTAGE_UNLISTED] = o->unlisted;
    memcpy(w + SFS_OUTAGE_LIST, o->rec, sizeof o->rec);
    pthread_mutex_unlock(&o->lock);
}
