/* The smb backend with an asynchronous client (libsmb2): connections
 * shared by smb_conn_procs procs of one target on one event loop, and the
 * jobs that run each request's op (smb_do_op) in a task of its own
 * (smb_task.h), whose calls yield while their requests are in flight.  A
 * proc's handle-slot ops wait for one another in the order submitted
 * (smb_op_uses_slot); its other ops overlap them. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smb_conn.h"
#include "smb_outage.h"
#include "outage.h"
#include "smb_task.h"

/* An asynchronous client's connection, shared by smb_conn_procs procs of
 * one target of one engine on one of its event loops (the procs the engine
 * drives from one thread). */
struct smb_conn {
    struct smb_conn *next;
    const struct sfs_cfg *cfg;
    const char *target;
    int group;                    /* its event loop, and the procs' rank there / smb_conn_procs */
    smb_client *c;
    const smb_client_ops *ops;
    int refs;
    struct smb_job *idle;         /* jobs with no request */
    struct smb_job *all;          /* every job (freed with the connection) */
    int given_up;                 /* close: its server left requests unanswered */
    /* every op accounted for (smb_outage.h): SMB_COUNT_ADD */
    uint64_t resent, issued[SFS_OP_COUNT], completed[SFS_OP_COUNT];
};

/* One request in flight through an asynchronous client: the task that runs
 * its op, and its own path buffers. */
struct smb_job {
    struct smb_job *next_idle, *next_all, *next_held;
    smb_task *task;
    int cancelled;                /* close unwinds it: its request is not completed */
    int holds_slot;               /* a handle-slot op: x->slot_busy is its */
    struct smb_ctx *x;
    sfs_req *req;
    char path[SMB_PATH_MAX], path2[SMB_PATH_MAX];
};

static pthread_mutex_t conns_lock = PTHREAD_MUTEX_INITIALIZER;
static struct smb_conn *conns;

/* Drop one proc's reference to its shared connection; the last one
 * disconnects (the library then answers what is still in flight, into the
 * jobs' scratch) and frees the jobs. */
static void conn_release(struct smb_conn *n, const smb_client_ops *ops)
{
    pthread_mutex_lock(&conns_lock);
    int last = --n->refs == 0;
    if (last)
        for (struct smb_conn **pp = &conns; *pp; pp = &(*pp)->next)
            if (*pp == n) {
                *pp = n->next;
                break;
            }
    pthread_mutex_unlock(&conns_lock);
    if (!last)
        return;
    if (n->c)
        ops->disconnect(n->c);
    while (n->all) {
        struct smb_job *j = n->all;
        n->all = j->next_all;
        smb_task_free(j->task);
        free(j);
    }
    free(n);
}

/* A job of the connection still holds a request: the server never answered
 * it (the engine gave up waiting, backend.h request lifecycle). */
static int conn_hung(const struct smb_conn *n)
{
    for (const struct smb_job *j = n->all; j; j = j->next_all)
        if (j->req)
            return 1;
    return 0;
}

/* Whether close gives n up without asking its server anything more: some
 * connection of the same engine and target holds a request the server never
 * answered, so the server does not answer (a frozen server would make every
 * handle close and disconnect of the idle connections wait for the request
 * timeout, one after the other).  Called once all loops have ended. */
static int conn_given_up(struct smb_conn *n)
{
    pthread_mutex_lock(&conns_lock);
    if (!n->given_up)
        for (struct smb_conn *m = conns; m; m = m->next)
            if (m->cfg == n->cfg && strcmp(m->target, n->target) == 0 && conn_hung(m)) {
                for (struct smb_conn *k = conns; k; k = k->next)
                    if (k->cfg == n->cfg && strcmp(k->target, n->target) == 0) k->given_up = 1;
                break;
            }
    int given_up = n->given_up;
    pthread_mutex_unlock(&conns_lock);
    return given_up;
}

/* j back to its connection's idle jobs, its request no longer its own */
static void job_release(struct smb_job *j)
{
    struct smb_conn *n = j->x->conn;
    j->x->inflight--;
    j->req = NULL;
    j->cancelled = 0;
    j->holds_slot = 0;
    j->next_idle = n->idle;
    n->idle = j;
}

/* Requests still in flight are cancelled (backend.h, request lifecycle):
 * the connection is given up without waiting on the server, then each task
 * of this proc is resumed once more; every call in it now fails at once, so
 * it runs to its end and frees what it holds, and job_finish skips done.
 * Idle connections to a server that left requests unanswered are given up
 * too (conn_given_up). */
void smb_conn_cancel(struct smb_ctx *x)
{
    for (struct smb_job *j = x->held; j; j = j->next_held)
        job_release(j);   /* never started: cancelled as they are */
    x->held = NULL;
    if (x->ops->abandon && conn_given_up(x->conn)) {
        x->ops->abandon(x->c);
        for (struct smb_job *j = x->conn->all; j; j = j->next_all)
            if (j->req && j->x == x) {
                j->cancelled = 1;
                smb_task_resume(j->task);
            }
    }
}

void smb_conn_release(struct smb_ctx *x)
{
    conn_release(x->conn, x->ops);
}

