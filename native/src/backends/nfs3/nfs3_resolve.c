/* From a request to resolved file handles: the cache keys a request names,
 * the LOOKUP walk for keys missing from the cache, and which procedure each
 * op starts (nfs3_op_begin).  See nfs3_ops.h. */
#include <errno.h>
#include <string.h>
#include "nfs3_ops.h"
#include "nfs3_conn.h"
#include "outage.h"

/* ---- the handle cache as the procedures see it --------------------------- */

int nfs3_obj_key(nfs3_op *op, int i, char *out)
{
    return nfs3_path_join(op->key[i], op->name[i], out, NFS3_PATH_MAX);
}

void nfs3_attrs(nfs3_op *op, const post_op_attr *a)
{
    if (a->attributes_follow)
        nfs3_attr_from(&op->req->attr, &a->post_op_attr_u.attributes);
}

void nfs3_cache_put(nfs3_op *op, int i, const post_op_fh3 *h, const post_op_attr *a)
{
    char k[NFS3_PATH_MAX];
    if (!h->handle_follows || nfs3_obj_key(op, i, k) < 0)
        return;
    const nfs_fh3 *f = &h->post_op_fh3_u.handle;
    int dir = a->attributes_follow && a->post_op_attr_u.attributes.type == NF3DIR;
    nfs3_fhent *e = nfs3_fhcache_put(&op->c->cache, k, strlen(k), f->data.data_val,
                                     f->data.data_len, dir);
    if (e && a->attributes_follow) {
        e->size = a->post_op_attr_u.attributes.size;
        e->size_known = 1;
    }
}

void nfs3_cache_size(nfs3_op *op, const post_op_attr *a)
{
    if (!a->attributes_follow)
        return;
    nfs3_fhent *e = nfs3_fhcache_get(&op->c->cache, op->key[0], strlen(op->key[0]));
    if (e) {
        e->size = a->post_op_attr_u.attributes.size;
        e->size_known = 1;
    }
}

void nfs3_on_stale(nfs3_op *op, int st, int i)
{
    if (!nfs3_stale(st))
        return;
    if (op->key[i][0])
        nfs3_fhcache_del(&op->c->cache, op->key[i], strlen(op->key[i]));
    /* a server that lost its state in an outage: the handle is looked up again */
    if (op->c->conn->reconnected && !op->stale_retried)
        sfs_outage_count(op->c->conn->ride_cfg, SFS_OUTAGE_WHAT_REOPENED, 1);
}

/* ---- path resolution ------------------------------------------------------ */

static void resolve(nfs3_op *op);

static void resolve_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    nfs3_op *op = priv;
    (void)rpc;
    if (!nfs3_reply_ok(op, status))
        return;
    LOOKUP3res *res = data;
    int i = op->resolving;
    if (res->status != NFS3_OK) {
        nfs3_op_error(op, res->status);
        nfs3_finish_if_idle(op);
        return;
    }
    const nfs_fh3 *f = &res->LOOKUP3res_u.resok.object;
    const post_op_attr *a = &res->LOOKUP3res_u.resok.obj_attributes;
    int dir = a->attributes_follow && a->post_op_attr_u.attributes.type == NF3DIR;
    nfs3_fhcache_put(&op->c->cache, op->key[i], op->res_len, f->data.data_val,
                     f->data.data_len, dir);
    op->c->info.extra_lookups++;
    resolve(op);
}

/* Every key's handle from the cache, else LOOKUP the first missing component
 * below its longest cached prefix (one RPC at a time); then op->start. */
static void resolve(nfs3_op *op)
{
    nfs3_fhcache *fc = &op->c->cache;
    for (int i = 0; i < op->nkeys; i++) {
        if (op->have[i])
            continue;
        const char *k = op->key[i];
        size_t len = strlen(k);
        nfs3_fhent *e = nfs3_fhcache_get(fc, k, len);
        if (e) {
            op->fh[i] = e->fh;
            op->have[i] = 1;
            continue;
        }
        size_t p = len;
        nfs3_fhent *base = NULL;
        while (!base) {
            while (p > 0 && k[p - 1] != '/')
                p--;
            size_t plen = p ? p - 1 : 0;
            base = nfs3_fhcache_get(fc, k, plen);
            if (!base && p == 0)
                break;
            if (!base)
                p = plen;
        }
        if (!base) {                    /* proc root missing from the cache */
            op->status = -ESTALE;
            op->proto = NFS3ERR_STALE;
            nfs3_finish_if_idle(op);
            return;
        }
        size_t cs = p, ce = p;
        while (k[ce] && k[ce] != '/')
            ce++;
        char comp[256];
        if (ce - cs >= sizeof comp) {
            op->status = -ENAMETOOLONG;
            op->proto = NFS3ERR_NAMETOOLONG;
            nfs3_finish_if_idle(op);
            return;
        }
        memcpy(comp, k + cs, ce - cs);
        comp[ce - cs] = '\0';
        LOOKUP3args a;
        a.what.dir = nfs3_fh3(&base->fh);
        a.what.name = comp;
        op->resolving = i;
        op->res_len = ce;
        if (nfs3_sent(op, rpc_nfs3_lookup_async(op->c->rpc, resolve_cb, &a, op), "LOOKUP") < 0)
            nfs3_finish_if_idle(op);
        return;
    }
    op->start(op);
}

/* ---- request -> keys ------------------------------------------------------ */

/* object path: req->path, else dir/name */
static int key_object(nfs3_op *op, int i)
{
    sfs_req *r = op->req;
    int rc = r->path ? nfs3_path_norm(r->path, op->key[i], NFS3_PATH_MAX)
                     : nfs3_path_join(r->dir, r->name, op->key[i], NFS3_PATH_MAX);
    return rc < 0 ? -ENAMETOOLONG : 0;
}

