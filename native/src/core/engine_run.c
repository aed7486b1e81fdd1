/* The proc loops: INIT (file-set build through the workload's next_init) and
 * paced open-loop load (WARMUP/RUN).  Sync backends: one proc per thread;
 * async backends: one thread drives all procs of one target on the
 * backend's poll loop.  docs/engine.md describes pacing and timing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <errno.h>
#include "platform.h"
#include "engine_internal.h"
#include "log.h"
#include "clock.h"

#define XPOINT_NS   10000000000ULL   /* DEBUG 6 checkpoint period */
#define BEHIND_NS   1000000000ULL    /* SFS_S_BEHIND threshold */
#define STOP_DRAIN_NS 10000000000ULL /* async: wait this long for in-flight ops on stop */

/* An outage ridden through may last past RUN's end: its ops are waited for
 * as long as the ride may take. */
static uint64_t stop_drain_ns(const sfs_engine *e)
{
    uint64_t ride = (uint64_t)(e->cfg.outage_max * 1e9);
    return ride > STOP_DRAIN_NS ? ride : STOP_DRAIN_NS;
}
#define SWEEP_NS    100000000ULL     /* async: service a busy context that was not ready this often (timeouts) */

static int stopping(sfs_engine *e)
{
    return __atomic_load_n(&e->stop, __ATOMIC_ACQUIRE);
}

static const char *hint(int status)
{
    switch (-status) {
    case ENOSPC: return " (disk full)";
    case EACCES: case EPERM: case EROFS: return " (folder not writable)";
    case EDQUOT: return " (quota exceeded)";
    default: return "";
    }
}

/* where a request went, for messages: target/root/path */
static void where(const struct sfs_proc *p, const sfs_req *req, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s%s%s", p->target, p->root, req->path[0] ? "/" : "", req->path);
}

/* the backend's reason for a dead connection as " [reason]", or "" */
static const char *be_why(const struct sfs_proc *p, char *buf, size_t len)
{
    const char *m = p->e->be->error ? p->e->be->error(p->bctx) : NULL;
    if (!m || !*m)
        return "";
    snprintf(buf, len, " [%s]", m);
    return buf;
}

static void on_done(sfs_req *req)
{
    struct sfs_proc *p = req->engine_priv;
    sfs_engine *e = p->e;
    req->t_done_ns = sfs_now_ns();
    int phase = __atomic_load_n(&e->phase, __ATOMIC_ACQUIRE);
    int ok = phase != SFS_PHASE_INIT && e->wl->judge
             ? e->wl->judge(p->wstate, req)
             : req->status == 0 || (req->expect_status && req->status == req->expect_status);
    /* RUN's window ends at end_ns: an op it scheduled that completes later
     * keeps its latency but is not achieved in the window (docs/results.md) */
    uint64_t end = phase == SFS_PHASE_RUN ? __atomic_load_n(&e->end_ns, __ATOMIC_ACQUIRE) : 0;
    sfs_outages_op(e->outages, req, !ok, !ok && sfs_status_is_fatal(req->status));
    if (sfs_counters_record(sfs_worker_counters(p->w, req->t_intended_ns), req, !ok, end))
        sfs_engine_fail(e, "proc %d: out of memory for the counters of %s", p->global,
                        sfs_op_name(req->op));
    int dbg = p->local == 0 && e->cfg.logger;
    if (dbg)
        sfs_debug(&e->cfg, SFS_DBG_CHILD_OPS, p->global, "done %s %s st=%d lat=%lluus svc=%lluus",
                  sfs_op_name(req->op), req->path, req->status,
                  (unsigned long long)((req->t_done_ns - req->t_intended_ns) / 1000),
                  (unsigned long long)((req->t_done_ns - req->t_sent_ns) / 1000));
    if (dbg)  /* every backend counts the wire requests (RPCs, SMB commands, syscalls) of an op */
        sfs_debug(&e->cfg, SFS_DBG_CHILD_RPC, p->global, "rpc %s %s: %u physical request(s), st=%d svc=%lluus",
                  sfs_op_name(req->op), req->path, (unsigned)req->physical, req->status,
                  (unsigned long long)((req->t_done_ns - req->t_sent_ns) / 1000));
    if (ok) {
        if (phase == SFS_PHASE_INIT && req->objects)
            STORE_RELAXED(p->init_objects, LOAD_RELAXED(p->init_objects) + req->objects);
    } else {
        char path[700];
        where(p, req, path, sizeof path);
        if (dbg)
            sfs_debug(&e->cfg, SFS_DBG_CHILD_ERROR, p->global, "fail %s %s st=%d proto=%d %s",
                      sfs_op_name(req->op), path, req->status, req->proto_status,
                      strerror(-req->status));
        char why[600];
        if (phase == SFS_PHASE_INIT)
            sfs_engine_fail(e, "proc %d (target %s): INIT %s %s failed: %s%s%s", p->global,
                            p->target, sfs_op_name(req->op), path, strerror(-req->status),
                            hint(req->status), be_why(p, why, sizeof why));
        else if (sfs_status_is_fatal(req->status))
            sfs_engine_fail(e, "proc %d (target %s): %s %s: %s (connection or target lost)%s",
                            p->global, p->target, sfs_op_name(req->op), path,
                            strerror(-req->status), be_why(p, why, sizeof why));
    }
    /* INIT requests belong to the file set, not to the workload's sequences */
    if (phase != SFS_PHASE_INIT && e->wl->completed)
        e->wl->completed(p->wstate, req);
    p->free_slots[p->nfree++] = (int)(req - p->reqs);
    STORE_RELAXED(p->busy, LOAD_RELAXED(p->busy) - 1);
    p->w->nbusy--;
    if (p->w->pend && !p->pending) {   /* async: it may issue again */
        p->pending = 1;
        p->w->pend[p->w->npend++] = p->wi;
    }
}

