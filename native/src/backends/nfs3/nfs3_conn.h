/* One NFSv3 connection (a libnfs context, mounted once) and the procs'
 * clients that share it (nfs3_client.h: nfs3_opts.share_owner). */
#ifndef SFS_NFS3_CONN_H
#define SFS_NFS3_CONN_H

#include "nfs3_priv.h"

struct nfs3_conn {
    struct nfs3_conn *next;        /* shared connections of the process */
    const void  *owner;            /* share key: owner, group, target (NULL owner = private) */
    int          group;
    int          refs;             /* clients using it */
    struct nfs_context *nfs;
    struct rpc_context *rpc;
    char         server[256];
    char         export_path[NFS3_PATH_MAX];
    char         target[NFS3_PATH_MAX + 300];
    nfs3_fh      export_root;
    int          timeout_s;
    int          uid, gid;         /* AUTH_SYS ids, < 0 = this process's (nfs3_opts) */
    uint32_t     xid_base;
    int          dead;
    int          closing;          /* being destroyed: CANCEL replies are no transport failure */
    int          completed;        /* logical ops completed during the current nfs3_poll */
    int64_t      serviced_ns;      /* last rpc_service without the socket ready (timeout scan) */
    char         err[2048];
    nfs3_client *clients;          /* the clients on it (nfs3_client.next_on_conn) */
    nfs3_op     *retry_list;       /* ops waiting to be re-sent (nfs3_retry.c) */
    int          have_fsinfo;      /* the first client's FSINFO, reused by the others */
    uint32_t     rtmax, rtpref, wtmax, wtpref, dtpref;
    nfs3_op    **orphans;          /* ops of closed clients with RPCs still in flight */
    size_t       norphans, caporphans;
    char        *rbuf;             /* replies read, not yet processed (nfs3_recv) */
    size_t       rcap, rstart, rend;
    /* riding through a lost connection (nfs3_ride.c) */
    const struct sfs_cfg *ride_cfg; /* outage_max > 0 there: reconnect instead of dying */
    int          down;             /* lost, being reconnected: its ops wait (parked) */
    int          remaking;         /* the lost context is being destroyed: its callbacks park ops */
    int64_t      down_ns;          /* when it was lost */
    int64_t      next_try_ns;      /* the next reconnect attempt */
    int          reconnected;      /* made again at least once (stale handles count as re-opened) */
};

/* The connection o names: a shared one of (share_owner, share_group,
 * target), made and mounted on first use, or a private one.  NULL + err. */
nfs3_conn *nfs3_conn_get(const nfs3_opts *o, char *err, size_t errlen);
/* Make n->nfs a new context mounted on n's target (the RPCs of a mount
 * time out after timeout_s).  0, or -1 + err (n->nfs may then be set: the
 * caller destroys it). */
int nfs3_conn_mount(nfs3_conn *n, int timeout_s, char *err, size_t errlen);
/* Drop client c (closed: its ops abandoned) from its connection; the last
 * client destroys it, and with it the ops of closed clients. */
void nfs3_conn_release(nfs3_conn *n, nfs3_client *c);

#ifdef SFS_NFS3_OWN_RECV
/* Read the replies waiting on n's socket and run their callbacks, without
 * rpc_service and its scan for timed-out RPCs (nfs3_recv.c).  0, or -1 with
 * the reason in why: the connection is lost. */
int nfs3_recv(nfs3_conn *n, char *why, size_t whylen);
#endif

#endif
