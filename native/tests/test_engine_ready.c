/* Completions known in-process (backend.h 'ready', evloop.h posted items):
 * the event loop's ready queue returns a posted item once and without
 * blocking, and beside fds; on several loops with several requests in
 * flight per proc (null_async=1, outstanding_ios=4) every request accepted
 * is completed exactly once, on the thread that submitted it, and counted
 * once; a paced run still sleeps when nothing is ready. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include "check.h"
#include "samples.h"
#include "platform.h"
#include "platform_poll.h"
#include "sfsengine.h"
#include "backend.h"
#include "evloop.h"
#include "clock.h"

static void test_posted(void)
{
    struct sfs_evloop *l = sfs_evloop_new(4);
    CHECK(l != NULL, "evloop");
    if (!l) return;
    int ready[4];
    sfs_evloop_post(l, 2);
    sfs_evloop_post(l, 0);
    sfs_evloop_post(l, 2);   /* posted twice: returned once */
    uint64_t t0 = sfs_now_ns();
    int n = sfs_evloop_wait(l, 2000000000, ready, 4);
    CHECK(sfs_now_ns() - t0 < 500000000ULL, "a wait with posted items blocked");
    CHECK(n == 2 && ready[0] == 2 && ready[1] == 0, "posted 2,0,2: %d items %d %d", n, ready[0], ready[1]);
    CHECK(sfs_evloop_wait(l, 1000000, ready, 4) == 0, "a posted item is returned only once");

    /* more posted than max: the rest in the next wait */
    for (int i = 0; i < 4; i++) sfs_evloop_post(l, i);
    n = sfs_evloop_wait(l, 0, ready, 3);
    CHECK(n == 3 && ready[0] == 0 && ready[2] == 2, "first three: %d", n);
    n = sfs_evloop_wait(l, 0, ready, 3);
    CHECK(n == 1 && ready[0] == 3, "the fourth next: %d %d", n, ready[0]);

#ifndef _WIN32   /* WSAPoll waits on sockets only */
    /* posted beside a ready fd: both reported, an item on both once */
    int p[2];
    CHECK(pipe(p) == 0, "pipe");
    sfs_evloop_watch(l, 1, p[0], POLLIN, 0);
    sfs_evloop_watch(l, 3, p[0], POLLIN, 0);   /* shares item 1's registration */
    CHECK(write(p[1], "x", 1) == 1, "write");
    sfs_evloop_post(l, 0);
    n = sfs_evloop_wait(l, 1000000000, ready, 4);
    CHECK(n == 2 && ready[0] == 0 && (ready[1] == 1 || ready[1] == 3), "posted 0 + fd of 1/3: %d", n);
    int on_fd = n == 2 ? ready[1] : 1;
    sfs_evloop_post(l, on_fd);
    n = sfs_evloop_wait(l, 1000000000, ready, 4);
    CHECK(n == 1 && ready[0] == on_fd, "posted and fd-ready item reported once: %d", n);
    close(p[0]);
    close(p[1]);
#endif
    sfs_evloop_free(l);
}

/* null_async=1 wrapped: every request between submit and its done() */
#define MAX_REQS 4096
static struct track { const sfs_req *req; int out; pthread_t by; sfs_done_fn done; } reqs[MAX_REQS];
static int nreqs;
static long accepted, delivered, twice, foreign, unknown;
static pthread_mutex_t tl = PTHREAD_MUTEX_INITIALIZER;

static const sfs_backend *null_be(void) { return sfs_backend_find("null"); }

static struct track *find(const sfs_req *req)
{
    for (int i = 0; i < nreqs; i++)
        if (reqs[i].req == req) return &reqs[i];
    if (nreqs == MAX_REQS) return NULL;
    reqs[nreqs] = (struct track){ req, 0, pthread_self(), NULL };
    return &reqs[nreqs++];
}

static void tracked_done(sfs_req *req)
{
    pthread_mutex_lock(&tl);
    struct track *t = find(req);
    sfs_done_fn done = t ? t->done : NULL;
    if (!t) unknown++;
    else if (!t->out) twice++;
    else {
        t->out = 0;
        delivered++;
        if (!pthread_equal(t->by, pthread_self())) foreign++;
    }
    pthread_mutex_unlock(&tl);
    if (done) done(req);
}

