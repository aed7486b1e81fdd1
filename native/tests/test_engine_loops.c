/* Several event loops per engine (engine.c place_procs, engine_run.c
 * run_async, core/evloop.c): the procs of one target land on every loop,
 * each proc is driven by one thread only, every completed op is counted
 * exactly once, stop ends all loops; the null backend's async mode carries
 * the ops.  Also the event loop's own parts: the timer heap's order and one
 * registration for several items on one fd. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <poll.h>
#include <pthread.h>
#include "check.h"
#include "samples.h"
#include "sfsengine.h"
#include "backend.h"
#include "config.h"
#include "evloop.h"
#include "clock.h"

#define MAX_CTX 2000

/* null with null_async=1, counting what it accepts and which thread drives each context */
struct cctx { void *inner; pthread_t thread; int seen; int wrong_thread; };
static long accepted;   /* atomic */
static pthread_t threads[64];
static int nthreads;
static pthread_mutex_t tl = PTHREAD_MUTEX_INITIALIZER;

static const sfs_backend *null_be(void) { return sfs_backend_find("null"); }

static struct cctx *all[MAX_CTX];
static int nall;

static int c_open(const struct sfs_cfg *cfg, int proc, const char *root, void **ctx,
                  char *err, size_t errlen)
{
    struct cctx *c = calloc(1, sizeof *c);
    if (null_be()->open(cfg, proc, root, &c->inner, err, errlen)) { free(c); return -1; }
    if (nall < MAX_CTX) all[nall++] = c;
    *ctx = c;
    return 0;
}

static void note_thread(struct cctx *c)
{
    pthread_t me = pthread_self();
    if (!c->seen) { c->seen = 1; c->thread = me; }
    else if (!pthread_equal(c->thread, me)) c->wrong_thread = 1;
    pthread_mutex_lock(&tl);
    int known = 0;
    for (int i = 0; i < nthreads; i++) known |= pthread_equal(threads[i], me);
    if (!known && nthreads < 64) threads[nthreads++] = me;
    pthread_mutex_unlock(&tl);
}

static int c_submit(void *ctx, sfs_req *req)
{
    struct cctx *c = ctx;
    note_thread(c);
    int rc = null_be()->submit(c->inner, req);
    if (rc == 0) __atomic_add_fetch(&accepted, 1, __ATOMIC_RELAXED);
    return rc;
}

static int c_poll(void *ctx, int64_t t)
{
    struct cctx *c = ctx;
    note_thread(c);
    return null_be()->poll(c->inner, t);
}

static int c_inflight(void *ctx) { return null_be()->inflight(((struct cctx *)ctx)->inner); }
static int c_ready(void *ctx) { return null_be()->ready(((struct cctx *)ctx)->inner); }
static int c_wrong;
static void c_close(void *ctx)
{
    struct cctx *c = ctx;
    c_wrong |= c->wrong_thread;
    null_be()->close(c->inner);
    free(c);
}

static sfs_backend counted = {
    .name = "test-counted", .async = 1, .open = c_open, .submit = c_submit, .poll = c_poll,
    .inflight = c_inflight, .close = c_close, .ready = c_ready,
};
SFS_REGISTER_BACKEND(counted)

static uint64_t s[SFS_SAMPLE_WORDS];

/* threads of this process named as the engine names its event loops */
static int loop_threads(void)
{
    DIR *d = opendir("/proc/self/task");
    int n = 0;
    if (!d) return -1;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char path[300], comm[32] = "";
        snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        n += fgets(comm, sizeof comm, f) && strcmp(comm, "sfs-loop\n") == 0;
        fclose(f);
    }
    closedir(d);
    return n;
}

static uint64_t ops_and_errors(void)
{
    return sample_total(s, SFS_O_OPS) + sample_total(s, SFS_O_ERRORS);
}

static uint64_t errors(void)
{
    return sample_total(s, SFS_O_ERRORS);
}

static int wait_done(sfs_engine *e)
{
    int st;
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    return st;
}