/* parent dir + name: dir/name, else split 'path' */
static int key_name(nfs3_op *op, int i, const char *dir, const char *name, const char *path)
{
    char full[NFS3_PATH_MAX];
    if (name && *name) {
        if (nfs3_path_norm(dir ? dir : "", op->key[i], NFS3_PATH_MAX) < 0 ||
            strlen(name) >= sizeof op->namebuf[i])
            return -ENAMETOOLONG;
        strcpy(op->namebuf[i], name);
    } else {
        if (!path || nfs3_path_norm(path, full, sizeof full) < 0 || !full[0])
            return -EINVAL;
        char *slash = strrchr(full, '/');
        const char *base = slash ? slash + 1 : full;
        if (strlen(base) >= sizeof op->namebuf[i])
            return -ENAMETOOLONG;
        strcpy(op->namebuf[i], base);
        if (slash)
            *slash = '\0';
        else
            full[0] = '\0';
        strcpy(op->key[i], full);
    }
    op->name[i] = op->namebuf[i];
    return 0;
}

/* What an op names, so what must be resolved before its procedure is sent. */
enum keys {
    KEYS_NONE = 1,      /* the export root, nothing to resolve (0 = no entry) */
    KEYS_OBJECT,        /* the object itself */
    KEYS_NAME,          /* parent directory + name */
    KEYS_RENAME,        /* old parent + name, new parent + name (path, path2) */
    KEYS_LINK,          /* the file, new parent + name (path2) */
};

static const struct {
    nfs3_step start;
    enum keys keys;
} begin[SFS_OP_COUNT] = {
    [SFS_OP_NULL]        = { nfs3_start_null,     KEYS_NONE },
    [SFS_OP_ROOT]        = { nfs3_start_getattr,  KEYS_NONE },
    [SFS_OP_GETATTR]     = { nfs3_start_getattr,  KEYS_OBJECT },
    [SFS_OP_SETATTR]     = { nfs3_start_setattr,  KEYS_OBJECT },
    [SFS_OP_READLINK]    = { nfs3_start_readlink, KEYS_OBJECT },
    [SFS_OP_READ]        = { nfs3_start_read,     KEYS_OBJECT },
    [SFS_OP_WRCACHE]     = { nfs3_start_write,    KEYS_OBJECT },
    [SFS_OP_WRITE]       = { nfs3_start_write,    KEYS_OBJECT },
    [SFS_OP_ACCESS]      = { nfs3_start_access,   KEYS_OBJECT },
    [SFS_OP_COMMIT]      = { nfs3_start_commit,   KEYS_OBJECT },
    [SFS_OP_READDIR]     = { nfs3_start_readdir,  KEYS_OBJECT },
    [SFS_OP_READDIRPLUS] = { nfs3_start_readdir,  KEYS_OBJECT },
    [SFS_OP_FSSTAT]      = { nfs3_start_fsstat,   KEYS_OBJECT },
    [SFS_OP_FSINFO]      = { nfs3_start_fsinfo,   KEYS_OBJECT },
    [SFS_OP_PATHCONF]    = { nfs3_start_pathconf, KEYS_OBJECT },
    [SFS_OP_LOOKUP]      = { nfs3_start_lookup,   KEYS_NAME },
    [SFS_OP_CREATE]      = { nfs3_start_create,   KEYS_NAME },
    [SFS_OP_REMOVE]      = { nfs3_start_remove,   KEYS_NAME },
    [SFS_OP_RMDIR]       = { nfs3_start_remove,   KEYS_NAME },
    [SFS_OP_MKDIR]       = { nfs3_start_mkdir,    KEYS_NAME },
    [SFS_OP_SYMLINK]     = { nfs3_start_symlink,  KEYS_NAME },
    [SFS_OP_MKNOD]       = { nfs3_start_mknod,    KEYS_NAME },
    [SFS_OP_RENAME]      = { nfs3_start_rename,   KEYS_RENAME },
    [SFS_OP_LINK]        = { nfs3_start_link,     KEYS_LINK },
    /* the CIFS table's ops have no entry: NFSv3 has no open-file handles */
};

uint64_t nfs3_ops_started(void)
{
    uint64_t ops = 0;
    for (int op = 0; op < SFS_OP_COUNT; op++)
        if (begin[op].start)
            ops |= SFS_OP_BIT(op);
    return ops;
}

int nfs3_op_begin(nfs3_op *op)
{
    sfs_req *r = op->req;
    if (r->op < 0 || r->op >= SFS_OP_COUNT || !begin[r->op].start)
        return -EOPNOTSUPP;
    int rc = 0;
    op->start = begin[r->op].start;
    switch (begin[r->op].keys) {
    case KEYS_NONE:
        op->nkeys = 0;
        break;
    case KEYS_OBJECT:
        op->nkeys = 1;
        rc = key_object(op, 0);
        break;
    case KEYS_NAME:
        op->nkeys = 1;
        rc = key_name(op, 0, r->dir, r->name, r->path);
        break;
    case KEYS_RENAME:
        op->nkeys = 2;
        rc = key_name(op, 0, NULL, NULL, r->path);
        if (rc == 0)
            rc = key_name(op, 1, NULL, NULL, r->path2);
        break;
    case KEYS_LINK:
        op->nkeys = 2;
        rc = key_object(op, 0);
        if (rc == 0)
            rc = key_name(op, 1, NULL, NULL, r->path2);
        break;
    }
    if (rc < 0)
        return rc;
    resolve(op);
    return 0;
}
