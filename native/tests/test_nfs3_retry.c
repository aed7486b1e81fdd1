/* Unit test (no server): NFS3ERR_JUKEBOX and NFS3ERR_STALE re-sends (nfs3_retry.c) from the
 * reply callback on.  A reply with JUKEBOX, as libnfs hands it to
 * nfs3_proc_cb, leaves the op waiting on its connection (not completed,
 * still in flight) until its delay has passed; then it is begun again and
 * counted in req->retries; after NFS3_JUKEBOX_RETRIES re-sends the JUKEBOX
 * completes it as an error.  Provoking JUKEBOX from the loopback Ganesha
 * needs it to run out of open files, too slow and unsteady for a test. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "nfs3_ops.h"
#include "nfs3_conn.h"

static int done_calls;

static void on_done(sfs_req *r)
{
    (void)r;
    done_calls++;
}

static void no_ok(nfs3_op *op, void *resok)
{
    (void)op;
    (void)resok;
}

static const struct nfs3_proc getattr = NFS3_PROC("GETATTR", GETATTR3res, 0, no_ok, NULL);

/* op as nfs3_submit leaves it with one GETATTR in flight */
static void start(nfs3_client *c, nfs3_op *op, sfs_req *r)
{
    memset(op, 0, sizeof *op);
    op->c = c;
    op->req = r;
    op->active = 1;
    op->outstanding = 1;
    op->proc = &getattr;
    c->active_list = op;
    c->active = 1;
}

/* the server's reply: an error status */
static void reply(nfs3_op *op, nfsstat3 status)
{
    GETATTR3res res;
    memset(&res, 0, sizeof res);
    res.status = status;
    nfs3_proc_cb(NULL, RPC_STATUS_SUCCESS, &res, op);
}

static void reply_jukebox(nfs3_op *op)
{
    reply(op, NFS3ERR_JUKEBOX);
}

int main(void)
{
    CHECK(nfs3_retry_wanted(NFS3ERR_JUKEBOX, 0, 0, 0), "first JUKEBOX is re-sent");
    CHECK(nfs3_retry_wanted(NFS3ERR_JUKEBOX, NFS3_JUKEBOX_RETRIES - 1, 0, 0), "last re-send");
    CHECK(!nfs3_retry_wanted(NFS3ERR_JUKEBOX, NFS3_JUKEBOX_RETRIES, 0, 0), "cap reached: an error");
    CHECK(!nfs3_retry_wanted(NFS3ERR_JUKEBOX, 0, 0, 1), "dead connection: no re-send");
    CHECK(nfs3_retry_wanted(NFS3ERR_STALE, 0, 0, 0) && nfs3_retry_wanted(NFS3ERR_BADHANDLE, 3, 0, 0),
          "a stale handle's op is begun again");
    CHECK(!nfs3_retry_wanted(NFS3ERR_STALE, 1, 1, 0), "a second STALE is the answer");
    CHECK(!nfs3_retry_wanted(NFS3ERR_STALE, 0, 0, 1), "dead connection: no re-send after STALE");
    CHECK(!nfs3_retry_wanted(NFS3ERR_IO, 0, 0, 0) && !nfs3_retry_wanted(NFS3ERR_NOENT, 0, 0, 0),
          "other errors are answers");

    nfs3_conn *n = calloc(1, sizeof *n);
    nfs3_client *c = calloc(1, sizeof *c);
    nfs3_op *op = calloc(1, sizeof *op);
    sfs_req r;
    memset(&r, 0, sizeof r);
    r.done = on_done;
    r.op = SFS_OP_CIFS_READ_ANDX;    /* nfs3_op_begin refuses it: the re-send ends at once */
    r.path = "f";
    c->conn = n;
    n->clients = c;

    start(c, op, &r);
    reply_jukebox(op);
    CHECK(done_calls == 0 && op->active && op->waiting && n->retry_list == op && c->active == 1,
          "JUKEBOX: waits (done %d, active %d, waiting %d)", done_calls, op->active, op->waiting);
    CHECK(op->retry_at > 0, "re-send time set");
    CHECK(nfs3_retry_due(n, op->retry_at - 1) == 0 && op->waiting, "not before its delay");
    CHECK(nfs3_retry_due(n, op->retry_at) == 1, "re-sent once the delay passed");
    CHECK(r.retries == 1 && n->retry_list == NULL, "counted: %u", r.retries);
    CHECK(done_calls == 1 && r.status == -EOPNOTSUPP, "the re-sent op's own outcome: %d", r.status);

    /* after NFS3_JUKEBOX_RETRIES re-sends, JUKEBOX is the op's error */
    done_calls = 0;
    start(c, op, &r);
    op->retries = NFS3_JUKEBOX_RETRIES;
    reply_jukebox(op);
    CHECK(done_calls == 1 && !op->waiting && n->retry_list == NULL, "cap: completed");
    CHECK(r.status == -EAGAIN && r.proto_status == NFS3ERR_JUKEBOX, "cap: error %d/%d",
          r.status, r.proto_status);

    /* a connection that dies while the op waits completes it (sweep) */
    done_calls = 0;
    start(c, op, &r);
    reply_jukebox(op);
    CHECK(op->waiting, "waits again");
    n->dead = 1;
    nfs3_op_finish(op);
    CHECK(done_calls == 1 && !op->waiting && n->retry_list == NULL, "dead: completed, off the list");

    /* STALE: begun again at once (its names looked up again), once */
    n->dead = 0;
    done_calls = 0;
    r.retries = 0;
    start(c, op, &r);
    reply(op, NFS3ERR_STALE);
    CHECK(done_calls == 0 && op->waiting && n->retry_list == op, "STALE: waits for its re-send");
    CHECK(nfs3_retry_due(n, op->retry_at) == 1 && op->stale_retried, "STALE: re-sent with no delay");
    CHECK(done_calls == 1 && r.retries == 1 && r.status == -EOPNOTSUPP, "STALE: counted, own outcome %d",
          r.status);
    done_calls = 0;
    start(c, op, &r);
    op->stale_retried = 1;
    reply(op, NFS3ERR_STALE);
    CHECK(done_calls == 1 && !op->waiting && r.status == -ESTALE && r.proto_status == NFS3ERR_STALE,
          "a second STALE completes the op: %d/%d", r.status, r.proto_status);

    free(op);
    free(c);
    free(n);
    return check_result("test_nfs3_retry");
}
