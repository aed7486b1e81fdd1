/* Riding through an outage of a mounted file system (outage_max > 0,
 * core/outage.h): a kernel NFS or SMB mount whose server went away answers
 * EIO (a soft mount's timeout) or ESTALE (a handle of the server before it
 * restarted).  The op is done again every POSIX_RIDE_TRY_NS, with the data
 * file opened again by name after ESTALE, until it gets another answer or
 * outage_max has passed since it first failed; its latency keeps running
 * from its intended start. */
#include <errno.h>
#include <time.h>
#include "posix_priv.h"
#include "outage.h"
#include "clock.h"

#define POSIX_RIDE_TRY_NS 100000000ULL   /* 100 ms between attempts */

static int outage_errno(int rc)
{
    return rc == -EIO || rc == -ESTALE;
}

int posix_ride(struct posix_ctx *c, sfs_req *req, int rc, int (*again)(struct posix_ctx *, sfs_req *))
{
    double most = sfs_outage_riding(c->cfg);
    if (most <= 0 || !outage_errno(rc))
        return rc;
    uint64_t first = sfs_now_ns();
    uint64_t give_up = first + (uint64_t)(most * 1e9);
    sfs_outage_lost(c->cfg, req->t_intended_ns);
    while (outage_errno(rc) && sfs_now_ns() < give_up) {
        uint64_t next = sfs_now_ns() + POSIX_RIDE_TRY_NS;
        sfs_sleep_until(next < give_up ? next : give_up);
        if (rc == -ESTALE && req->path && req->path[0]) {
            posix_forget(c, req->path);   /* the next open finds what the name is now */
            sfs_outage_count(c->cfg, SFS_OUTAGE_WHAT_REOPENED, 1);
        }
        sfs_outage_count(c->cfg, SFS_OUTAGE_WHAT_RESENT, 1);
        rc = again(c, req);
    }
    return rc;
}