/* Issue the request prepare() filled in the proc's next idle slot. */
static void issue(struct sfs_proc *p, sfs_req *req, uint64_t intended)
{
    sfs_engine *e = p->e;
    p->nfree--;
    req->engine_priv = p;
    req->done = on_done;
    req->status = 0;
    req->proto_status = 0;
    req->physical = 0;
    req->retries = 0;
    req->result_bytes = 0;
    STORE_RELAXED(req->t_intended_ns, intended);   /* read by sample (behind) */
    req->t_sent_ns = sfs_now_ns();
    STORE_RELAXED(p->behind, req->t_sent_ns > intended + BEHIND_NS);
    if (p->local == 0 && e->cfg.logger)
        sfs_debug(&e->cfg, SFS_DBG_CHILD_OPS, p->global, "start %s %s off=%llu len=%llu",
                  sfs_op_name(req->op), req->path, (unsigned long long)req->offset,
                  (unsigned long long)req->length);
    if (sfs_op_writes_data(req->op) && req->length > 0 && !req->not_issued) {
        /* the engine, not the workload, decides what a write carries */
        req->buf = sfs_datagen_next(&p->data, (int)(req - p->reqs), req->length);
        if (!req->buf) {
            sfs_engine_fail(e, "proc %d: out of memory for a %llu-byte write", p->global,
                            (unsigned long long)req->length);
            req->not_issued = "out of memory";
        }
    }
    if (req->not_issued) {   /* counted, never sent */
        req->t_done_ns = req->t_sent_ns;
        sfs_counters_not_issued(sfs_worker_counters(p->w, intended), req->op);
        if (e->wl->completed)
            e->wl->completed(p->wstate, req);
        p->free_slots[p->nfree++] = (int)(req - p->reqs);
        return;
    }
    STORE_RELAXED(p->busy, LOAD_RELAXED(p->busy) + 1);
    p->w->nbusy++;
    int rc = e->be->submit(p->bctx, req);
    if (rc < 0) {   /* not issued: done() will not be called */
        req->status = rc;
        req->proto_status = -rc;
        if (sfs_status_is_fatal(rc)) {
            char why[600];
            sfs_engine_fail(e, "proc %d (target %s): cannot issue %s: %s (connection or target lost)%s",
                            p->global, p->target, sfs_op_name(req->op), strerror(-rc),
                            be_why(p, why, sizeof why));
        }
        on_done(req);
    }
}

