/* posix backend, queued mode (outstanding_ios): reads and writes go through
 * an io_uring ring per proc and complete in poll().  A logical transfer is
 * cut into block_size pieces with at most biod_reads/biod_writes of them in
 * flight, as in the synchronous path (docs/posix-mapping.md); other ops
 * still run synchronously inside submit(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "posix_priv.h"
#include "config.h"
#include "clock.h"
#include "platform.h"

#ifdef SFS_WITH_URING

/* A number of the calling thread, never reused (a tid may be, after its
 * thread ended) and without a system call per request (gettid is one). */
static unsigned long thread_token(void)
{
    static unsigned long next;
    static SFS_THREAD_LOCAL unsigned long mine;
    if (!mine) mine = __atomic_add_fetch(&next, 1, __ATOMIC_RELAXED);
    return mine;
}

static int biod(int n)
{
    return n > 1 ? n : 1;
}

int posix_queue(void *ctx, int depth, char *err, size_t errlen)
{
    struct posix_ctx *c = ctx;
    /* blocks in flight at most: every request with its biods busy; and the
     * wake-up timeout (ring_timer) */
    int per = c->block ? (biod(c->biod_reads) > biod(c->biod_writes) ? biod(c->biod_reads)
                                                                    : biod(c->biod_writes)) : 1;
    unsigned entries = 1;
    while (entries < (unsigned)(depth * per) + 1) entries <<= 1;
    c->qio = calloc((size_t)depth, sizeof *c->qio);
    if (!c->qio) {
        snprintf(err, errlen, "out of memory");
        return -ENOMEM;
    }
    c->nqio = depth;
    /* a ring of no thread until the first submit makes one for its thread */
    int rc = io_uring_queue_init(entries, &c->qring, 0);
    if (rc < 0) {
        snprintf(err, errlen, "io_uring_queue_init(%u): %s (the posix backend keeps several "
                 "requests in flight through io_uring)", entries, strerror(-rc));
        return rc;
    }
    c->qentries = entries;
    c->queued = 1;
    return 0;
}

static void reap(struct posix_ctx *c);

/* The ring belongs to the thread that submits, set up as fio does
 * (SINGLE_ISSUER | DEFER_TASKRUN, COOP_TASKRUN): completions are run when
 * that thread waits for them instead of waking or interrupting it.  The
 * engine starts a thread per phase, so an idle ring is made again for the
 * new thread (a thread that ended has had its requests completed). */
static int own_ring(struct posix_ctx *c)
{
    unsigned long me = thread_token();
    if (c->qowner == me) return 0;
    reap(c);
    if (c->qinflight > 0) return -EBUSY;
    static const unsigned tries[] = {
        IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_COOP_TASKRUN,
        IORING_SETUP_COOP_TASKRUN, 0 };
    io_uring_queue_exit(&c->qring);
    int rc = -EINVAL;
    for (size_t i = 0; i < sizeof tries / sizeof tries[0] && rc < 0; i++) {
        struct io_uring_params p;
        memset(&p, 0, sizeof p);
        p.flags = tries[i];
        rc = io_uring_queue_init_params(c->qentries, &c->qring, &p);
    }
    if (rc < 0) {
        c->queued = 0;   /* no ring any more: close must not touch it */
        snprintf(c->why, sizeof c->why, "io_uring_queue_init(%u): %s", c->qentries, strerror(-rc));
        return rc;
    }
    /* enters name the ring by a registered index: no fd lookup each time
     * (fio does the same); a kernel without it keeps the plain fd */
    (void)io_uring_register_ring_fd(&c->qring);
    c->qowner = me;
    c->qtimer_ns = 0;   /* the old ring's timeout went with it */
    return 0;
}

int posix_uring_takes(const struct posix_ctx *c, const sfs_req *req)
{
    int write = req->op == SFS_OP_WRITE || req->op == SFS_OP_WRCACHE;
    return c->queued && (req->op == SFS_OP_READ || write) && !req->append && !req->stable;
}

/* Put q's next blocks on the ring, up to its depth.  0, or < 0 when not
 * even one block is in flight and none could be added. */
static int issue(struct posix_ctx *c, struct posix_qio *q)
{
    while (!q->err && !q->eof && q->inflight < q->depth &&
           (q->next < q->len || (q->len == 0 && q->req->physical == 0))) {
        struct io_uring_sqe *sqe = io_uring_get_sqe(&c->qring);
        if (!sqe) {   /* ring full of unsubmitted entries: hand them to the kernel */
            int n = io_uring_submit(&c->qring);
            if (n < 0 && q->inflight == 0) return n;
            if (!(sqe = io_uring_get_sqe(&c->qring)))
                return q->inflight ? 0 : -EAGAIN;
        }
        uint64_t l = q->len - q->next < q->chunk ? q->len - q->next : q->chunk;
        if (q->write) io_uring_prep_write(sqe, q->fd, q->buf + q->next, (unsigned)l, q->off + q->next);
        else io_uring_prep_read(sqe, q->fd, q->buf + q->next, (unsigned)l, q->off + q->next);
        io_uring_sqe_set_data(sqe, q);
        q->next += l;
        q->inflight++;
        q->req->physical++;
        c->qinflight++;
    }
    return 0;
}

