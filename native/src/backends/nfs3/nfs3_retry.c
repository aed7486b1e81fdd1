/* NFS3ERR_JUKEBOX: the server cannot serve the call now (a file being
 * recalled, or its own backpressure, as NFS-Ganesha's ERR_FSAL_DELAY) and
 * asks the client to send it again later (RFC 1813 2.6).  The Linux client
 * waits NFS_JUKEBOX_RETRY_TIME (5 s) and retries without end; a benchmark
 * waits NFS3_JUKEBOX_DELAY_NS and gives up after NFS3_JUKEBOX_RETRIES, so a
 * server that stays busy shows as errors.  The whole logical op is begun
 * again (the server did not perform the refused call; READ/WRITE chunks that
 * had succeeded are idempotent); the wait counts in its latency, each re-send
 * in the request's retries (SFS_O_RETRIES).  Waiting ops stay active and sit
 * on their connection's list, which nfs3_poll of any client on it serves.
 *
 * NFS3ERR_STALE (or BADHANDLE) on a handle the op took from the cache: the
 * name now names another object, or the server dropped the handle (NFS-Ganesha
 * 4.3 answered STALE to WRITEs of a file it had just created under the name of
 * one just removed).  nfs3_on_stale has dropped the cached handle; the op is
 * begun again at once, once, so its LOOKUPs find what the name is now, as the
 * Linux client retries an ESTALE once with the path looked up again.  A second
 * STALE is the answer. */
#include <stddef.h>
#include <string.h>
#include "nfs3_conn.h"

#include "outage.h"

static void unlink_waiting(nfs3_op *op)
{
    nfs3_conn *n = op->c->conn;
    for (nfs3_op **p = &n->retry_list; *p; p = &(*p)->retry_next)
        if (*p == op) {
            *p = op->retry_next;
            break;
        }
    op->retry_next = NULL;
    op->waiting = 0;
    op->parked = 0;
}

void nfs3_retry_forget(nfs3_op *op)
{
    if (op->waiting)
        unlink_waiting(op);
}

int nfs3_retry_wanted(int proto, int retries, int stale_retried, int dead)
{
    if (dead)
        return 0;
    if (proto == NFS3ERR_JUKEBOX)
        return retries < NFS3_JUKEBOX_RETRIES;
    return nfs3_stale(proto) && !stale_retried;
}

int nfs3_retry_later(nfs3_op *op, int64_t now)
{
    nfs3_conn *n = op->c->conn;
    if (op->waiting) {                  /* finished while waiting: a dead connection */
        unlink_waiting(op);
        return 0;
    }
    if (op->outstanding || n->closing ||
        !nfs3_retry_wanted(op->proto, op->retries, op->stale_retried, n->dead))
        return 0;
    op->waiting = 1;
    op->retry_at = nfs3_stale(op->proto) ? now : now + NFS3_JUKEBOX_DELAY_NS;
    op->retry_next = n->retry_list;
    n->retry_list = op;
    return 1;
}

void nfs3_retry_park(nfs3_op *op)
{
    nfs3_conn *n = op->c->conn;
    op->waiting = 1;
    op->parked = 1;
    op->retry_at = INT64_MAX;
    op->retry_next = n->retry_list;
    n->retry_list = op;
}

void nfs3_retry_unpark(nfs3_conn *n, int64_t now)
{
    for (nfs3_op *op = n->retry_list; op; op = op->retry_next)
        if (op->parked)
            op->retry_at = now;
}

/* Begin op again as nfs3_submit began it, keeping its place and count: a
 * re-send the server asked for, or one after a lost connection (counted in
 * the outage when something of it had been sent). */
static void resend(nfs3_op *op)
{
    nfs3_client *c = op->c;
    sfs_req *r = op->req;
    nfs3_op *next = op->next, *prev = op->prev;
    int parked = op->parked;
    int retries = op->retries + !parked;
    int stale_retried = op->stale_retried || nfs3_stale(op->proto);
    memset(op, 0, offsetof(nfs3_op, key));
    op->c = c;
    op->req = r;
    op->next = next;
    op->prev = prev;
    op->active = 1;
    op->retries = retries;
    op->stale_retried = stale_retried;
    if (!parked)
        r->retries++;
    else if (r->physical > 0)
        sfs_outage_count(c->conn->ride_cfg, SFS_OUTAGE_WHAT_RESENT, 1);
    int rc = nfs3_op_begin(op);
    if (rc < 0) {                       /* refused before anything was sent */
        op->status = rc;
        nfs3_op_finish(op);
    }
}

int nfs3_retry_due(nfs3_conn *n, int64_t now)
{
    int sent = 0;
    nfs3_op **p = &n->retry_list;
    while (*p) {
        nfs3_op *op = *p;
        if (op->retry_at > now) {
            p = &op->retry_next;
            continue;
        }
        *p = op->retry_next;
        op->retry_next = NULL;
        op->waiting = 0;
        resend(op);
        sent++;
    }
    return sent;
}
