/* Internals shared by the three files that turn sfs requests into NFSv3
 * procedures (RFC 1813; the mapping is documented in docs/nfs.md):
 *   nfs3_resolve.c  request -> cache keys, path resolution (LOOKUP walk),
 *                   which procedure each op starts (nfs3_op_begin)
 *   nfs3_meta.c     the metadata procedures, one table entry each
 *   nfs3_io.c       READ / WRITE / COMMIT (chunks in flight, verifiers)
 * One state machine per request: resolve the handles it needs (cache, else
 * LOOKUP per missing path component), send the procedure, complete from the
 * reply. */
#ifndef SFS_NFS3_OPS_H
#define SFS_NFS3_OPS_H

#include <stddef.h>
#include "nfs3_priv.h"

static inline nfs_fh3 nfs3_fh3(const nfs3_fh *f)
{
    nfs_fh3 h;
    h.data.data_len = f->len;
    h.data.data_val = (char *)f->data;
    return h;
}

/* Complete op once its last RPC has answered. */
static inline void nfs3_finish_if_idle(nfs3_op *op)
{
    if (op->outstanding == 0)
        nfs3_op_finish(op);
}

/* A procedure whose reply is handled by nfs3_proc_cb: the common part
 * (transport status, NFS3_OK or the error, forgetting a stale handle,
 * completion) is shared; 'ok' and 'fail' hold what is the procedure's own. */
struct nfs3_proc {
    const char *name;              /* "GETATTR": logs and transport errors */
    size_t      status_off;        /* offsetof(XXX3res, status) */
    size_t      resok_off;         /* offsetof(XXX3res, XXX3res_u.resok) */
    int         forget_stale;      /* STALE/BADHANDLE drops key[0]'s cached handle */
    void      (*ok)(nfs3_op *op, void *resok);
    void      (*fail)(nfs3_op *op, int nfsstat);   /* after the error is recorded; may be NULL */
};

#define NFS3_PROC(NAME, RES, STALE, OK, FAIL) \
    { NAME, offsetof(RES, status), offsetof(RES, RES##_u.resok), STALE, OK, FAIL }

void nfs3_proc_cb(struct rpc_context *rpc, int status, void *data, void *priv);

/* Send one procedure of the table: op->proc tells nfs3_proc_cb how to read
 * the reply.  0, or -1 if libnfs refused it (the op then carries the error). */
#define NFS3_CALL(op, P, async_fn, args) \
    ((op)->proc = (P), nfs3_sent((op), async_fn((op)->c->rpc, nfs3_proc_cb, (args), (op)), (P)->name))

/* nfs3_resolve.c: the handle cache as the procedures see it */
/* Full cache key of the object a name op creates/looks up: key[i]/name[i]. */
int  nfs3_obj_key(nfs3_op *op, int i, char *out);
/* The reply's attributes into req->attr, if it carried them. */
void nfs3_attrs(nfs3_op *op, const post_op_attr *a);
/* Cache the handle of key[i]/name[i] (create, lookup), with its size. */
void nfs3_cache_put(nfs3_op *op, int i, const post_op_fh3 *h, const post_op_attr *a);
/* Remember key[0]'s size (append writes start there). */
void nfs3_cache_size(nfs3_op *op, const post_op_attr *a);
/* A handle the server no longer knows: forget it so the next use re-resolves. */
void nfs3_on_stale(nfs3_op *op, int nfsstat, int i);

/* The procedure each op starts once its handles are resolved. */
void nfs3_start_null(nfs3_op *op);        /* nfs3_meta.c */
void nfs3_start_getattr(nfs3_op *op);
void nfs3_start_setattr(nfs3_op *op);
void nfs3_start_lookup(nfs3_op *op);
void nfs3_start_readlink(nfs3_op *op);
void nfs3_start_access(nfs3_op *op);
void nfs3_start_fsstat(nfs3_op *op);
void nfs3_start_fsinfo(nfs3_op *op);
void nfs3_start_pathconf(nfs3_op *op);
void nfs3_start_create(nfs3_op *op);
void nfs3_start_mkdir(nfs3_op *op);
void nfs3_start_symlink(nfs3_op *op);
void nfs3_start_mknod(nfs3_op *op);
void nfs3_start_remove(nfs3_op *op);      /* REMOVE or RMDIR */
void nfs3_start_rename(nfs3_op *op);
void nfs3_start_link(nfs3_op *op);
void nfs3_start_readdir(nfs3_op *op);     /* READDIR or READDIRPLUS */
void nfs3_start_read(nfs3_op *op);        /* nfs3_io.c */
void nfs3_start_write(nfs3_op *op);       /* WRITE or WRCACHE */
void nfs3_start_commit(nfs3_op *op);

#endif