/* The fd stays in the cache while the request is in flight: a queued
 * workload works on a few files (one per proc), far from evicting it. */
int posix_uring_submit(struct posix_ctx *c, sfs_req *req)
{
    int rc = own_ring(c);
    if (rc < 0) return rc;
    struct posix_qio *q = NULL;
    for (int i = 0; i < c->nqio && !q; i++)
        if (!c->qio[i].req) q = &c->qio[i];
    if (!q) return -EAGAIN;   /* more requests than outstanding_ios */
    int fd = posix_cached_fd(c, req->path);
    if (fd < 0) return fd;
    int write = req->op != SFS_OP_READ;
    memset(q, 0, sizeof *q);
    q->req = req;
    q->fd = fd;
    q->write = write;
    q->buf = req->buf ? req->buf : c->rbuf;
    q->off = req->offset;
    q->len = req->length;
    if (!req->buf && q->len > SFS_XFER_MAX) q->len = SFS_XFER_MAX;
    q->chunk = c->block && c->block < q->len ? c->block : q->len;
    q->depth = c->block ? biod(write ? c->biod_writes : c->biod_reads) : 1;
    rc = issue(c, q);
    if (rc < 0) {
        q->req = NULL;
        posix_put_fd(c, req->path, fd);
        return rc;
    }
    c->qrequests++;
    c->qsent_ns = req->t_sent_ns;
    return 0;
}

/* complete every logical transfer whose last block is in the ring */
static void reap(struct posix_ctx *c)
{
    struct io_uring_cqe *cqe;
    while (io_uring_peek_cqe(&c->qring, &cqe) == 0) {
        struct posix_qio *q = io_uring_cqe_get_data(cqe);
        int res = cqe->res;
        io_uring_cqe_seen(&c->qring, cqe);
        if (!q) {   /* the wake-up timeout ended; refused (a kernel without absolute
                       timeouts): waits bring their own timeout from now on */
            c->qtimer_ns = res == -ETIME ? 0 : UINT64_MAX;
            continue;
        }
        c->qinflight--;
        q->inflight--;
        if (res < 0) { if (!q->err) q->err = res; }
        else if (res == 0 && q->len) q->eof = 1;   /* end of file: no more blocks */
        else q->bytes += (uint64_t)res;
        if (issue(c, q) < 0 && !q->err) q->err = -EAGAIN;
        if (q->inflight > 0) continue;
        sfs_req *req = q->req;
        q->req = NULL;
        c->qrequests--;
        posix_put_fd(c, req->path, q->fd);
        req->result_bytes = q->bytes;
        posix_complete(c, req, q->err);
    }
}

/* A wait that ends by 'until' at the latest without a timer of its own: a
 * timeout request on the ring (user data NULL) ends by then.  One stays
 * armed across waits until it ends, so waits whose deadlines only move later
 * (an unpaced load) share one kernel timer, where a wait with a timeout of
 * its own starts and cancels an hrtimer each time (about a microsecond per
 * I/O in a VM).  1 if armed. */
static int ring_timer(struct posix_ctx *c, uint64_t until)
{
    if (c->qtimer_ns)
        return c->qtimer_ns <= until;
    struct io_uring_sqe *sqe = io_uring_get_sqe(&c->qring);
    if (!sqe) return 0;   /* full of blocks to submit: this wait brings its own timeout */
    c->qtimer_ts.tv_sec = (long long)(until / 1000000000ULL);
    c->qtimer_ts.tv_nsec = (long long)(until % 1000000000ULL);
    io_uring_prep_timeout(sqe, &c->qtimer_ts, 0, IORING_TIMEOUT_ABS);
    io_uring_sqe_set_data(sqe, NULL);
    c->qtimer_ns = until;
    return 1;
}

/* The armed timeout ends by the deadline now + timeout_ns, known without
 * reading the clock: it ends by then counted from the newest request's send
 * time, which is not later than now.  An unpaced load's waits (a slice each)
 * all pass here, saving a clock read per I/O. */
static int timer_serves(const struct posix_ctx *c, int64_t timeout_ns)
{
    return c->qtimer_ns && c->qtimer_ns != UINT64_MAX && c->qsent_ns &&
           c->qtimer_ns <= c->qsent_ns + (uint64_t)timeout_ns;
}

/* Threads polling a ring now, process-wide: at most half the online CPUs
 * poll, so io_uring's worker threads (which do a tmpfs or page-cache
 * request's copy) and the other procs keep the rest. */
static int spinners;

static int spin_cap(void)
{
    static int cap = -1;
    int n = __atomic_load_n(&cap, __ATOMIC_RELAXED);
    if (n < 0) {
        n = sfs_online_cpus() / 2;
        __atomic_store_n(&cap, n, __ATOMIC_RELAXED);
    }
    return n;
}

