/* NFSv3 client of one proc over libnfs raw async RPCs (used by backend_nfs3.c).
 *
 * A proc's client runs on a TCP connection of its own or one shared with
 * other procs' clients (share_owner), serviced by nfs3_poll of any of them;
 * requests are abstract sfs_req operations addressed by path, executed as
 * real NFSv3 procedures on file handles (see docs/nfs.md for the mapping).
 */
#ifndef SFS_NFS3_CLIENT_H
#define SFS_NFS3_CLIENT_H

#include <stddef.h>
#include <stdint.h>
#include "backend.h"

typedef struct nfs3_opts {
    const char *target;     /* "host:/export" or "nfs://host/export[?nfsport=N&mountport=M]" */
    const char *root;       /* proc root under the export ("" = export root); created if missing */
    int         uid, gid;   /* AUTH_SYS credentials; < 0 = this process's ids */
    uint32_t    block_size; /* max READ/WRITE RPC size; 0 = negotiate from FSINFO */
    int         biod_reads; /* READ RPCs in flight per logical read (0 is treated as 1) */
    int         biod_writes;/* WRITE RPCs in flight per logical write (0 is treated as 1) */
    int         timeout_s;  /* RPC timeout in whole seconds (> 0) */
    uint32_t    xid_base;   /* first XID of a new connection (keeps connections apart) */
    const void *share_owner;/* non-NULL: share the connection of the clients opened with the
                             * same owner, share_group and target (one thread drives them all) */
    int         share_group;
    const struct sfs_cfg *debug_cfg; /* DEBUG flag 10 logs every RPC there (NULL = none) */
    int         debug_proc; /* global proc index of those lines */
    const struct sfs_cfg *ride_cfg; /* outage_max > 0 there (core/outage.h): a lost
                             * connection is made again and its requests re-sent */
} nfs3_opts;

typedef struct nfs3_info {
    uint32_t rtmax, rtpref, wtmax, wtpref, dtpref;
    uint32_t rsize, wsize;   /* READ/WRITE RPC sizes in use */
    uint64_t unstable_writes;/* WRITE replies with committed == UNSTABLE */
    uint64_t commits;        /* COMMITs sent after unstable write sequences */
    uint64_t verf_changes;   /* write verifier changed (server restart); data re-sent FILE_SYNC */
    uint64_t extra_lookups;  /* LOOKUPs sent to resolve paths missing from the handle cache */
} nfs3_info;

typedef struct nfs3_client nfs3_client;

/* Mount, negotiate sizes, create/resolve the proc root.  NULL + err on failure. */
nfs3_client *nfs3_open(const nfs3_opts *o, char *err, size_t errlen);
/* Queue one request; 0 = accepted (req->done is called from nfs3_poll). */
int  nfs3_submit(nfs3_client *c, sfs_req *req);
/* Service the connection for at most timeout_ns (returns early once something
 * completed, also for another client of the connection).  Returns
 * completions (>= 0), or -1 if the connection is dead: every request in
 * flight on it has then been completed with an error, and nfs3_error() says
 * why, naming the server. */
int  nfs3_poll(nfs3_client *c, int64_t timeout_ns);
int  nfs3_inflight(const nfs3_client *c);
/* The socket to poll(2) and the events wanted (the fd can change: ask each
 * time); -1 once the connection is dead. */
int  nfs3_pollfd(nfs3_client *c, short *events);
const char *nfs3_error(const nfs3_client *c);
void nfs3_get_info(const nfs3_client *c, nfs3_info *out);
void nfs3_close(nfs3_client *c);

#endif