int smb_conn_get(struct smb_ctx *x, const struct sfs_cfg *cfg, const char *target, int group,
                 const smb_conn_params *p, char *err, size_t errlen)
{
    pthread_mutex_lock(&conns_lock);
    struct smb_conn *n = conns;
    while (n && !(n->cfg == cfg && n->group == group && strcmp(n->target, target) == 0))
        n = n->next;
    if (n) {
        n->refs++;
        pthread_mutex_unlock(&conns_lock);
        x->conn = n;
        x->c = n->c;
        return 0;
    }
    pthread_mutex_unlock(&conns_lock);
    /* procs are opened one after the other: nobody else makes this one */
    n = calloc(1, sizeof *n);
    if (!n) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (x->ops->connect(p, &n->c, err, errlen) < 0) {
        free(n);
        return -1;
    }
    n->cfg = cfg;
    n->ops = x->ops;
    n->target = target;
    n->group = group;
    n->refs = 1;
    pthread_mutex_lock(&conns_lock);
    n->next = conns;
    conns = n;
    pthread_mutex_unlock(&conns_lock);
    x->conn = n;
    x->c = n->c;
    return 0;
}

/* a job's task: the op, its calls yielding while in flight.  An op whose
 * connection was lost waits for it to be made again when riding through
 * an outage, then starts over; otherwise it fails with its reason. */
static void job_main(void *arg)
{
    struct smb_job *j = arg;
    struct smb_ctx *x = j->x;
    for (;;) {
        smb_execute(x, j->req, j->path, j->path2);
        if (j->req->status != -ENOTCONN || j->cancelled || !x->ops->await_reconnect ||
            x->ops->await_reconnect(x->c) < 0 || j->cancelled)
            break;
        SMB_COUNT_ADD(x->conn->resent, 1);
        sfs_outage_count(x->conn->cfg, SFS_OUTAGE_WHAT_RESENT, 1);
    }
}

/* req's op ended, succeeded or failed: its done, counted once */
static void deliver(struct smb_conn *n, sfs_req *req)
{
    if (req->op >= 0 && req->op < SFS_OP_COUNT)
        SMB_COUNT_ADD(n->completed[req->op], 1);
    if (req->done)
        req->done(req);
}

void smb_outage_read(const struct sfs_cfg *cfg, smb_outage_counts *out)
{
    memset(out, 0, sizeof *out);
    pthread_mutex_lock(&conns_lock);
    for (struct smb_conn *n = conns; n; n = n->next) {
        if (n->cfg != cfg)
            continue;
        out->resent += SMB_COUNT_GET(n->resent);
        for (int op = 0; op < SFS_OP_COUNT; op++) {
            out->issued[op] += SMB_COUNT_GET(n->issued[op]);
            out->completed[op] += SMB_COUNT_GET(n->completed[op]);
        }
        if (n->c && n->ops->outage_counts)
            n->ops->outage_counts(n->c, out);
    }
    pthread_mutex_unlock(&conns_lock);
}

/* The slot is free: the oldest handle-slot op waiting for it starts (on the
 * event loop's stack, inside submit or poll).  One that cannot start is
 * completed with its error, as submit already accepted it. */
static void slot_next(struct smb_ctx *x)
{
    struct smb_job *j;
    while (!x->slot_busy && (j = x->held)) {
        if (!(x->held = j->next_held))
            x->held_tail = &x->held;
        x->slot_busy = j->holds_slot = 1;
        int rc = smb_task_run(j->task, j);
        if (rc < 0) {
            sfs_req *req = j->req;
            req->status = rc;
            req->proto_status = -rc;
            x->slot_busy = 0;
            job_release(j);
            deliver(x->conn, req);
        }
    }
}

/* the op ended (on the event loop's stack): free the job, let the next
 * handle-slot op start, complete */
static void job_finish(void *arg)
{
    struct smb_job *j = arg;
    struct smb_ctx *x = j->x;
    sfs_req *req = j->req;
    int cancelled = j->cancelled, held_slot = j->holds_slot;
    job_release(j);
    if (held_slot) {
        x->slot_busy = 0;
        if (!cancelled) slot_next(x);
    }
    if (!cancelled)
        deliver(x->conn, req);
}

int smb_conn_submit(struct smb_ctx *x, sfs_req *req)
{
    struct smb_conn *n = x->conn;
    struct smb_job *j = n->idle;
    if (j) {
        n->idle = j->next_idle;
    } else {
        j = calloc(1, sizeof *j);
        if (!j || !(j->task = smb_task_new(job_main, job_finish))) {
            free(j);
            return -ENOMEM;
        }
        j->next_all = n->all;
        n->all = j;
    }
    j->x = x;
    j->req = req;
    x->inflight++;
    /* counted before it starts: an op can end inside smb_task_run */
    int counted = req->op >= 0 && req->op < SFS_OP_COUNT;
    if (counted)
        SMB_COUNT_ADD(n->issued[req->op], 1);
    if (smb_op_uses_slot(req->op)) {
        if (!x->held_tail) x->held_tail = &x->held;
        j->next_held = NULL;
        *x->held_tail = j;
        x->held_tail = &j->next_held;
        slot_next(x);   /* starts it now if the slot is free (done() is then its own) */
    } else {
        int rc = smb_task_run(j->task, j);
        if (rc < 0) {   /* not started: done() will not be called */
            if (counted)
                SMB_COUNT_ADD(n->issued[req->op], (uint64_t)-1);
            job_release(j);
            return rc;
        }
    }
    /* send what the op queued now */
    x->ops->service(x->c, 0);
    return 0;
}
