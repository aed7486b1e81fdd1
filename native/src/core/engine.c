/* libsfsengine public API: open, phases, wait, sample, stop, close
 * (sfsengine.h, docs/engine.md).  The proc loops are in engine_run.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <errno.h>
#include <time.h>
#include "engine_internal.h"
#include "log.h"
#include "clock.h"
#include "platform.h"

static void set_err(char *err, int errlen, const char *msg)
{
    if (err && errlen > 0)
        snprintf(err, (size_t)errlen, "%s", msg);
}

void sfs_engine_fail(sfs_engine *e, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&e->lock);
    if (!e->failed) {
        e->failed = 1;
        snprintf(e->err, sizeof e->err, "%s", msg);
    }
    __atomic_store_n(&e->stop, 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    sfs_debug(&e->cfg, SFS_DBG_CHILD_GENERAL, -1, "failed: %s", msg);
}

/* An async backend's procs run on the loops place_procs chose, one thread
 * each; sync backends get one worker per proc. */
static int make_workers(sfs_engine *e, char *err, size_t errlen)
{
    e->workers = sfs_aligned_alloc(64, (size_t)e->nprocs * sizeof *e->workers);
    if (!e->workers) goto oom;
    memset(e->workers, 0, (size_t)e->nprocs * sizeof *e->workers);
    e->nworkers = e->async ? 0 : e->nprocs;
    for (int i = 0; i < e->nprocs; i++) {
        int k = e->async ? e->cfg.proc_loop[i] : i;
        if (k >= e->nworkers) e->nworkers = k + 1;
        e->workers[k].nprocs++;   /* counted first: each list is as long as its procs */
    }
    for (int k = 0; k < e->nworkers; k++) {
        struct sfs_worker *w = &e->workers[k];
        w->e = e;
        w->procs = calloc((size_t)w->nprocs, sizeof *w->procs);
        w->cnt[0] = sfs_counters_new();
        w->cnt[1] = sfs_counters_new();
        if (!w->procs || !w->cnt[0] || !w->cnt[1]) goto oom;
        w->nprocs = 0;
    }
    for (int i = 0; i < e->nprocs; i++) {
        struct sfs_proc *p = &e->procs[i];
        struct sfs_worker *w = &e->workers[e->async ? e->cfg.proc_loop[i] : i];
        p->wi = w->nprocs;
        w->procs[w->nprocs++] = p;
        p->w = w;
    }
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return -1;
}

/* The worker threads have ended.  Backends close first (backend.h, request
 * lifecycle): a request still in flight is cancelled there without done(),
 * and only then are the workload states and request slots it names freed. */
static void engine_free(sfs_engine *e)
{
    for (int i = 0; i < e->nprocs; i++)
        if (e->procs[i].bctx) e->be->close(e->procs[i].bctx);
    for (int i = 0; i < e->nprocs; i++) {
        struct sfs_proc *p = &e->procs[i];
        if (p->wstate) e->wl->close(p->wstate);
        sfs_fileset_free(&p->fs);
        free(p->reqs);
        free(p->free_slots);
        sfs_datagen_free(&p->data);
    }
    for (int k = 0; k < e->nworkers; k++) {
        free(e->workers[k].procs);
        sfs_counters_free(e->workers[k].cnt[0]);
        sfs_counters_free(e->workers[k].cnt[1]);
    }
    sfs_aligned_free(e->workers);
    sfs_aligned_free(e->procs);
    sfs_log_close(&e->cfg);
    sfs_cfg_free(&e->cfg);
    sfs_outages_free(e->outages);
    pthread_mutex_destroy(&e->lock);
    pthread_cond_destroy(&e->cond);
    free(e);
}

