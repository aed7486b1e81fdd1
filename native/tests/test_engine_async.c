/* The engine's async path (many procs per thread on a poll loop) with a
 * queueing backend defined here: requests are queued by submit() and
 * executed on the real file system by the posix backend when the engine
 * polls, signalled through an eventfd that the engine waits on via pollfd().
 * It checks pacing, INIT, counters and stop with async completion, and that
 * validation reports an op the backend answers with -ENOTSUP as SKIP. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <poll.h>
#include <sys/eventfd.h>
#include "check.h"
#include "samples.h"
#include "sfsengine.h"
#include "backend.h"
#include "config.h"

struct qctx {
    void *posix;
    int efd;
    sfs_req *queue[64];
    int n;
};

static const sfs_backend *posix(void)
{
    return sfs_backend_find("posix");
}

static int q_open(const struct sfs_cfg *cfg, int proc, const char *root, void **ctx,
                  char *err, size_t errlen)
{
    struct qctx *q = calloc(1, sizeof *q);
    if (posix()->open(cfg, proc, root, &q->posix, err, errlen)) { free(q); return -1; }
    q->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    *ctx = q;
    return 0;
}

static int q_submit(void *ctx, sfs_req *req)
{
    struct qctx *q = ctx;
    if (q->n == 64) return -EAGAIN;
    q->queue[q->n++] = req;
    uint64_t one = 1;
    if (write(q->efd, &one, sizeof one) != sizeof one) return -EIO;
    return 0;
}

static int q_poll(void *ctx, int64_t timeout_ns)
{
    struct qctx *q = ctx;
    struct pollfd pf = { .fd = q->efd, .events = POLLIN };
    if (q->n == 0 && poll(&pf, 1, (int)(timeout_ns / 1000000)) < 0) return -1;
    uint64_t v;
    if (read(q->efd, &v, sizeof v) < 0 && q->n) return -1;
    int n = q->n;
    q->n = 0;
    for (int i = 0; i < n; i++) {
        sfs_req *r = q->queue[i];
        if (r->op == SFS_OP_MKNOD) {   /* this backend "cannot express" mknod */
            r->status = -ENOTSUP;
            r->done(r);
        } else {
            posix()->submit(q->posix, r);
        }
    }
    return n;
}

static int q_inflight(void *ctx) { return ((struct qctx *)ctx)->n; }

static int q_pollfd(void *ctx, short *events)
{
    *events = POLLIN;
    return ((struct qctx *)ctx)->efd;
}

static void q_close(void *ctx)
{
    struct qctx *q = ctx;
    posix()->close(q->posix);
    close(q->efd);
    free(q);
}

/* takes posix's options too, since it hands the config to posix's open */
static sfs_backend queued = {
    .name = "test-queued", .async = 1, .open = q_open, .submit = q_submit, .poll = q_poll,
    .inflight = q_inflight, .close = q_close, .pollfd = q_pollfd,
};
SFS_REGISTER_BACKEND(queued)

static uint64_t s[SFS_SAMPLE_WORDS];

int main(void)
{
    queued.options = posix()->options;
    queued.opts_size = posix()->opts_size;
    queued.ops = posix()->ops;
    char dir[] = "/tmp/sfs_async_test.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char cfg[1024], err[1024];
    /* 6 procs on two target strings -> two async workers of 3 procs */
    snprintf(cfg, sizeof cfg, "backend=test-queued\nprocs=6\ntarget.0=%s\ntarget.1=%s\ntarget.2=%s\n"
             "target.3=%s/\ntarget.4=%s/\ntarget.5=%s/\nrate=50\nfileset_scale=0.001\n",
             dir, dir, dir, dir, dir, dir);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return check_result("test_engine_async");
    int st;
    CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0, "INIT");
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    CHECK(st == SFS_STATE_DONE && s[SFS_S_INIT_DONE] == s[SFS_S_INIT_TOTAL], "INIT %d %llu/%llu", st,
          (unsigned long long)s[SFS_S_INIT_DONE], (unsigned long long)s[SFS_S_INIT_TOTAL]);
    CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 0.1) == 0, "WARMUP");
    CHECK(sfs_engine_wait(e, 200) == SFS_STATE_RUNNING, "WARMUP continues");
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, 1.0) == 0, "RUN");
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    CHECK(st == SFS_STATE_DONE, "RUN state %d", st);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    uint64_t ops = sample_total(s, SFS_O_OPS), errors = sample_total(s, SFS_O_ERRORS);
    CHECK(ops >= 285 && ops <= 302, "6 procs x 50 ops/s x 1 s: %llu ops", (unsigned long long)ops);
    CHECK(errors == 0, "errors %llu", (unsigned long long)errors);

    /* stop during a long WARMUP ends promptly */
    CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 100) == 0, "WARMUP again");
    sfs_engine_wait(e, 100);
    sfs_engine_stop(e);
    st = sfs_engine_wait(e, 2000);
    CHECK(st == SFS_STATE_DONE, "stop ends the phase (state %d)", st);
    sfs_engine_close(e);

    char report[16384];
    int fails = sfs_engine_validate(cfg, report, sizeof report);
    CHECK(fails == 0, "validation through the async path: %d failures\n%s", fails, report);
    CHECK(strstr(report, "SKIP mknod") != NULL, "an op answered -ENOTSUP is skipped:\n%s", report);
    snprintf(cfg, sizeof cfg, "rm -rf '%s'", dir);
    if (system(cfg) != 0) fprintf(stderr, "cleanup failed\n");
    return check_result("test_engine_async");
}