/* next intended start after an op: constant spacing, or exponential when
 * arrival=poisson (same mean rate) */
static void advance(struct sfs_proc *p)
{
    double gap = p->interval_ns;
    if (p->e->cfg.poisson)
        gap = -log(1.0 - sfs_rng_unit(&p->prng)) * p->interval_ns;
    p->next_ns += (uint64_t)gap;
}

static void checkpoint(struct sfs_proc *p, uint64_t now)
{
    sfs_engine *e = p->e;
    p->xp_ops++;
    if (now - p->xp_t < XPOINT_NS)
        return;
    if (p->local == 0 && e->cfg.logger) {
        double secs = (double)(now - p->xp_t) / 1e9;
        sfs_debug(&e->cfg, SFS_DBG_CHILD_XPOINT, p->global,
                  "xpoint %.1fs ops=%llu achieved=%.2f/s intended=%.2f/s behind=%.3fs",
                  secs, (unsigned long long)p->xp_ops, (double)p->xp_ops / secs,
                  e->cfg.rate, now > p->next_ns ? (double)(now - p->next_ns) / 1e9 : 0.0);
    }
    p->xp_t = now;
    p->xp_ops = 0;
}

/* Decide whether proc p can issue now.  Returns 1 and sets *intended if it
 * should, 0 if it must wait until *wake_ns, -1 if it is finished. */
static int due(struct sfs_proc *p, uint64_t now, uint64_t *intended, uint64_t *wake_ns)
{
    sfs_engine *e = p->e;
    int phase = __atomic_load_n(&e->phase, __ATOMIC_ACQUIRE);
    uint64_t end = __atomic_load_n(&e->end_ns, __ATOMIC_ACQUIRE);
    if (phase == SFS_PHASE_INIT) {
        if (end && now > end) {
            uint64_t done = 0, total = 0;
            for (int i = 0; i < e->nprocs; i++) {
                done += LOAD_RELAXED(e->procs[i].init_objects);
                total += e->procs[i].fs.init_total;
            }
            sfs_engine_fail(e, "INIT timed out after %.0f s: %llu of %llu file-set objects created",
                            e->phase_secs, (unsigned long long)done, (unsigned long long)total);
            return -1;
        }
        *intended = now;
        return 1;
    }
    if (p->local >= __atomic_load_n(&e->load_procs, __ATOMIC_RELAXED))
        return -1;                        /* idle in this step */
    if (p->interval_ns <= 0 && e->wl->intended) {   /* the workload's own schedule */
        uint64_t t = e->wl->intended(p->wstate, now);
        if (t == SFS_WL_NO_MORE) { p->exhausted = 1; return -1; }
        if (t) {
            if (end && t >= end) return -1;
            if (t > now) { *wake_ns = t; return 0; }
            *intended = t;
            return 1;
        }
    }
    if (p->interval_ns <= 0) {            /* unpaced: closed loop */
        if (end && now >= end) return -1;
        *intended = now;
        return 1;
    }
    if (end && p->next_ns >= end) return -1;
    if (p->next_ns > now) { *wake_ns = p->next_ns; return 0; }
    *intended = p->next_ns;
    return 1;
}

/* Fill the proc's next idle slot; NULL when INIT has nothing more. */
static sfs_req *prepare(struct sfs_proc *p)
{
    sfs_engine *e = p->e;
    sfs_req *req = &p->reqs[p->free_slots[p->nfree - 1]];
    if (__atomic_load_n(&e->phase, __ATOMIC_ACQUIRE) == SFS_PHASE_INIT) {
        memset(req, 0, sizeof *req);
        return e->wl->next_init(p->wstate, req) ? req : NULL;
    }
    e->wl->next(p->wstate, req);
    return req;
}

/* After a load request: the next intended start, the DEBUG 6 checkpoint. */
static void after_issue(struct sfs_proc *p, uint64_t now)
{
    sfs_engine *e = p->e;
    if (__atomic_load_n(&e->phase, __ATOMIC_ACQUIRE) == SFS_PHASE_INIT)
        return;
    if (p->interval_ns > 0) advance(p);
    checkpoint(p, now);
}