sfs_engine *sfs_engine_open(const char *config, char *err, int errlen)
{
    char msg[1024] = "";
    sfs_engine *e = calloc(1, sizeof *e);
    if (!e) { set_err(err, errlen, "out of memory"); return NULL; }
    pthread_mutex_init(&e->lock, NULL);
    /* sfs_engine_wait times out on the monotonic clock: a step of the wall
     * clock must not change how long a phase is waited for */
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&e->cond, &ca);
    pthread_condattr_destroy(&ca);
    if (sfs_cfg_parse(config, &e->cfg, msg, sizeof msg))
        goto fail;
    e->be = sfs_backend_find(e->cfg.backend);
    if (!e->be) {
        snprintf(msg, sizeof msg, "backend=%s: unknown backend (available: %s)",
                 e->cfg.backend, sfs_backend_names());
        goto fail;
    }
    e->wl = sfs_workload_find(e->cfg.workload);
    if (!e->wl) {
        snprintf(msg, sizeof msg, "workload=%s: unknown workload (available: %s)",
                 e->cfg.workload, sfs_workload_names());
        goto fail;
    }
    if (sfs_log_open(&e->cfg, msg, sizeof msg))
        goto fail;
    e->cfg.target_objects = e->wl->target_objects;
    /* outstanding_ios: an async backend takes several requests per proc as
     * it is; a sync one must offer a queued mode for more than one, and
     * depth 1 runs it as usual (one request at a time is that depth, and
     * the proc's own thread serves it cheapest: posix's ring would hand a
     * tmpfs read or write to io_uring's worker thread, docs/engine.md) */
    if (e->cfg.direct_io && !(e->be->caps & SFS_CAP_DIRECT_IO)) {
        snprintf(msg, sizeof msg, "direct_io=1: the %s backend has no client cache to bypass "
                 "(every read and write reaches the server)", e->be->name);
        goto fail;
    }
    e->async = sfs_backend_async(e->be, &e->cfg);
    if (e->cfg.outstanding_ios > 0 && !e->async) {
        if (e->be->queue && e->cfg.outstanding_ios > 1)
            e->queued = 1;
        else if (e->cfg.outstanding_ios > 1) {
            snprintf(msg, sizeof msg, "outstanding_ios=%d: the %s backend keeps one request in "
                     "flight per proc (allowed 0..1)", e->cfg.outstanding_ios, e->be->name);
            goto fail;
        }
    }
    size_t procs_bytes = (size_t)e->cfg.procs * sizeof *e->procs;
    if (!(e->procs = sfs_aligned_alloc(64, procs_bytes))) {
        e->procs = NULL;
        snprintf(msg, sizeof msg, "out of memory");
        goto fail;
    }
    memset(e->procs, 0, procs_bytes);
    e->nprocs = e->cfg.procs;
    e->load_procs = e->cfg.procs;
    if (e->async && sfs_place_procs(e)) {
        snprintf(msg, sizeof msg, "out of memory");
        goto fail;
    }
    /* riding through outages: their record, which the backends reach through cfg */
    if (e->cfg.outage_max > 0 && !(e->outages = sfs_outages_new())) {
        snprintf(msg, sizeof msg, "out of memory");
        goto fail;
    }
    e->cfg.outages = e->outages;
    sfs_debug(&e->cfg, SFS_DBG_CHILD_GENERAL, -1, "open backend=%s workload=%s procs=%d first=%d rate=%g loops=%d",
              e->cfg.backend, e->cfg.workload, e->cfg.procs, e->cfg.proc_first, e->cfg.rate,
              e->async ? sfs_loop_count(e) : 0);
    for (int i = 0; i < e->nprocs; i++) {
        struct sfs_proc *p = &e->procs[i];
        char m2[900] = "";
        p->e = e;
        p->local = i;
        p->global = e->cfg.proc_first + i;
        p->target = e->cfg.target[i];
        if (e->wl->own_namespace)
            snprintf(p->root, sizeof p->root, "%s", e->cfg.root);
        else if (e->wl->client_dataset)
            snprintf(p->root, sizeof p->root, "%s/c%04d", e->cfg.root, e->cfg.proc_first);
        else
            snprintf(p->root, sizeof p->root, "%s/p%04d", e->cfg.root, p->global);
        p->interval_ns = e->cfg.rate > 0 ? 1e9 / e->cfg.rate : 0;
        sfs_rng_seed(&p->prng, sfs_hash3(e->cfg.seed, (uint64_t)p->global, 0x9ACE));
        /* outstanding_ios at open is the most a step may ask for (slots, ring) */
        p->slots = e->cfg.outstanding_ios > 0 ? e->cfg.outstanding_ios : 1;
        p->depth = p->slots;
        p->reqs = calloc((size_t)p->slots, sizeof *p->reqs);
        p->free_slots = calloc((size_t)p->slots, sizeof *p->free_slots);
        if (!p->reqs || !p->free_slots ||
            sfs_datagen_init(&p->data, p->slots, e->cfg.seed, p->global,
                             e->cfg.data_compress_pct, e->cfg.data_dedup_pct) != 0) {
            snprintf(msg, sizeof msg, "out of memory");
            goto fail;
        }
        for (int k = 0; k < p->slots; k++)
            p->free_slots[p->nfree++] = p->slots - 1 - k;
        if (!e->wl->own_namespace && !e->wl->own_files &&
            sfs_fileset_build(&p->fs, &e->cfg, i, m2, sizeof m2)) {
            snprintf(msg, sizeof msg, "proc %d: %s", p->global, m2);
            goto fail;
        }
        if (i == 0 && !e->wl->own_namespace && !e->wl->own_files)
            sfs_debug(&e->cfg, SFS_DBG_CHILD_SETUP, p->global,
                      "fileset files=%u dirs=%u bytes=%llu working=%u bytes=%llu churn=%u symlinks=%u",
                      p->fs.nfiles, p->fs.ndirs, (unsigned long long)p->fs.total_bytes,
                      p->fs.nworking, (unsigned long long)p->fs.working_bytes, p->fs.nchurn,
                      p->fs.nsymlinks);
        if (e->be->open(&e->cfg, i, p->root, &p->bctx, m2, sizeof m2)) {
            p->bctx = NULL;
            snprintf(msg, sizeof msg, "proc %d (target %s): %s", p->global, p->target, m2);
            goto fail;
        }
        if (e->queued && e->be->queue(p->bctx, p->depth, m2, sizeof m2)) {
            snprintf(msg, sizeof msg, "proc %d (target %s): outstanding_ios=%d: %s", p->global,
                     p->target, p->depth, m2);
            goto fail;
        }
        if (e->wl->open(&e->cfg, i, &p->fs, &p->wstate, m2, sizeof m2)) {
            p->wstate = NULL;
            snprintf(msg, sizeof msg, "proc %d: workload %s: %s", p->global, e->wl->name, m2);
            goto fail;
        }
    }
    if (make_workers(e, msg, sizeof msg))
        goto fail;
    return e;
