/* posix queued mode (outstanding_ios, io_uring): a read or write is cut
 * into block_size pieces with at most biod_reads/biod_writes of them in
 * flight per request, as in the synchronous path; data arrive intact; a
 * wait ends by its deadline through the ring's kept timeout request, also
 * when it is known from the request's send time (no clock read), and QD 1
 * requests complete one by one with exact counts; a wait's polls that find
 * nothing make the next waits sleep at once.
 * Built without io_uring, queue() refuses with the reason. */
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include "check.h"
#include "backend.h"
#include "config.h"
#include "posix_priv.h"
#include "clock.h"
#include "platform.h"

static int completed;
static void on_done(sfs_req *r) { (void)r; completed++; }

static void wait_all(const sfs_backend *be, void *ctx, int want)
{
    for (int i = 0; i < 1000 && completed < want; i++)
        CHECK(be->poll(ctx, 10000000) == 0, "poll");
}

int main(void)
{
    char dir[] = "/tmp/sfs-pq-XXXXXX", text[512], err[512] = "";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    snprintf(text, sizeof text, "backend=posix\ntarget.0=%s\nblock_size=4096\nbiod_reads=3\n"
             "biod_writes=2\n", dir);
    struct sfs_cfg cfg;
    CHECK(sfs_cfg_parse(text, &cfg, err, sizeof err) == 0, "cfg: %s", err);
    const sfs_backend *be = sfs_backend_find("posix");
    void *ctx = NULL;
    CHECK(be->open(&cfg, 0, "q", &ctx, err, sizeof err) == 0, "open: %s", err);
    int rc = be->queue(ctx, 2, err, sizeof err);
#ifndef SFS_WITH_URING
    CHECK(rc < 0 && strstr(err, "io_uring"), "refused without io_uring: %s", err);
#else
    CHECK(rc == 0, "queue: %s", err);
    enum { LEN = 40000 };   /* 9 full blocks and a short tenth */
    static unsigned char src[2][LEN], dst[2][LEN];
    sfs_req w[2], r[2];
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < LEN; i++) src[k][i] = (unsigned char)(i * 7 + k);
        int fd = -1;
        char path[600];
        snprintf(path, sizeof path, "%s/q/f%d", dir, k);
        CHECK((fd = creat(path, 0644)) >= 0, "create %s", path);
        close(fd);
        memset(&w[k], 0, sizeof w[k]);
        w[k].op = SFS_OP_WRITE;
        w[k].path = k ? "f1" : "f0";
        w[k].length = LEN;
        w[k].buf = src[k];
        w[k].done = on_done;
        CHECK(be->submit(ctx, &w[k]) == 0, "submit write %d", k);
    }
    /* two writes of 10 blocks each, biod_writes=2: 4 blocks on the ring */
    struct posix_ctx *pc = ctx;
    CHECK(be->inflight(ctx) == 2 && pc->qinflight == 4, "after two writes: %d requests, %d blocks "
          "in flight", be->inflight(ctx), pc->qinflight);
    wait_all(be, ctx, 2);
    for (int k = 0; k < 2; k++)
        CHECK(w[k].status == 0 && w[k].result_bytes == LEN && w[k].physical == 10,
              "write %d: status %d bytes %llu physical %u", k, w[k].status,
              (unsigned long long)w[k].result_bytes, w[k].physical);
    completed = 0;
    for (int k = 0; k < 2; k++) {
        memset(&r[k], 0, sizeof r[k]);
        r[k].op = SFS_OP_READ;
        r[k].path = k ? "f1" : "f0";
        r[k].length = LEN + 8192;   /* past the end: the short and empty blocks end it */
        r[k].buf = dst[k];
        r[k].done = on_done;
        CHECK(be->submit(ctx, &r[k]) == 0, "submit read %d", k);
    }
    CHECK(be->inflight(ctx) == 2 && pc->qinflight == 6, "after two reads: %d requests, %d blocks "
          "in flight", be->inflight(ctx), pc->qinflight);
    wait_all(be, ctx, 2);
    for (int k = 0; k < 2; k++) {
        CHECK(r[k].status == 0 && r[k].result_bytes == LEN && r[k].physical >= 10,
              "read %d: status %d bytes %llu physical %u", k, r[k].status,
              (unsigned long long)r[k].result_bytes, r[k].physical);
        CHECK(memcmp(src[k], dst[k], LEN) == 0, "read %d: the data written", k);
    }
    /* A wait ends by its deadline through a timeout request kept on the ring,
     * even with nothing completing (a read of an empty FIFO); one armed timeout
     * serves the later waits whose deadlines are later (no timer per wait). */
    char fifo[600];
    snprintf(fifo, sizeof fifo, "%s/q/ff", dir);
    CHECK(mkfifo(fifo, 0644) == 0, "mkfifo %s", fifo);
    int wfd = open(fifo, O_RDWR | O_NONBLOCK);
    CHECK(wfd >= 0, "open %s", fifo);
    completed = 0;
    for (int k = 0; k < 2; k++) {
        memset(&r[k], 0, sizeof r[k]);
        r[k].op = SFS_OP_READ;
        r[k].path = "ff";
        r[k].length = 4;
        r[k].buf = dst[k];
        r[k].done = on_done;
    }
    CHECK(be->submit(ctx, &r[0]) == 0, "submit FIFO read");
    for (int i = 0; i < 3; i++)
        CHECK(be->poll(ctx, 20000000) == 0 && completed == 0 && be->inflight(ctx) == 1,
              "wait %d on the empty FIFO: ended by its deadline, the read still in flight", i);
    /* uring_spin_us (default 50): the first wait polled and found nothing, so the
     * second slept at once; the third polled again and now 3 waits sleep at once
     * (one CPU: no polling at all, the io-wq worker needs it) */
    if (sfs_online_cpus() >= 2)
        CHECK(pc->qspin_ns == 50000 && pc->qspin_misses == 2 && pc->qspin_skip == 3,
              "polls before sleeping back off: %llu ns, %u misses, %u waits to skip",
              (unsigned long long)pc->qspin_ns, pc->qspin_misses, pc->qspin_skip);
    else
        CHECK(pc->qspin_misses == 0, "one CPU: no poll");
    /* waits of up to 5 s from here: the timeout armed now outlives a stall of the machine */
    CHECK(write(wfd, "abcd", 4) == 4, "write FIFO");
    for (int i = 0; i < 100 && completed < 1; i++)
        CHECK(be->poll(ctx, 5000000000LL) == 0, "poll");
    uint64_t armed = pc->qtimer_ns;
    CHECK(r[0].status == 0 && r[0].result_bytes == 4 && armed != 0, "FIFO read: status %d bytes %llu, "
          "a timeout armed (%llu)", r[0].status, (unsigned long long)r[0].result_bytes,
          (unsigned long long)armed);
    CHECK(write(wfd, "efgh", 4) == 4, "write FIFO");
    CHECK(be->submit(ctx, &r[1]) == 0, "submit FIFO read");
    for (int i = 0; i < 100 && completed < 2; i++)
        CHECK(be->poll(ctx, 5000000000LL) == 0, "poll");
    CHECK(r[1].status == 0 && memcmp(dst[1], "efgh", 4) == 0 && pc->qtimer_ns == armed,
          "second FIFO read: status %d; the same timeout serves its wait (%llu, was %llu)",
          r[1].status, (unsigned long long)pc->qtimer_ns, (unsigned long long)armed);
    /* Requests that carry their send time (the engine's): a wait whose deadline
     * is before the armed timeout's end still ends by its own deadline ... */
    completed = 0;
    memset(&r[0], 0, sizeof r[0]);
    r[0].op = SFS_OP_READ;
    r[0].path = "ff";
    r[0].length = 4;
    r[0].buf = dst[0];
    r[0].done = on_done;
    r[0].t_sent_ns = sfs_now_ns();
    CHECK(be->submit(ctx, &r[0]) == 0, "submit FIFO read with a send time");
    uint64_t t0 = sfs_now_ns();
    CHECK(be->poll(ctx, 20000000) == 0 && completed == 0 && be->inflight(ctx) == 1,
          "short wait on the empty FIFO: the read still in flight");
    CHECK(sfs_now_ns() - t0 < 2000000000ULL && pc->qtimer_ns == armed,
          "a 20 ms wait before the armed timeout's end took %llu ms (armed %llu, now %llu)",
          (unsigned long long)((sfs_now_ns() - t0) / 1000000), (unsigned long long)armed,
          (unsigned long long)pc->qtimer_ns);
    CHECK(write(wfd, "ijkl", 4) == 4, "write FIFO");
    for (int i = 0; i < 100 && completed < 1; i++)
        CHECK(be->poll(ctx, 5000000000LL) == 0, "poll");
    CHECK(r[0].status == 0 && memcmp(dst[0], "ijkl", 4) == 0, "FIFO read: status %d", r[0].status);
    close(wfd);
    /* ... and one request at a time (QD 1) completes each with its wait on the
     * one armed timeout: exact counts, no wait left without its completion */
    completed = 0;
    enum { QD1_OPS = 500 };
    for (int n = 0; n < QD1_OPS; n++) {
        memset(&r[0], 0, sizeof r[0]);
        r[0].op = n % 3 ? SFS_OP_READ : SFS_OP_WRCACHE;
        r[0].path = "f0";
        r[0].offset = (uint64_t)(n * 4096) % LEN;
        r[0].length = 4096;
        r[0].buf = n % 3 ? dst[0] : src[0];
        r[0].done = on_done;
        r[0].t_sent_ns = sfs_now_ns();
        CHECK(be->submit(ctx, &r[0]) == 0, "submit %d", n);
        for (int i = 0; i < 100 && completed < n + 1; i++)
            CHECK(be->poll(ctx, 5000000000LL) == 0, "poll %d", n);
        CHECK(completed == n + 1 && be->inflight(ctx) == 0 && r[0].status == 0 &&
              r[0].physical == 1, "QD 1 op %d: %d completed, %d in flight, status %d, physical %u",
              n, completed, be->inflight(ctx), r[0].status, r[0].physical);
    }
    CHECK(pc->qtimer_ns == armed, "the QD 1 waits kept the one armed timeout (%llu, was %llu)",
          (unsigned long long)pc->qtimer_ns, (unsigned long long)armed);
#endif
    be->close(ctx);
    sfs_cfg_free(&cfg);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0, "rm");
    return check_result("test_posix_queued");
}