static void run_sync(struct sfs_worker *w)
{
    struct sfs_proc *p = w->procs[0];
    sfs_engine *e = w->e;
    uint64_t slice = e->cfg.sample_us * 1000ULL;
    /* the clock is read at send and completion only; the completion time of
     * one op is "now" for scheduling the next */
    uint64_t now = sfs_now_ns();
    while (!stopping(e)) {
        uint64_t intended = 0, wake = 0;
        int d = due(p, now, &intended, &wake);
        if (d < 0) break;
        if (d == 0) {
            uint64_t until = wake - now > slice ? now + slice : wake;
            if (p->local == 0 && e->cfg.logger)
                sfs_debug(&e->cfg, SFS_DBG_CHILD_TIMING, p->global, "sleep %lluus",
                          (unsigned long long)((until - now) / 1000));
            sfs_sleep_until(until);
            now = sfs_now_ns();
            continue;
        }
        sfs_req *req = prepare(p);
        if (!req) break;
        issue(p, req, intended);
        now = req->t_done_ns;   /* sync: done() ran inside submit() */
        after_issue(p, now);
    }
}

/* The drain after stop ran out with requests still in flight: the server
 * does not answer.  The phase fails naming it; the requests stay in flight
 * until close cancels them (backend.h, request lifecycle). */
static void unanswered(struct sfs_worker *w)
{
    sfs_engine *e = w->e;
    for (int i = 0; i < w->nprocs; i++) {
        struct sfs_proc *p = w->procs[i];
        if (!p->busy) continue;
        int n = 0;
        for (int k = i; k < w->nprocs; k++) n += w->procs[k]->busy;
        char why[600];
        sfs_engine_fail(e, "proc %d (target %s): the server did not answer %d request(s) within "
                        "%.0f s of stop%s", p->global, p->target, n, stop_drain_ns(e) / 1e9,
                        be_why(p, why, sizeof why));
        return;
    }
}

/* What proc p's context waits on now: its fd, registered with the thread's
 * event loop (a system call only when it changed, or with force), and
 * completions its backend already holds, posted to the loop's ready queue.
 * 1 when posted (it is served in this round's wait), 0, or -1 with the
 * engine failed. */
static int rewatch(struct sfs_worker *w, struct sfs_proc *p, int force)
{
    const sfs_backend *be = w->e->be;
    if (be->pollfd) {
        short ev = 0;
        int fd = be->pollfd(p->bctx, &ev);
        if (sfs_evloop_watch(w->evl, p->wi, fd, ev, force)) {
            sfs_engine_fail(w->e, "proc %d (target %s): event loop: cannot watch fd %d: %s",
                            p->global, p->target, fd, strerror(errno));
            return -1;
        }
    }
    if (!be->ready || !be->ready(p->bctx)) return 0;
    sfs_evloop_post(w->evl, p->wi);
    return 1;
}

/* Service proc p's context (its connection was ready, or its timeout timer
 * ran out), then watch what it waits on next.  -1 if its connection died
 * with requests in flight (the engine is failed). */
static int serve(struct sfs_worker *w, struct sfs_proc *p, uint64_t now, int timer)
{
    sfs_engine *e = w->e;
    if (e->be->poll(p->bctx, 0) < 0) {
        if (p->busy) {
            char why[600];
            sfs_engine_fail(e, "proc %d (target %s): connection lost%s", p->global, p->target,
                            be_why(p, why, sizeof why));
            return -1;
        }
        /* idle: its next submit reports the lost connection */
        sfs_evloop_watch(w->evl, p->wi, -1, 0, 0);
        return 0;
    }
    int posted = rewatch(w, p, timer);
    if (posted < 0) return -1;
    if (p->busy && !posted) sfs_timers_set(&w->tm, 2 * p->wi + 1, now + SWEEP_NS);
    return 0;
}

/* Backends without pollfd or ready: each busy context in turn, with a share of
 * timeout_ns.  -1 if a connection died (the engine is failed). */