fail:
    set_err(err, errlen, msg);
    sfs_debug(&e->cfg, SFS_DBG_CHILD_GENERAL, -1, "open failed: %s", msg);
    engine_free(e);
    return NULL;
}

static void join_workers(sfs_engine *e)
{
    for (int k = 0; k < e->nworkers; k++)
        if (e->workers[k].started) {
            pthread_join(e->workers[k].tid, NULL);
            e->workers[k].started = 0;
        }
}

/* New counter generation: zero the buffers of the next generation (nobody
 * writes them: workers write the current one), then publish it, starting now
 * (returned).  The clock is read last: an op completing before the
 * generation is published counts in the one before, whenever it was
 * intended, so nothing slow may come between (zeroing 10,000 full counter
 * sets there took 0.8 s, and RUN's first second lost its ops to WARMUP). */
static uint64_t next_generation(sfs_engine *e)
{
    unsigned g = e->gen + 1;
    for (int k = 0; k < e->nworkers; k++)
        sfs_counters_reset(e->workers[k].cnt[g & 1]);
    sfs_cpu_snapshot(&e->cpu_start[g & 1]);
    uint64_t now = sfs_now_ns();
    e->gen_start_ns[g & 1] = now;
    sfs_outages_reset(e->outages, now);
    __atomic_store_n(&e->gen, g, __ATOMIC_RELEASE);
    return now;
}

