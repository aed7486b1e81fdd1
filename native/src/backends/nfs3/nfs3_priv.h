/* Internals shared by nfs3_client.c (connection, event loop) and the
 * per-procedure state machines (nfs3_ops.h: nfs3_resolve.c, nfs3_meta.c,
 * nfs3_io.c). */
#ifndef SFS_NFS3_PRIV_H
#define SFS_NFS3_PRIV_H

#include "nfs3_shim.h"
#include "nfs3_client.h"
#include "nfs3_fhcache.h"

#define NFS3_PATH_MAX   1024
#define NFS3_MAX_IO     (1024u * 1024u)  /* libnfs 4.0.0 rejects bigger READ replies */
#define NFS3_LOGICAL_MAX (256u * 1024u)  /* SFS2008 largest logical transfer */
#define NFS3_INIT_DEPTH 16               /* RPCs in flight for longer (file-set building) writes */

#define NFS3_MAX_DEPTH  32               /* BIOD_MAX_* allows 0..32 */

typedef struct nfs3_op nfs3_op;
typedef struct nfs3_conn nfs3_conn;     /* nfs3_conn.h */
typedef void (*nfs3_step)(nfs3_op *op);
struct nfs3_proc;                        /* nfs3_ops.h */

/* One READ/WRITE RPC in flight: replies do not echo the offset. */
typedef struct nfs3_chunk {
    nfs3_op  *op;
    uint64_t  off;
    uint32_t  len;
    int       used;
} nfs3_chunk;

struct nfs3_op {
    nfs3_client *c;
    sfs_req     *req;
    nfs3_op     *next, *prev;    /* active list, or free list (next only) */
    int          active;         /* logical op not yet completed */
    int          outstanding;    /* RPCs of this op in flight */
    int          status;         /* first error (negative errno) */
    int32_t      proto;          /* its NFS3ERR_* (0 for transport errors) */
    nfs3_step    start;          /* runs once every key is resolved */
    const struct nfs3_proc *proc; /* the table procedure in flight (nfs3_proc_cb) */
    /* objects: key[0] = object or parent dir, key[1] = second parent dir */
    int          nkeys;
    int          have[2];
    const char  *name[2];        /* names inside key[i] for name ops */
    int          resolving;      /* key index being resolved by LOOKUPs */
    size_t       res_len;        /* length of the key prefix being looked up */
    /* READ/WRITE */
    uint64_t     off, end, pos;  /* logical range and next byte to issue */
    uint32_t     chunk;
    int          depth;          /* max RPCs in flight */
    int          stable;         /* WRITE3args.stable to send */
    int          need_commit;
    int          no_commit;      /* WRCACHE: unstable write, never committed */
    int          verf_set;
    char         verf[NFS3_WRITEVERFSIZE];
    int          resent;
    /* re-sends (nfs3_retry.c) */
    int          retries;        /* times this request was begun again */
    int          stale_retried;  /* begun again once after NFS3ERR_STALE/BADHANDLE */
    int          waiting;        /* on its connection's retry_list */
    int          parked;         /* ... until its lost connection is made again (nfs3_ride.c) */
    int64_t      retry_at;       /* CLOCK_MONOTONIC ns of the re-send */
    nfs3_op     *retry_next;
    uint64_t     bytes;
    int          eof;
    /* READDIR(PLUS) */
    uint64_t     cookie;
    char         cookieverf[NFS3_COOKIEVERFSIZE];
    nfs3_chunk   chunks[NFS3_MAX_DEPTH];
    /* large buffers last: op_alloc clears only what precedes 'key' */
    char         key[2][NFS3_PATH_MAX];
    nfs3_fh      fh[2];
    char         namebuf[2][256];
};

/* One proc's client: its handle cache and ops, on a connection it may
 * share with other procs' clients (nfs3_conn.h). */