/* Poll the ring for completions for up to uring_spin_us (not past the
 * wait's own timeout) before the caller sleeps.  Why: every io-wq
 * completion wakes a submitter that sleeps on a DEFER_TASKRUN ring,
 * whatever the wait's min_complete, and in a VM that wake-up (an IPI to a
 * halted vCPU) cost the io-wq worker about 0.8 us per I/O at QD 32 on
 * tmpfs, a quarter of its time; the worker is the bottleneck there.  A
 * poll that found nothing makes the next 1, 3, 7 .. 255 waits sleep at once
 * (slow storage: the CPU is not spent on polls that find nothing); one that
 * found a completion resets that.  1 if completions are on the ring. */
static int spin(struct posix_ctx *c, int64_t timeout_ns)
{
    if (c->qspin_skip) {
        c->qspin_skip--;
        return 0;
    }
    if (__atomic_add_fetch(&spinners, 1, __ATOMIC_RELAXED) > spin_cap()) {
        __atomic_sub_fetch(&spinners, 1, __ATOMIC_RELAXED);
        return 0;
    }
    uint64_t end = sfs_now_ns() + (c->qspin_ns < (uint64_t)timeout_ns ? c->qspin_ns : (uint64_t)timeout_ns);
    int got = 0;
    do {   /* an enter with GETEVENTS runs the completions queued for this thread */
        if (io_uring_submit_and_get_events(&c->qring) < 0) break;
        got = io_uring_cq_ready(&c->qring) > 0;
    } while (!got && sfs_now_ns() < end);
    __atomic_sub_fetch(&spinners, 1, __ATOMIC_RELAXED);
    if (got) {
        c->qspin_misses = 0;
    } else {
        if (c->qspin_misses < 8) c->qspin_misses++;
        c->qspin_skip = (1u << c->qspin_misses) - 1;
    }
    return got;
}

int posix_uring_poll(struct posix_ctx *c, int64_t timeout_ns)
{
    if (!c->queued || c->qowner != thread_token()) return 0;   /* nothing submitted by this thread */
    struct io_uring_cqe *cqe;
    int rc;
    if (timeout_ns > 0 && c->qinflight && c->qspin_ns && !io_uring_cq_ready(&c->qring) &&
        spin(c, timeout_ns)) {
        reap(c);
        return 0;
    }
    if (timeout_ns > 0 && c->qinflight &&
        (timer_serves(c, timeout_ns) || ring_timer(c, sfs_now_ns() + (uint64_t)timeout_ns))) {
        /* without a timeout: completions already there are taken without entering
         * the kernel when nothing is to be submitted (submit_and_wait always enters) */
        rc = io_uring_submit_and_wait_timeout(&c->qring, &cqe, 1, NULL, NULL);
    } else if (timeout_ns > 0 && c->qinflight) {
        struct __kernel_timespec ts = { .tv_sec = timeout_ns / 1000000000,
                                        .tv_nsec = timeout_ns % 1000000000 };
        rc = io_uring_submit_and_wait_timeout(&c->qring, &cqe, 1, &ts, NULL);
    } else {
        rc = io_uring_submit_and_get_events(&c->qring);
    }
    if (rc < 0 && rc != -ETIME && rc != -EINTR && rc != -EAGAIN && rc != -EBUSY) {
        snprintf(c->why, sizeof c->why, "io_uring submit/wait: %s", strerror(-rc));
        return -1;
    }
    reap(c);
    return 0;
}

void posix_uring_close(struct posix_ctx *c)
{
    if (c->queued) {   /* the kernel must be done with the buffers and fds first */
        struct io_uring_cqe *cqe;
        /* the submitting thread has ended: the kernel completed its requests
         * then; a ring without an owner thread may still be waited on here */
        while (c->qinflight > 0 && io_uring_peek_cqe(&c->qring, &cqe) == 0) {
            if (io_uring_cqe_get_data(cqe)) c->qinflight--;   /* not the wake-up timeout */
            io_uring_cqe_seen(&c->qring, cqe);
        }
        if (!c->qowner || c->qowner == thread_token()) {
            io_uring_submit(&c->qring);
            while (c->qinflight > 0 && io_uring_wait_cqe(&c->qring, &cqe) == 0) {
                if (io_uring_cqe_get_data(cqe)) c->qinflight--;
                io_uring_cqe_seen(&c->qring, cqe);
            }
        }
        io_uring_queue_exit(&c->qring);
    }
    free(c->qio);
}

#else   /* without io_uring: no queued mode */

int posix_queue(void *ctx, int depth, char *err, size_t errlen)
{
    (void)ctx; (void)depth;
    snprintf(err, errlen, "this engine was built without io_uring (SFS_WITH_URING=OFF); the "
             "posix backend keeps several requests in flight only through io_uring");
    return -ENOTSUP;
}

int posix_uring_takes(const struct posix_ctx *c, const sfs_req *req)
{
    (void)c; (void)req;
    return 0;
}

int posix_uring_submit(struct posix_ctx *c, sfs_req *req)
{
    (void)c; (void)req;
    return -ENOTSUP;
}

int posix_uring_poll(struct posix_ctx *c, int64_t timeout_ns)
{
    (void)c; (void)timeout_ns;
    return 0;
}

void posix_uring_close(struct posix_ctx *c)
{
    free(c->qio);
}

#endif