/* One engine: INIT, then RUN alone (every op of RUN is in its generation). */
static void run_engine(int procs, int loops, double rate, double secs, int want_threads)
{
    char cfg[512], err[1024];
    snprintf(cfg, sizeof cfg, "backend=test-counted\nnull_async=1\nworkload=mixfile\nmix=getattr:50,read:50\n"
             "procs=%d\nloops=%d\ntarget.0=/a\n%srate=%g\nfileset_rate=1\nfileset_scale=0.0001\n",
             procs, loops, procs > 1 ? "target.1=/b\n" : "", rate);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return;
    CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0, "INIT");
    CHECK(wait_done(e) == SFS_STATE_DONE, "INIT done");
    nthreads = 0;
    /* each phase starts its own threads; INIT's space check ran on this one */
    for (int i = 0; i < nall; i++) all[i]->seen = all[i]->wrong_thread = 0;
    __atomic_store_n(&accepted, 0, __ATOMIC_RELAXED);
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, secs) == 0, "RUN");
    /* a loop names itself once it runs: under a sanitizer on a loaded machine that takes a while */
    int during = 0;
    for (int waited_ms = 0; waited_ms < (int)(secs * 700) && (during = loop_threads()) < want_threads;
         waited_ms += 10)
        usleep(10000);
    CHECK(during == want_threads, "procs=%d loops=%d: %d event-loop threads, want %d", procs,
          loops, during, want_threads);
    CHECK(wait_done(e) == SFS_STATE_DONE, "RUN done");
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    long n = __atomic_load_n(&accepted, __ATOMIC_RELAXED);
    CHECK((uint64_t)n == ops_and_errors(), "procs=%d loops=%d: %ld ops accepted, %llu counted",
          procs, loops, n, (unsigned long long)ops_and_errors());
    CHECK(errors() == 0, "errors %llu", (unsigned long long)errors());
    CHECK(nthreads == want_threads, "procs=%d loops=%d: submits from %d threads", procs, loops, nthreads);
    if (rate > 0)
        CHECK(n >= (long)(procs * rate * secs * 0.9) && n <= (long)(procs * rate * secs * 1.02 + procs),
              "paced: %d procs x %g ops/s x %g s: %ld ops", procs, rate, secs, n);
    /* stop during a long WARMUP ends every loop promptly */
    for (int i = 0; i < nall; i++) all[i]->seen = 0;
    CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 0) == 0, "WARMUP");
    usleep(50000);
    uint64_t t0 = sfs_now_ns();
    sfs_engine_stop(e);
    CHECK(sfs_engine_wait(e, 3000) == SFS_STATE_DONE, "stop ends the phase");
    CHECK(sfs_now_ns() - t0 < 1500000000ULL, "stop took %llu ms",
          (unsigned long long)((sfs_now_ns() - t0) / 1000000));
    c_wrong = 0;
    sfs_engine_close(e);
    nall = 0;
    CHECK(c_wrong == 0, "a context was driven by two threads in one phase");
}

static void test_timers(void)
{
    struct sfs_timers t;
    CHECK(sfs_timers_init(&t, 100) == 0, "timers");
    uint64_t seed = 12345;
    for (int i = 0; i < 100; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        sfs_timers_set(&t, i, 1 + (seed >> 40) % 1000);
    }
    for (int i = 0; i < 100; i += 3) sfs_timers_cancel(&t, i);
    for (int i = 1; i < 100; i += 7) if (i % 3) sfs_timers_set(&t, i, 500);   /* moved */
    uint64_t last = 0;
    int n = 0;
    for (int id; (id = sfs_timers_pop(&t, ~0ULL)) >= 0; n++) {
        CHECK(id % 3 != 0, "cancelled timer %d fired", id);
        CHECK(t.at[id] >= last, "timer %d out of order", id);
        last = t.at[id];
    }
    CHECK(n == 66, "%d timers fired, want 66", n);
    sfs_timers_free(&t);
}

static void test_shared_fd(void)
{
    int p[2];
    CHECK(pipe(p) == 0, "pipe");
    struct sfs_evloop *l = sfs_evloop_new(3);
    CHECK(l != NULL, "evloop");
    if (!l) return;
    for (int i = 0; i < 3; i++) sfs_evloop_watch(l, i, p[0], POLLIN, 0);
    CHECK(sfs_evloop_fds(l) == 1, "three items on one fd: %d registrations", sfs_evloop_fds(l));
    int ready[3];
    CHECK(sfs_evloop_wait(l, 1000000, ready, 3) == 0, "nothing ready");
    CHECK(write(p[1], "x", 1) == 1, "write");
    int n = sfs_evloop_wait(l, 1000000000, ready, 3);
    CHECK(n == 1, "one shared fd ready once: %d", n);
    sfs_evloop_watch(l, 0, -1, 0, 0);
    sfs_evloop_watch(l, 1, -1, 0, 0);
    CHECK(sfs_evloop_fds(l) == 1, "still named by item 2");
    n = sfs_evloop_wait(l, 1000000000, ready, 3);
    CHECK(n == 1 && ready[0] == 2, "reported through the item left: %d %d", n, ready[0]);
    sfs_evloop_watch(l, 2, -1, 0, 0);
    CHECK(sfs_evloop_fds(l) == 0, "no registration left");
    sfs_evloop_free(l);
    close(p[0]);
    close(p[1]);
}

int main(void)
{
    counted.options = null_be()->options;
    counted.opts_size = null_be()->opts_size;
    counted.ops = null_be()->ops;
    test_timers();
    test_shared_fd();
    run_engine(9, 3, 0, 0.5, 3);       /* unpaced, 2 targets over 3 loops */
    run_engine(1, 0, 0, 0.6, 1);       /* default: never more loops than procs */
    run_engine(5, 8, 0, 0.6, 5);       /* capped by the procs */
    run_engine(1000, 2, 5, 1.0, 2);    /* many paced procs */
    return check_result("test_engine_loops");
}