static int service_each(struct sfs_worker *w, int64_t timeout_ns)
{
    sfs_engine *e = w->e;
    if (w->nbusy == 0) {
        if (timeout_ns > 0) sfs_sleep_until(sfs_now_ns() + (uint64_t)timeout_ns);
        return 0;
    }
    /* a share per busy context (not per request: one proc's queue is one wait) */
    int64_t each = timeout_ns / (w->nbusy < w->nprocs ? w->nbusy : w->nprocs);
    for (int i = 0; i < w->nprocs; i++) {
        struct sfs_proc *p = w->procs[i];
        if (p->busy && e->be->poll(p->bctx, each) < 0) {
            char why[600];
            sfs_engine_fail(e, "proc %d (target %s): connection lost%s", p->global, p->target,
                            be_why(p, why, sizeof why));
            return -1;
        }
    }
    return 0;
}

/* Wait up to timeout_ns and service only the contexts whose fd is ready
 * or whose completions are posted (then without waiting). */
static int service(struct sfs_worker *w, int64_t timeout_ns)
{
    if (!w->evl)
        return service_each(w, timeout_ns);
    int n = sfs_evloop_wait(w->evl, timeout_ns, w->ready, w->nprocs);
    if (n < 0) {
        sfs_engine_fail(w->e, "event loop: wait failed: %s", strerror(errno));
        return -1;
    }
    uint64_t now = n ? sfs_now_ns() : 0;
    for (int k = 0; k < n; k++)
        if (serve(w, w->procs[w->ready[k]], now, 0) < 0)
            return -1;
    return 0;
}

/* Mark proc p to be looked at in the next round (its state changed). */
static void wake(struct sfs_worker *w, struct sfs_proc *p)
{
    if (!p->pending) {
        p->pending = 1;
        w->pend[w->npend++] = p->wi;
    }
}

/* Issue what the procs marked pending may issue now; a proc that must wait
 * sets its timer, one that is full waits for a completion (on_done marks it). */
static int issue_pending(struct sfs_worker *w, uint64_t now)
{
    sfs_engine *e = w->e;
    /* INIT builds files one request at a time per proc */
    int init = __atomic_load_n(&e->phase, __ATOMIC_ACQUIRE) == SFS_PHASE_INIT;
    int n = w->npend;   /* those marked again while issuing wait for the next round */
    for (int k = 0; k < n; k++) {
        struct sfs_proc *p = w->procs[w->pend[k]];
        p->pending = 0;
        int cap = init ? 1 : p->depth, issued = 0;
        while (!p->finished && p->busy < cap && !stopping(e)) {
            uint64_t intended = 0, pw = 0;
            int d = due(p, now, &intended, &pw);
            if (d < 0) { p->finished = 1; w->live--; break; }
            if (d == 0) { sfs_timers_set(&w->tm, 2 * p->wi, pw); break; }
            sfs_req *req = prepare(p);
            if (!req) { p->finished = 1; w->live--; break; }
            issue(p, req, intended);
            after_issue(p, now);
            issued = 1;
        }
        if (issued && w->evl) {
            int posted = rewatch(w, p, 0);
            if (posted < 0) return -1;
            if (p->busy && !posted) sfs_timers_set(&w->tm, 2 * p->wi + 1, now + SWEEP_NS);
        }
    }
    w->npend -= n;
    memmove(w->pend, w->pend + n, (size_t)w->npend * sizeof *w->pend);
    return 0;
}

static int loop_open(struct sfs_worker *w)
{
    /* the procs being looked at, and each of them marked again meanwhile */
    w->pend = malloc(2 * (size_t)w->nprocs * sizeof *w->pend);
    w->ready = malloc((size_t)w->nprocs * sizeof *w->ready);
    w->npend = 0;
    if (!w->pend || !w->ready || sfs_timers_init(&w->tm, 2 * w->nprocs))
        return -1;
    if ((w->e->be->pollfd || w->e->be->ready) && !(w->evl = sfs_evloop_new(w->nprocs)))
        return -1;
    return 0;
}