static const char *phase_name(int phase)
{
    static const char *const n[] = { "IDLE", "INIT", "WARMUP", "RUN" };
    return phase >= 0 && phase <= 3 ? n[phase] : "?";
}

int sfs_engine_start(sfs_engine *e, int phase, double seconds)
{
    if (!e) return -1;
    if (phase < SFS_PHASE_INIT || phase > SFS_PHASE_RUN || !(seconds >= 0)) {
        pthread_mutex_lock(&e->lock);
        snprintf(e->err, sizeof e->err, "start: bad phase %d or duration %g", phase, seconds);
        pthread_mutex_unlock(&e->lock);
        return -1;
    }
    pthread_mutex_lock(&e->lock);
    if (e->failed) {
        pthread_mutex_unlock(&e->lock);
        return -1;
    }
    int cur = e->phase;
    int load_running = e->active > 0 && (cur == SFS_PHASE_WARMUP || cur == SFS_PHASE_RUN);
    if (e->active > 0 && !(phase == SFS_PHASE_RUN && load_running)) {
        snprintf(e->err, sizeof e->err, "start %s: phase %s is still running",
                 phase_name(phase), phase_name(cur));
        pthread_mutex_unlock(&e->lock);
        return -1;
    }
    if (phase == SFS_PHASE_INIT && !e->space_checked) {
        /* no engine thread runs yet: the backend contexts are free to use */
        char m[sizeof e->err];
        if (sfs_space_check(e, m, sizeof m)) {
            snprintf(e->err, sizeof e->err, "%s", m);
            e->failed = 1;
            pthread_mutex_unlock(&e->lock);
            return -1;
        }
        e->space_checked = 1;
    }
    uint64_t now = next_generation(e);
    e->phase_secs = seconds;
    __atomic_store_n(&e->phase_start_ns, now, __ATOMIC_RELAXED);
    /* WARMUP has no end of its own; INIT with timeout 0 has no deadline */
    uint64_t end = phase == SFS_PHASE_WARMUP || (phase == SFS_PHASE_INIT && seconds == 0) ? 0
                   : now + (uint64_t)(seconds * 1e9);
    __atomic_store_n(&e->end_ns, end, __ATOMIC_RELEASE);
    __atomic_store_n(&e->phase, phase, __ATOMIC_RELEASE);
    sfs_debug(&e->cfg, SFS_DBG_CHILD_GENERAL, -1, "start %s %.3f s", phase_name(phase), seconds);
    /* the phase commands are what SPECsfs's children received as signals */
    sfs_debug(&e->cfg, SFS_DBG_CHILD_SIGNAL, -1, "received start %s (%.3f s)", phase_name(phase), seconds);
    if (load_running) {   /* WARMUP -> RUN: same threads, no gap in load */
        pthread_mutex_unlock(&e->lock);
        return 0;
    }
    pthread_mutex_unlock(&e->lock);
    join_workers(e);
    __atomic_store_n(&e->stop, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&e->done_ns, 0, __ATOMIC_RELEASE);
    for (int i = 0; i < e->nprocs; i++) {
        struct sfs_proc *p = &e->procs[i];
        p->finished = 0;
        p->exhausted = 0;
        /* the schedule starts at a random phase within one interval, so procs
         * do not fire in lock step */
        p->next_ns = now + (uint64_t)(sfs_rng_unit(&p->prng) * p->interval_ns);
        p->xp_t = now;
        p->xp_ops = 0;
    }
    /* a sync backend's thread per proc gets the stack the backend asks for
     * (backend.h); a loop thread runs client libraries and keeps the default */
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (!e->async && e->be->proc_stack) pthread_attr_setstacksize(&attr, e->be->proc_stack);
    pthread_mutex_lock(&e->lock);
    for (int k = 0; k < e->nworkers; k++) {
        struct sfs_worker *w = &e->workers[k];
        int rc = pthread_create(&w->tid, &attr, sfs_worker_main, w);
        if (rc != 0) {
            snprintf(e->err, sizeof e->err, "cannot start thread: %s", strerror(rc));
            e->failed = 1;
            __atomic_store_n(&e->stop, 1, __ATOMIC_RELEASE);
            pthread_mutex_unlock(&e->lock);
            pthread_attr_destroy(&attr);
            join_workers(e);
            return -1;
        }
        w->started = 1;
        e->active++;
    }
    pthread_mutex_unlock(&e->lock);
    pthread_attr_destroy(&attr);
    return 0;
}

