/* Backend "nfs3": NFSv3 over libnfs raw async RPCs, serviced by the
 * engine's event loops (async = 1).  The procs of a target on one loop use
 * up to 'conns' connections: one each while there are no more procs than
 * that, beyond it in turn (the loop's thread drives every proc of a
 * connection, so requests of several procs share it without a lock).  The protocol work is in
 * nfs3_client.c and the procedures behind nfs3_ops.h; this file maps the
 * engine configuration onto it.  docs/nfs.md describes targets, the op mapping and error handling. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nfs3_shim.h"
#include "backend.h"
#include "config.h"
#include "log.h"
#include "options.h"
#include "nfs3_client.h"

#define NFS3_RPC_TIMEOUT_S 30
#define NFS3_CONNS_DEFAULT "64"

/* the options of docs/engine.md (block_size/biod_* as posix declares them) */
struct nfs3_backend_opts {
    int block_size, biod_reads, biod_writes;
    int uid, gid;
    int conns;
};

static const sfs_option nfs3_options[] = {
    SFS_OPT_BLOCK_SIZE(struct nfs3_backend_opts, block_size),
    SFS_OPT_BIOD_READS(struct nfs3_backend_opts, biod_reads),
    SFS_OPT_BIOD_WRITES(struct nfs3_backend_opts, biod_writes),
    { "uid", SFS_KEY_INT, 0, 2147483647, NULL,
      "AUTH_SYS user id of the requests (unset: the engine process's own)",
      SFS_OPT_AT(struct nfs3_backend_opts, uid) },
    { "gid", SFS_KEY_INT, 0, 2147483647, NULL,
      "AUTH_SYS group id of the requests (unset: the engine process's own)",
      SFS_OPT_AT(struct nfs3_backend_opts, gid) },
    { "conns", SFS_KEY_INT, 1, SFS_CFG_MAX_PROCS, NFS3_CONNS_DEFAULT,
      "TCP connections of each event loop to each target: procs beyond that many share them "
      "in turn (each connection mounts once)",
      SFS_OPT_AT(struct nfs3_backend_opts, conns) },
    { NULL, 0, 0, 0, NULL, NULL, 0, 0 },
};

typedef struct nfs3_backend {
    nfs3_client            *c;
    const struct sfs_cfg   *cfg;
    int                     proc;      /* global proc index */
} nfs3_backend;

static int nfs3b_open(const struct sfs_cfg *cfg, int proc, const char *root, void **ctx,
                      char *err, size_t errlen)
{
    nfs3_backend *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    b->cfg = cfg;
    b->proc = cfg->proc_first + proc;
    const struct nfs3_backend_opts *bo = cfg->backend_opts;
    nfs3_opts o = {
        .target = cfg->target[proc],
        .root = root,
        .uid = sfs_cfg_given(cfg, "uid") ? bo->uid : -1,
        .gid = sfs_cfg_given(cfg, "gid") ? bo->gid : -1,
        .block_size = (uint32_t)bo->block_size,
        .biod_reads = bo->biod_reads,
        .biod_writes = bo->biod_writes,
        .timeout_s = NFS3_RPC_TIMEOUT_S,
        /* a new connection's XIDs start at its first proc's: 2^18 XIDs before
         * ranges of procs of one run (at most 10,000 < 2^14) meet */
        .xid_base = ((uint32_t)b->proc << 18) | 1u,
        /* the procs of this target on this loop, in turn over its connections */
        .share_owner = cfg,
        .share_group = sfs_cfg_loop(cfg, proc) * bo->conns + sfs_cfg_slot(cfg, proc) % bo->conns,
        /* the guide: child debugging comes from the first proc only */
        .debug_cfg = proc == 0 && sfs_debug_on(cfg, SFS_DBG_CHILD_RPC) ? cfg : NULL,
        .debug_proc = b->proc,
        .ride_cfg = cfg,
    };
    b->c = nfs3_open(&o, err, errlen);
    if (!b->c) {
        free(b);
        return -1;
    }
    nfs3_info in;
    nfs3_get_info(b->c, &in);
    sfs_debug(cfg, SFS_DBG_CHILD_SETUP, b->proc,
              "nfs3 %s: fsinfo rtmax=%u rtpref=%u wtmax=%u wtpref=%u dtpref=%u -> rsize=%u wsize=%u biod r/w=%d/%d",
              cfg->target[proc], in.rtmax, in.rtpref, in.wtmax, in.wtpref, in.dtpref, in.rsize,
              in.wsize, bo->biod_reads, bo->biod_writes);
    *ctx = b;
    return 0;
}

static int nfs3b_submit(void *ctx, sfs_req *req)
{
    return nfs3_submit(((nfs3_backend *)ctx)->c, req);
}

static int nfs3b_poll(void *ctx, int64_t timeout_ns)
{
    return nfs3_poll(((nfs3_backend *)ctx)->c, timeout_ns) < 0 ? -1 : 0;
}

static int nfs3b_inflight(void *ctx)
{
    return nfs3_inflight(((nfs3_backend *)ctx)->c);
}

static int nfs3b_pollfd(void *ctx, short *events)
{
    return nfs3_pollfd(((nfs3_backend *)ctx)->c, events);
}

static const char *nfs3b_error(void *ctx)
{
    return nfs3_error(((nfs3_backend *)ctx)->c);
}

static void nfs3b_close(void *ctx)
{
    nfs3_backend *b = ctx;
    if (!b)
        return;
    nfs3_info in;
    nfs3_get_info(b->c, &in);
    sfs_debug(b->cfg, SFS_DBG_CHILD_GENERAL, b->proc,
              "nfs3 close: unstable_writes=%llu commits=%llu verf_changes=%llu extra_lookups=%llu",
              (unsigned long long)in.unstable_writes, (unsigned long long)in.commits,
              (unsigned long long)in.verf_changes, (unsigned long long)in.extra_lookups);
    if (in.verf_changes)
        fprintf(stderr, "sfsengine: proc %d: NFS server restarted during the run (write verifier "
                "changed %llu times); unstable data was re-sent FILE_SYNC\n", b->proc,
                (unsigned long long)in.verf_changes);
    nfs3_close(b->c);
    free(b);
}

/* NFSv3 has no open-file handles: the CIFS table's requests are SMB's */
static const char *nfs3b_op_unavailable(const struct sfs_cfg *cfg, int op)
{
    (void)cfg;
    return op >= SFS_OP_CIFS_ECHO ? "NFSv3 has no SMB requests (no open-file handles)" : NULL;
}

static const char *nfs3b_status_name(int status)
{
    const char *n = nfs3_stat_name(status);
    return strcmp(n, "NFS3ERR_?") == 0 ? NULL : n;
}

static const sfs_backend nfs3_backend_ops = {
    .name = "nfs3",
    .description = "NFSv3 over TCP through libnfs raw asynchronous RPCs",
    .async = 1,
    .caps = SFS_CAP_NETWORK | SFS_CAP_NFS_RPC,
    .ops = SFS_OPS_NFS,
    .standard_workload = "sfs2008-nfs",
    .options = nfs3_options,
    .opts_size = sizeof(struct nfs3_backend_opts),
    .open = nfs3b_open,
    .submit = nfs3b_submit,
    .poll = nfs3b_poll,
    .inflight = nfs3b_inflight,
    .close = nfs3b_close,
    .pollfd = nfs3b_pollfd,
    .error = nfs3b_error,
    .status_name = nfs3b_status_name,
    .op_unavailable = nfs3b_op_unavailable,
};

SFS_REGISTER_BACKEND(nfs3_backend_ops)