static int t_open(const struct sfs_cfg *cfg, int proc, const char *root, void **ctx, char *err, size_t errlen)
{
    return null_be()->open(cfg, proc, root, ctx, err, errlen);
}

static int t_submit(void *ctx, sfs_req *req)
{
    pthread_mutex_lock(&tl);
    struct track *t = find(req);
    if (!t) unknown++;
    else {
        if (t->out) twice++;   /* a slot reused while still in flight */
        t->out = 1;
        t->by = pthread_self();
        t->done = req->done;   /* the engine's, or the space check's (req_sync.c) */
    }
    accepted++;
    pthread_mutex_unlock(&tl);
    req->done = tracked_done;
    return null_be()->submit(ctx, req);
}

static int t_poll(void *ctx, int64_t t) { return null_be()->poll(ctx, t); }
static int t_inflight(void *ctx) { return null_be()->inflight(ctx); }
static int t_ready(void *ctx) { return null_be()->ready(ctx); }
static void t_close(void *ctx) { null_be()->close(ctx); }

static sfs_backend tracked = {
    .name = "test-ready", .async = 1, .open = t_open, .submit = t_submit, .poll = t_poll,
    .inflight = t_inflight, .close = t_close, .ready = t_ready,
};
SFS_REGISTER_BACKEND(tracked)

static uint64_t s[SFS_SAMPLE_WORDS];

static uint64_t counted(void)
{
    return sample_total(s, SFS_O_OPS) + sample_total(s, SFS_O_ERRORS);
}

static double cpu_secs(void)
{
    uint64_t user = 0, sys = 0;
    sfs_proc_cpu_us(&user, &sys);
    return (user + sys) / 1e6;
}

/* RUN alone after INIT: what was accepted was delivered once and counted once. */
static void run(int procs, int loops, int depth, double rate, double secs)
{
    char cfg[512], err[1024];
    snprintf(cfg, sizeof cfg, "backend=test-ready\nnull_async=1\nworkload=mixfile\nmix=getattr:50,read:50\n"
             "procs=%d\nloops=%d\noutstanding_ios=%d\ntarget.0=/a\ntarget.1=/b\nrate=%g\n"
             "fileset_rate=1\nfileset_scale=0.0001\n", procs, loops, depth, rate);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return;
    CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0, "INIT");
    while (sfs_engine_wait(e, 1000) == SFS_STATE_RUNNING)
        ;
    accepted = delivered = twice = foreign = unknown = 0;
    double cpu0 = cpu_secs();
    uint64_t t0 = sfs_now_ns();
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, secs) == 0, "RUN");
    int st;
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    CHECK(st == SFS_STATE_DONE, "RUN done: %d", st);
    double cpu = cpu_secs() - cpu0, wall = (sfs_now_ns() - t0) / 1e9;
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    int left = 0;
    for (int i = 0; i < nreqs; i++) left += reqs[i].out;
    CHECK(accepted > 0 && delivered == accepted && left == 0,
          "procs=%d loops=%d depth=%d: %ld accepted, %ld delivered, %d still in flight", procs, loops,
          depth, accepted, delivered, left);
    CHECK(twice == 0 && unknown == 0, "%ld requests completed or reused twice, %ld unknown", twice, unknown);
    CHECK(foreign == 0, "%ld completions on another thread than their submit", foreign);
    CHECK(counted() == (uint64_t)delivered, "%ld delivered, %llu counted", delivered,
          (unsigned long long)counted());
    if (depth > 1 && rate == 0)
        CHECK(nreqs >= procs * depth, "only %d request slots were used: not %d in flight per proc",
              nreqs, depth);
    if (rate > 0)   /* nothing ready between paced starts: the loops sleep, not spin */
        CHECK(cpu < 0.5 * loops * wall, "paced: %.2f s of CPU in %.2f s on %d loops", cpu, wall, loops);
    sfs_engine_close(e);
    nreqs = 0;
}

int main(void)
{
    tracked.options = null_be()->options;
    tracked.opts_size = null_be()->opts_size;
    tracked.ops = null_be()->ops;
    test_posted();
    run(9, 3, 4, 0, 0.5);     /* unpaced, 4 in flight per proc, 2 targets over 3 loops */
    run(6, 2, 1, 0, 0.3);     /* one in flight per proc */
    run(200, 2, 1, 20, 1.0);  /* paced */
    return check_result("test_engine_ready");
}