/* One key of a step: checked for every proc when apply is 0 (nothing
 * changes), applied when 1 (after every key of the step passed the check).
 * 0, or -1 with a message. */
static int step_key(sfs_engine *e, int apply, int line, const char *key, const char *val,
                    char *msg, size_t len)
{
    char *end;
    if (strcmp(key, "active") == 0) {
        long n = strtol(val, &end, 10);
        if (!*val || *end || n < 1 || n > e->nprocs) {
            snprintf(msg, len, "step line %d: active=%s: allowed 1..%d (the engine's procs)",
                     line, val, e->nprocs);
            return -1;
        }
        if (apply) __atomic_store_n(&e->load_procs, (int)n, __ATOMIC_RELAXED);
        return 0;
    }
    if (strcmp(key, "rate") == 0) {
        double r = strtod(val, &end);
        if (!*val || *end || !(r >= 0 && r <= 1e7)) {
            snprintf(msg, len, "step line %d: rate=%s: allowed 0 (unpaced) .. 1e7 ops/s per proc",
                     line, val);
            return -1;
        }
        /* a workload may refuse a rate its settings cannot keep (access: a spec's delays) */
        for (int i = 0; !apply && e->wl->step && i < e->nprocs; i++) {
            char m2[400] = "";
            if (e->wl->step(e->procs[i].wstate, key, val, 0, m2, sizeof m2) < 0) {
                snprintf(msg, len, "step line %d: %s", line, m2);
                return -1;
            }
        }
        if (!apply) return 0;
        e->cfg.rate = r;
        for (int i = 0; i < e->nprocs; i++)
            e->procs[i].interval_ns = r > 0 ? 1e9 / r : 0;
        return 0;
    }
    if (strcmp(key, "outstanding_ios") == 0) {
        long n = strtol(val, &end, 10);
        int most = e->nprocs > 0 ? e->procs[0].slots : 1;
        if (!*val || *end || n < 1 || n > most) {
            snprintf(msg, len, "step line %d: outstanding_ios=%s: allowed 1..%d (outstanding_ios "
                     "when the engine was opened)", line, val, most);
            return -1;
        }
        if (apply)
            for (int i = 0; i < e->nprocs; i++)
                e->procs[i].depth = (int)n;
        return 0;
    }
    if (e->wl->step) {
        char m2[400] = "";
        int rc = 1;
        for (int i = 0; i < e->nprocs && (i == 0 || rc == 0); i++)
            rc = e->wl->step(e->procs[i].wstate, key, val, apply, m2, sizeof m2);
        if (rc == 0) return 0;
        if (rc < 0) {
            snprintf(msg, len, "step line %d: %s=%s: %s", line, key, val, m2);
            return -1;
        }
    }
    snprintf(msg, len, "step line %d: unknown key '%s' (allowed: active, rate, outstanding_ios%s)",
             line, key, e->wl->step ? " and the workload's own" : "");
    return -1;
}

/* The key=value lines of a step, split in place (NUL at '='). */
struct step_line { int line; const char *key, *val; };