static void loop_close(struct sfs_worker *w)
{
    sfs_evloop_free(w->evl);
    w->evl = NULL;
    sfs_timers_free(&w->tm);
    free(w->pend);
    free(w->ready);
    w->pend = w->ready = NULL;
}

/* The procs of this thread on its event loop: each round issues what the
 * procs marked pending may (completions and timers mark them), then waits
 * for ready connections or the next timer and services only those. */
static void run_async(struct sfs_worker *w)
{
    sfs_engine *e = w->e;
    uint64_t slice = e->cfg.sample_us * 1000ULL;
    uint64_t drain_until = 0, seen_end = __atomic_load_n(&e->end_ns, __ATOMIC_ACQUIRE);
    if (loop_open(w)) {
        sfs_engine_fail(e, "event loop: %s", strerror(errno ? errno : ENOMEM));
        loop_close(w);
        return;
    }
    w->live = w->nprocs;
    for (int i = 0; i < w->nprocs; i++) {
        struct sfs_proc *p = w->procs[i];
        p->pending = 0;
        wake(w, p);
        if (w->evl && rewatch(w, p, 0) < 0) goto out;
    }
    for (;;) {
        uint64_t now = sfs_now_ns();
        int stop = stopping(e);
        if (stop && !drain_until) drain_until = now + stop_drain_ns(e);
        /* RUN's end is set while WARMUP runs: every proc looks at it again */
        uint64_t end = __atomic_load_n(&e->end_ns, __ATOMIC_ACQUIRE);
        if (end != seen_end) {
            seen_end = end;
            for (int i = 0; i < w->nprocs; i++)
                if (!w->procs[i]->finished) wake(w, w->procs[i]);
        }
        for (int id; (id = sfs_timers_pop(&w->tm, now)) >= 0;) {
            struct sfs_proc *p = w->procs[id / 2];
            if (id % 2 == 0) wake(w, p);
            else if (p->busy && serve(w, p, now, 1) < 0) goto out;
        }
        if (!stop && issue_pending(w, now) < 0) break;
        if (!w->nbusy && (!w->live || stop)) break;
        if (stop && now > drain_until) {
            unanswered(w);
            break;
        }
        now = sfs_now_ns();
        uint64_t until = now + slice, first = sfs_timers_first(&w->tm);
        if (first && first < until) until = first;
        if (w->npend && !stop) until = now;
        int64_t t = until > now ? (int64_t)(until - now) : 0;
        /* without an fd to wait on or posted completions, completions are
         * only seen by polling: keep that to 1 ms so the next issue is not delayed */
        if (w->nbusy && t > 1000000 && !w->evl) t = 1000000;
        if (service(w, t) < 0) break;
    }
out:
    loop_close(w);
}

void *sfs_worker_main(void *arg)
{
    struct sfs_worker *w = arg;
    sfs_engine *e = w->e;
    /* wake up on the intended start, not up to 50 us (default slack) later */
    sfs_thread_precise_timers();
    /* top -H, ps -L: which threads are event loops */
    sfs_thread_name(e->async ? "sfs-loop" : "sfs-proc");
    if (e->async || e->queued) run_async(w);
    else run_sync(w);
    for (int i = 0; i < w->nprocs; i++)
        STORE_RELAXED(w->procs[i]->behind, 0);
    pthread_mutex_lock(&e->lock);
    if (--e->active == 0) {
        sfs_cpu_snapshot(&e->cpu_end);
        __atomic_store_n(&e->cpu_end_gen, __atomic_load_n(&e->gen, __ATOMIC_ACQUIRE), __ATOMIC_RELEASE);
        __atomic_store_n(&e->done_stopped, stopping(e), __ATOMIC_RELAXED);
        int exhausted = 1, loading = __atomic_load_n(&e->load_procs, __ATOMIC_RELAXED);
        for (int i = 0; i < e->nprocs; i++)
            if (e->procs[i].local < loading && !e->procs[i].exhausted) exhausted = 0;
        __atomic_store_n(&e->done_exhausted, exhausted, __ATOMIC_RELAXED);
        __atomic_store_n(&e->done_ns, sfs_now_ns(), __ATOMIC_RELEASE);
    }
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    return NULL;
}