struct nfs3_client {
    nfs3_conn   *conn;
    nfs3_client *next_on_conn;
    struct rpc_context *rpc;       /* conn->rpc */
    nfs3_fh      export_root;
    nfs3_fhcache cache;            /* keys relative to the proc root ("" = proc root) */
    uint32_t     rsize, wsize, dtpref;
    uint32_t     rtmax, rtpref, wtmax, wtpref;
    int          biod_r, biod_w;
    const struct sfs_cfg *debug_cfg;
    int          debug_proc;
    int          active;           /* logical ops in flight */
    nfs3_op     *active_list;
    nfs3_op     *free_list;
    nfs3_op    **all;              /* every op ever allocated (freed at close) */
    size_t       nall, capall;
    const char  *wbuf;             /* WRITE payload when the request has no buffer (shared) */
    int          have_verf;
    char         verf[NFS3_WRITEVERFSIZE];
    nfs3_info    info;
};

/* nfs3_client.c */
/* The connection of c is unusable (every client on it fails). */
void nfs3_fail_transport(nfs3_client *c, int rpc_status, const char *what);
void nfs3_op_finish(nfs3_op *op);
/* Count one RPC of op as sent (or fail the op if libnfs refused it). */
int  nfs3_sent(nfs3_op *op, int rc, const char *proc);
/* Common head of every RPC callback: 1 if the reply may be used. */
int  nfs3_reply_ok(nfs3_op *op, int rpc_status);
/* Record a server error for op. */
void nfs3_op_error(nfs3_op *op, int nfsstat);
void nfs3_attr_from(sfs_attr *a, const fattr3 *f);

/* nfs3_retry.c: NFS3ERR_JUKEBOX answers are re-sent after a delay, a stale
 * handle's op once at once with its names looked up again */
#define NFS3_JUKEBOX_DELAY_NS 1000000000LL  /* the Linux client waits 5 s */
#define NFS3_JUKEBOX_RETRIES  10            /* then the op fails with the error */
/* the answers that name a handle the server no longer knows */
static inline int nfs3_stale(int proto)
{
    return proto == NFS3ERR_STALE || proto == NFS3ERR_BADHANDLE;
}
/* The decision: a request answered `proto` after `retries` re-sends (one of
 * them after a stale handle or not), on a connection that is (not) dead, is
 * to be sent again. */
int  nfs3_retry_wanted(int proto, int retries, int stale_retried, int dead);
/* From nfs3_op_finish: 1 if op now waits for its re-send at now + delay
 * (it stays active and is not completed), 0 if it completes. */
int  nfs3_retry_later(nfs3_op *op, int64_t now);
/* Take op off its connection's list (its client closes). */
void nfs3_retry_forget(nfs3_op *op);
/* Re-send the waiting ops of connection n whose time has come; how many. */
int  nfs3_retry_due(nfs3_conn *n, int64_t now);

/* Put op on its connection's list until the connection is made again. */
void nfs3_retry_park(nfs3_op *op);
/* The connection is made again: every parked op is due now. */
void nfs3_retry_unpark(nfs3_conn *n, int64_t now);

/* nfs3_ride.c: riding through a lost connection (outage_max > 0) */
#define NFS3_RIDE_TRY_NS 100000000LL     /* a reconnect attempt every 100 ms */
/* The connection of n was lost: 1 if it rides through (down, not dead). */
int  nfs3_ride_down(nfs3_conn *n);
/* From nfs3_op_finish: 1 if op, failed by its lost connection, now waits. */
int  nfs3_ride_parks(nfs3_op *op);
/* A down connection: try to make it again if its time has come; 1 when made
 * (its parked ops are due), 0 else (n->dead once outage_max has passed). */
int  nfs3_ride_reconnect(nfs3_conn *n);

/* nfs3_resolve.c: start op (0), or refuse it before anything is sent */
int  nfs3_op_begin(nfs3_op *op);
/* SFS_OP_BIT of every op nfs3_op_begin starts (test_nfs3_ops: the backend's
 * declared ops are these) */
uint64_t nfs3_ops_started(void);

#endif
