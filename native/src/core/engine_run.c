/* The proc loops: INIT (file-set build through the workload's next_init) and
 * paced open-loop load (WARMUP/RUN).  Sync backends: one proc per thread;
 * async backends: one thread drives all procs of one target on the
 * backend's poll loop.  docs/engine.md describes pacing and timing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "platform.h"
#include "platform_poll.h"
#include "engine_internal.h"
#include "log.h"
#include "clock.h"

#define XPOINT_NS   10000000000ULL   /* DEBUG 6 checkpoint period */
#define BEHIND_NS   1000000000ULL    /* SFS_S_BEHIND threshold */
#define STOP_DRAIN_NS 10000000000ULL /* async: wait this long for in-flight ops on stop */
#define SWEEP_NS    100000000ULL     /* async: service idle connections this often (timeouts) */

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
    sfs_counters_record(sfs_worker_counters(p->w, req->t_intended_ns), req, !ok);
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
    int rc = e->be->submit(p->bctx, req);
    if (rc < 0) {   /* not issued: done() will not be called */
        req->status = rc;
        req->proto_status = -rc;
        if (sfs_status_is_fatal(rc))
            sfs_engine_fail(e, "proc %d (target %s): cannot issue %s: %s (connection or target lost)",
                            p->global, p->target, sfs_op_name(req->op), strerror(-rc));
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

/* Service the contexts of busy procs for at most timeout_ns.  Returns -1
 * if a connection died (the engine is failed). */
static int service(struct sfs_worker *w, int64_t timeout_ns)
{
    sfs_engine *e = w->e;
    int nbusy = 0;
    for (int i = 0; i < w->nprocs; i++) nbusy += w->procs[i]->busy;
    if (nbusy == 0) {
        if (timeout_ns > 0) sfs_sleep_until(sfs_now_ns() + (uint64_t)timeout_ns);
        return 0;
    }
    if (e->be->pollfd) {
        struct pollfd pf[w->nprocs];
        int fds[w->nprocs], at[w->nprocs], n = 0;
        for (int i = 0; i < w->nprocs; i++) {
            struct sfs_proc *p = w->procs[i];
            short ev = 0;
            fds[i] = -1;
            if (!p->busy || (fds[i] = e->be->pollfd(p->bctx, &ev)) < 0) continue;
            /* contexts sharing a connection are opened one after the other */
            if (n > 0 && (int)pf[n - 1].fd == fds[i]) { at[i] = n - 1; continue; }
            pf[n].fd = fds[i]; pf[n].events = ev; pf[n].revents = 0;
            at[i] = n++;
        }
        int ms = (int)(timeout_ns / 1000000), ready = 0;
        if (n > 0) ready = sfs_poll(pf, (nfds_t)n, ms);
        else if (ms > 0) sfs_sleep_until(sfs_now_ns() + (uint64_t)timeout_ns);
        /* service the contexts whose connection is ready (once per shared
         * connection); all busy ones when nothing was, and every SWEEP_NS,
         * so that they notice their timeouts */
        uint64_t now = sfs_now_ns();
        int sweep = ready <= 0 || now >= w->sweep_ns;
        if (sweep) w->sweep_ns = now + SWEEP_NS;
        int last = -1;
        for (int i = 0; i < w->nprocs; i++) {
            struct sfs_proc *p = w->procs[i];
            if (!p->busy || (fds[i] >= 0 && fds[i] == last)) continue;
            if (!sweep && fds[i] >= 0 && pf[at[i]].revents == 0) continue;
            last = fds[i];
            if (e->be->poll(p->bctx, 0) < 0) goto dead;
        }
        return 0;
    }
    int64_t each = timeout_ns / nbusy;
    for (int i = 0; i < w->nprocs; i++) {
        struct sfs_proc *p = w->procs[i];
        if (p->busy && e->be->poll(p->bctx, each) < 0) goto dead;
    }
    return 0;
dead:
    for (int i = 0; i < w->nprocs; i++) {
        struct sfs_proc *p = w->procs[i];
        if (p->busy && e->be->poll(p->bctx, 0) < 0) {
            char why[600];
            sfs_engine_fail(e, "proc %d (target %s): connection lost%s", p->global, p->target,
                            be_why(p, why, sizeof why));
            return -1;
        }
    }
    return 0;
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
                        "%.0f s of stop%s", p->global, p->target, n, STOP_DRAIN_NS / 1e9,
                        be_why(p, why, sizeof why));
        return;
    }
}

static void run_async(struct sfs_worker *w)
{
    sfs_engine *e = w->e;
    uint64_t slice = e->cfg.sample_us * 1000ULL;
    uint64_t drain_until = 0;
    for (;;) {
        uint64_t now = sfs_now_ns(), wake = now + slice;
        int busy = 0, live = 0;
        int stop = stopping(e);
        if (stop && !drain_until) drain_until = now + STOP_DRAIN_NS;
        /* INIT builds files one request at a time per proc */
        int init = __atomic_load_n(&e->phase, __ATOMIC_ACQUIRE) == SFS_PHASE_INIT;
        for (int i = 0; i < w->nprocs; i++) {
            struct sfs_proc *p = w->procs[i];
            int cap = init ? 1 : p->depth;
            while (!p->finished && p->busy < cap && !stopping(e)) {
                uint64_t intended = 0, pw = 0;
                int d = due(p, now, &intended, &pw);
                if (d < 0) { p->finished = 1; break; }
                if (d == 0) { if (pw < wake) wake = pw; break; }
                sfs_req *req = prepare(p);
                if (!req) { p->finished = 1; break; }
                issue(p, req, intended);
                after_issue(p, now);
            }
            if (p->busy) busy++;
            if (!stop && !p->finished) live++;
        }
        if (!busy && (!live || stop)) break;
        if (stop && now > drain_until) {
            unanswered(w);
            break;
        }
        now = sfs_now_ns();
        int64_t t = wake > now ? (int64_t)(wake - now) : 0;
        /* without an fd to wait on, completions are only seen by polling:
         * keep that to 1 ms so the next issue is not delayed */
        if (busy && t > 1000000 && !e->be->pollfd) t = 1000000;
        if (service(w, t) < 0) break;
    }
}

void *sfs_worker_main(void *arg)
{
    struct sfs_worker *w = arg;
    sfs_engine *e = w->e;
    /* wake up on the intended start, not up to 50 us (default slack) later */
    sfs_thread_precise_timers();
    if (e->async || e->queued) run_async(w);
    else run_sync(w);
    for (int i = 0; i < w->nprocs; i++)
        STORE_RELAXED(w->procs[i]->behind, 0);
    pthread_mutex_lock(&e->lock);
    if (--e->active == 0) {
        sfs_cpu_snapshot(&e->cpu_end);
        __atomic_store_n(&e->cpu_end_gen, __atomic_load_n(&e->gen, __ATOMIC_ACQUIRE), __ATOMIC_RELEASE);
        __atomic_store_n(&e->done_stopped, stopping(e), __ATOMIC_RELAXED);
        __atomic_store_n(&e->done_ns, sfs_now_ns(), __ATOMIC_RELEASE);
    }
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    return NULL;
}