static int step_lines(char *text, struct step_line **out, int *n, char *msg, size_t len)
{
    int cap = 0, line = 0;
    char *save = NULL;
    *out = NULL;
    *n = 0;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        line++;
        while (*l == ' ' || *l == '\t') l++;
        if (!*l || *l == '#') continue;
        char *eq = strchr(l, '=');
        if (!eq) {
            snprintf(msg, len, "step line %d: '%s' is not key=value", line, l);
            return -1;
        }
        *eq = '\0';
        if (*n == cap) {
            cap = cap ? 2 * cap : 8;
            struct step_line *m = realloc(*out, (size_t)cap * sizeof *m);
            if (!m) { snprintf(msg, len, "out of memory"); return -1; }
            *out = m;
        }
        (*out)[(*n)++] = (struct step_line){ line, l, eq + 1 };
    }
    return 0;
}

/* All or nothing: every key is checked (for every proc) before any is
 * applied, so a refused key leaves the engine as it was. */
int sfs_engine_step(sfs_engine *e, const char *changes, char *err, int errlen)
{
    char msg[512] = "";
    if (!e || !changes) {
        set_err(err, errlen, "step: no engine or no changes");
        return -1;
    }
    pthread_mutex_lock(&e->lock);
    if (e->active > 0 || e->failed) {
        snprintf(msg, sizeof msg, e->failed ? "step: the engine has failed: %s"
                 : "step: a phase is still running (%s)", e->failed ? e->err : phase_name(e->phase));
        pthread_mutex_unlock(&e->lock);
        set_err(err, errlen, msg);
        return -1;
    }
    char *text = strdup(changes);
    struct step_line *lines = NULL;
    int n = 0, rc = -1;
    if (!text)
        snprintf(msg, sizeof msg, "out of memory");
    else if (step_lines(text, &lines, &n, msg, sizeof msg) == 0) {
        rc = 0;
        for (int apply = 0; apply <= 1 && rc == 0; apply++)
            for (int i = 0; i < n && rc == 0; i++)
                rc = step_key(e, apply, lines[i].line, lines[i].key, lines[i].val, msg, sizeof msg);
    }
    free(lines);
    free(text);
    pthread_mutex_unlock(&e->lock);
    if (rc == 0)
        sfs_debug(&e->cfg, SFS_DBG_CHILD_GENERAL, -1, "step active=%d rate=%g", e->load_procs, e->cfg.rate);
    else
        set_err(err, errlen, msg);
    return rc;
}

int sfs_engine_wait(sfs_engine *e, int timeout_ms)
{
    if (!e) return SFS_STATE_FAILED;
    uint64_t t = sfs_now_ns() + (uint64_t)(timeout_ms > 0 ? timeout_ms : 0) * 1000000ULL;
    struct timespec ts = { .tv_sec = (time_t)(t / 1000000000ULL), .tv_nsec = (long)(t % 1000000000ULL) };
    pthread_mutex_lock(&e->lock);
    while (e->active > 0 && !e->failed)
        if (pthread_cond_timedwait(&e->cond, &e->lock, &ts) == ETIMEDOUT)
            break;
    int state = e->failed ? SFS_STATE_FAILED : e->active > 0 ? SFS_STATE_RUNNING : SFS_STATE_DONE;
    pthread_mutex_unlock(&e->lock);
    return state;
}

int sfs_engine_error(sfs_engine *e, char *buf, int len)
{
    if (!e || !buf || len <= 0) return 0;
    pthread_mutex_lock(&e->lock);
    snprintf(buf, (size_t)len, "%s", e->err);
    int n = (int)strlen(buf);
    pthread_mutex_unlock(&e->lock);
    return n;
}

void sfs_engine_stop(sfs_engine *e)
{
    if (!e) return;
    __atomic_store_n(&e->stop, 1, __ATOMIC_RELEASE);
    sfs_debug(&e->cfg, SFS_DBG_CHILD_GENERAL, -1, "stop");
    sfs_debug(&e->cfg, SFS_DBG_CHILD_SIGNAL, -1, "received stop");
}

