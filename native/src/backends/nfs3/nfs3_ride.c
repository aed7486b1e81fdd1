/* Riding through a lost connection (outage_max > 0, core/outage.h), as a
 * hard mount does: the connection goes down instead of dead, every logical
 * op on it waits (parked on the retry list, still active, its latency still
 * running from its intended start), and the connection is mounted again
 * every NFS3_RIDE_TRY_NS until that works or outage_max has passed since it
 * was lost.  Made again, it begins every parked op again from its first RPC
 * (the server may have lost what the lost RPCs did: a WRITE is idempotent,
 * a CREATE answered EEXIST is the op's answer, as a hard mount's
 * retransmission after a restart gets).  Not made again in time, it is dead
 * and its ops fail as without riding. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "nfs3_conn.h"
#include "outage.h"
#include "clock.h"

static int64_t now_ns(void)
{
    return (int64_t)sfs_now_ns();
}

int nfs3_ride_down(nfs3_conn *n)
{
    if (n->closing || n->dead || sfs_outage_riding(n->ride_cfg) <= 0)
        return 0;
    if (n->down)
        return 1;
    n->down = 1;
    n->down_ns = now_ns();
    n->next_try_ns = n->down_ns;
    /* the outage began with the oldest op that was waiting on the server */
    uint64_t since = (uint64_t)n->down_ns;
    for (nfs3_client *c = n->clients; c; c = c->next_on_conn)
        for (nfs3_op *op = c->active_list; op; op = op->next)
            if (op->req && op->req->t_intended_ns && op->req->t_intended_ns < since)
                since = op->req->t_intended_ns;
    sfs_outage_lost(n->ride_cfg, since);
    return 1;
}

int nfs3_ride_parks(nfs3_op *op)
{
    nfs3_conn *n = op->c->conn;
    if (!n->down || n->dead || op->waiting || op->outstanding || op->proto != 0)
        return 0;
    int e = -op->status;
    if (e != ENOTCONN && e != ETIMEDOUT && e != ECANCELED && e != EPIPE && e != ECONNRESET)
        return 0;
    nfs3_retry_park(op);
    return 1;
}

/* Destroy the lost context: its callbacks (CANCEL) park their ops. */
static void drop_context(nfs3_conn *n)
{
    if (!n->nfs)
        return;
    n->remaking = 1;
    nfs_destroy_context(n->nfs);
    n->remaking = 0;
    n->nfs = NULL;
    n->rpc = NULL;
    /* an RPC libnfs forgot without a callback: its op waits too */
    for (nfs3_client *c = n->clients; c; c = c->next_on_conn)
        for (nfs3_op *op = c->active_list; op; op = op->next)
            if (!op->waiting) {
                op->outstanding = 0;
                if (op->status == 0)
                    op->status = -ENOTCONN;
                nfs3_retry_park(op);
            }
}

/* Give up: the connection is dead with a message naming the server.  The
 * precisions keep the sentence inside err whatever the names' lengths. */
static void give_up(nfs3_conn *n, const char *why)
{
    n->down = 0;
    n->dead = 1;
    snprintf(n->err, sizeof n->err, "NFS server %.200s, export %.600s: not back within "
             "outage_max %g s (%.1000s)", n->server, n->export_path,
             sfs_outage_riding(n->ride_cfg), why);
}

int nfs3_ride_reconnect(nfs3_conn *n)
{
    int64_t t = now_ns();
    if (!n->down || t < n->next_try_ns)
        return 0;
    drop_context(n);
    char err[sizeof n->err] = "";
    /* a mount attempt waits at most a try's share of what is left */
    if (nfs3_conn_mount(n, 1, err, sizeof err) < 0) {
        if (n->nfs) {
            nfs_destroy_context(n->nfs);
            n->nfs = NULL;
        }
        n->rpc = NULL;
        if ((double)(now_ns() - n->down_ns) >= sfs_outage_riding(n->ride_cfg) * 1e9)
            give_up(n, err);
        else
            n->next_try_ns = now_ns() + NFS3_RIDE_TRY_NS;
        return 0;
    }
    for (nfs3_client *c = n->clients; c; c = c->next_on_conn)
        c->rpc = n->rpc;
    n->down = 0;
    n->reconnected = 1;
    n->serviced_ns = 0;
    sfs_outage_count(n->ride_cfg, SFS_OUTAGE_WHAT_RECONNECTS, 1);
    nfs3_retry_unpark(n, now_ns());
    return 1;
}