void sfs_engine_close(sfs_engine *e)
{
    if (!e) return;
    sfs_engine_stop(e);
    join_workers(e);
    sfs_debug(&e->cfg, SFS_DBG_CHILD_GENERAL, -1, "close");
    engine_free(e);
}

/* Time the phase has covered: frozen when it ended; a RUN that ran its
 * course covers exactly its duration (its ops are those intended within
 * it), one that was stopped, or whose procs had no more to issue
 * (SFS_WL_NO_MORE), covers up to when its procs ended. */
static uint64_t elapsed_us(sfs_engine *e, uint64_t now, uint64_t start, uint64_t phase)
{
    if (!start) return 0;
    uint64_t t = now;
    uint64_t done = __atomic_load_n(&e->done_ns, __ATOMIC_ACQUIRE);
    uint64_t end = __atomic_load_n(&e->end_ns, __ATOMIC_ACQUIRE);
    if (done >= start) t = done;
    if (phase == SFS_PHASE_RUN && end) {
        int cut_short = done >= start && done < end && (__atomic_load_n(&e->done_stopped, __ATOMIC_RELAXED)
                                                        || __atomic_load_n(&e->done_exhausted, __ATOMIC_RELAXED));
        if (!cut_short && (t > end || done >= start)) t = end;
    }
    return t > start ? (t - start) / 1000 : 0;
}

long sfs_engine_sample(sfs_engine *e, uint64_t *out, long words)
{
    if (!e || !out || words < SFS_SAMPLE_WORDS)
        return -1;
    uint64_t now = sfs_now_ns();
    uint64_t start = __atomic_load_n(&e->phase_start_ns, __ATOMIC_RELAXED);
    out[SFS_S_LAYOUT] = SFS_ENGINE_API_VERSION;
    out[SFS_S_PHASE] = (uint64_t)__atomic_load_n(&e->phase, __ATOMIC_ACQUIRE);
    out[SFS_S_ELAPSED_US] = elapsed_us(e, now, start, out[SFS_S_PHASE]);
    uint64_t done = 0, total = 0, bytes = 0, behind = 0;
    for (int i = 0; i < e->nprocs; i++) {
        struct sfs_proc *p = &e->procs[i];
        done += LOAD_RELAXED(p->init_objects);
        total += p->fs.init_total;
        bytes += p->fs.total_bytes;
        /* behind: its last op was sent > 1 s late, or the op in flight was
         * intended > 1 s ago (a proc stuck in a slow op counts too) */
        int late = LOAD_RELAXED(p->behind) ||
                   (p->depth == 1 && LOAD_RELAXED(p->busy) && out[SFS_S_PHASE] >= SFS_PHASE_WARMUP &&
                    now > LOAD_RELAXED(p->reqs[0].t_intended_ns) + 1000000000ULL);
        behind += late ? 1 : 0;
    }
    out[SFS_S_INIT_DONE] = done;
    out[SFS_S_INIT_TOTAL] = total;
    out[SFS_S_FILESET_BYTES] = bytes;
    out[SFS_S_PROCS] = (uint64_t)e->nprocs;
    out[SFS_S_BEHIND] = behind;
    sfs_sample_clear(out);
    unsigned g = __atomic_load_n(&e->gen, __ATOMIC_ACQUIRE);
    for (int k = 0; k < e->nworkers; k++)
        sfs_counters_merge(out, e->workers[k].cnt[g & 1]);
    /* CPU of the same window as the counters: up to the end of the phase once
     * its procs ended, else up to now */
    struct sfs_cpu_snap cpu_now;
    const struct sfs_cpu_snap *cpu_to = &cpu_now;
    if (g != 0 && __atomic_load_n(&e->cpu_end_gen, __ATOMIC_ACQUIRE) == g)
        cpu_to = &e->cpu_end;
    else
        sfs_cpu_snapshot(&cpu_now);
    if (g != 0)
        sfs_cpu_words(out, &e->cpu_start[g & 1], cpu_to);
    sfs_outages_words(e->outages, out);
    return SFS_SAMPLE_WORDS;
}
