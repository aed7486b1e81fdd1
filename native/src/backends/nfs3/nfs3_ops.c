/* Abstract sfs operations as NFSv3 procedures (RFC 1813), one state machine
 * per request: resolve the handles it needs (cache, else LOOKUP per missing
 * path component), send the procedure, complete from the reply.
 * The mapping is documented in docs/nfs.md. */
#include <errno.h>
#include <string.h>
#include "nfs3_priv.h"

#define ACCESS3_ALL (ACCESS3_READ | ACCESS3_LOOKUP | ACCESS3_MODIFY | ACCESS3_EXTEND | \
                     ACCESS3_DELETE | ACCESS3_EXECUTE)

static nfs_fh3 fh3(nfs3_fh *f)
{
    nfs_fh3 h;
    h.data.data_len = f->len;
    h.data.data_val = f->data;
    return h;
}

static void finish_if_idle(nfs3_op *op)
{
    if (op->outstanding == 0)
        nfs3_op_finish(op);
}

static void attrs(nfs3_op *op, const post_op_attr *a)
{
    if (a->attributes_follow)
        nfs3_attr_from(&op->req->attr, &a->post_op_attr_u.attributes);
}

/* Full cache key of the object a name op creates/looks up: key[i]/name[i]. */
static int obj_key(nfs3_op *op, int i, char *out)
{
    return nfs3_path_join(op->key[i], op->name[i], out, NFS3_PATH_MAX);
}

static void cache_put(nfs3_op *op, int i, const post_op_fh3 *h, const post_op_attr *a)
{
    char k[NFS3_PATH_MAX];
    if (!h->handle_follows || obj_key(op, i, k) < 0)
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

static void cache_size(nfs3_op *op, const post_op_attr *a)
{
    if (!a->attributes_follow)
        return;
    nfs3_fhent *e = nfs3_fhcache_get(&op->c->cache, op->key[0], strlen(op->key[0]));
    if (e) {
        e->size = a->post_op_attr_u.attributes.size;
        e->size_known = 1;
    }
}

/* A handle the server no longer knows: forget it so the next use re-resolves. */
static void on_stale(nfs3_op *op, int st, int i)
{
    if (st == NFS3ERR_STALE || st == NFS3ERR_BADHANDLE)
        if (op->key[i][0])
            nfs3_fhcache_del(&op->c->cache, op->key[i], strlen(op->key[i]));
}

/* ---- path resolution ---------------------------------------------------- */

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
        finish_if_idle(op);
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
        /* longest cached prefix, then LOOKUP the next component */
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
            finish_if_idle(op);
            return;
        }
        size_t cs = p, ce = p;
        while (k[ce] && k[ce] != '/')
            ce++;
        char comp[256];
        if (ce - cs >= sizeof comp) {
            op->status = -ENAMETOOLONG;
            op->proto = NFS3ERR_NAMETOOLONG;
            finish_if_idle(op);
            return;
        }
        memcpy(comp, k + cs, ce - cs);
        comp[ce - cs] = '\0';
        LOOKUP3args a;
        a.what.dir = fh3(&base->fh);
        a.what.name = comp;
        op->resolving = i;
        op->res_len = ce;
        if (nfs3_sent(op, rpc_nfs3_lookup_async(op->c->rpc, resolve_cb, &a, op), "LOOKUP") < 0)
            finish_if_idle(op);
        return;
    }
    op->start(op);
}

/* ---- simple procedures -------------------------------------------------- */

static void null_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc; (void)data;
    nfs3_op *op = priv;
    if (nfs3_reply_ok(op, status))
        finish_if_idle(op);
}

static void start_null(nfs3_op *op)
{
    if (nfs3_sent(op, rpc_nfs3_null_async(op->c->rpc, null_cb, op), "NULL") < 0)
        finish_if_idle(op);
}

static void getattr_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    GETATTR3res *res = data;
    if (res->status == NFS3_OK) {
        nfs3_attr_from(&op->req->attr, &res->GETATTR3res_u.resok.obj_attributes);
        if (op->nkeys) {
            post_op_attr pa = { .attributes_follow = 1 };
            pa.post_op_attr_u.attributes = res->GETATTR3res_u.resok.obj_attributes;
            cache_size(op, &pa);
        }
    } else {
        nfs3_op_error(op, res->status);
        on_stale(op, res->status, 0);
    }
    finish_if_idle(op);
}

static void start_getattr(nfs3_op *op)
{
    GETATTR3args a;
    a.object = fh3(op->nkeys ? &op->fh[0] : &op->c->export_root);
    if (nfs3_sent(op, rpc_nfs3_getattr_async(op->c->rpc, getattr_cb, &a, op), "GETATTR") < 0)
        finish_if_idle(op);
}

static void setattr_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    SETATTR3res *res = data;
    if (res->status == NFS3_OK) {
        attrs(op, &res->SETATTR3res_u.resok.obj_wcc.after);
    } else {
        nfs3_op_error(op, res->status);
        on_stale(op, res->status, 0);
    }
    finish_if_idle(op);
}

static void start_setattr(nfs3_op *op)
{
    SETATTR3args a;
    memset(&a, 0, sizeof a);
    a.object = fh3(&op->fh[0]);
    if (op->req->mode) {
        a.new_attributes.mode.set_it = 1;
        a.new_attributes.mode.set_mode3_u.mode = op->req->mode & 07777;
    }
    a.new_attributes.mtime.set_it = SET_TO_SERVER_TIME;   /* as touch(1) does */
    if (nfs3_sent(op, rpc_nfs3_setattr_async(op->c->rpc, setattr_cb, &a, op), "SETATTR") < 0)
        finish_if_idle(op);
}

static void lookup_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    LOOKUP3res *res = data;
    char k[NFS3_PATH_MAX];
    if (res->status == NFS3_OK) {
        post_op_fh3 h = { .handle_follows = 1 };
        h.post_op_fh3_u.handle = res->LOOKUP3res_u.resok.object;
        cache_put(op, 0, &h, &res->LOOKUP3res_u.resok.obj_attributes);
        attrs(op, &res->LOOKUP3res_u.resok.obj_attributes);
    } else {
        nfs3_op_error(op, res->status);
        if (res->status == NFS3ERR_NOENT && obj_key(op, 0, k) == 0)
            nfs3_fhcache_del(&op->c->cache, k, strlen(k));
        on_stale(op, res->status, 0);
    }
    finish_if_idle(op);
}

static void start_lookup(nfs3_op *op)
{
    LOOKUP3args a;
    a.what.dir = fh3(&op->fh[0]);
    a.what.name = (char *)op->name[0];
    if (nfs3_sent(op, rpc_nfs3_lookup_async(op->c->rpc, lookup_cb, &a, op), "LOOKUP") < 0)
        finish_if_idle(op);
}

static void readlink_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    READLINK3res *res = data;
    if (res->status == NFS3_OK) {
        const char *t = res->READLINK3res_u.resok.data;
        size_t n = t ? strlen(t) : 0;
        op->req->result_bytes = n;
        if (op->req->buf && op->req->length) {  /* the target text, NUL-terminated if room */
            size_t l = n < op->req->length ? n : op->req->length;
            memcpy(op->req->buf, t, l);
            if (l < op->req->length)
                ((char *)op->req->buf)[l] = '\0';
        }
        attrs(op, &res->READLINK3res_u.resok.symlink_attributes);
    } else {
        nfs3_op_error(op, res->status);
        on_stale(op, res->status, 0);
    }
    finish_if_idle(op);
}

static void start_readlink(nfs3_op *op)
{
    READLINK3args a;
    a.symlink = fh3(&op->fh[0]);
    if (nfs3_sent(op, rpc_nfs3_readlink_async(op->c->rpc, readlink_cb, &a, op), "READLINK") < 0)
        finish_if_idle(op);
}

static void access_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    ACCESS3res *res = data;
    if (res->status == NFS3_OK) {
        attrs(op, &res->ACCESS3res_u.resok.obj_attributes);
        op->req->result_bytes = res->ACCESS3res_u.resok.access;   /* granted bits */
    } else {
        nfs3_op_error(op, res->status);
        on_stale(op, res->status, 0);
    }
    finish_if_idle(op);
}

static void start_access(nfs3_op *op)
{
    ACCESS3args a;
    a.object = fh3(&op->fh[0]);
    a.access = ACCESS3_ALL;
    if (nfs3_sent(op, rpc_nfs3_access_async(op->c->rpc, access_cb, &a, op), "ACCESS") < 0)
        finish_if_idle(op);
}

static void fsstat_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    FSSTAT3res *res = data;
    if (res->status == NFS3_OK) {
        FSSTAT3resok *ok = &res->FSSTAT3res_u.resok;
        attrs(op, &ok->obj_attributes);
        /* bytes available to the user; total goes to attr.size for sanity checks */
        op->req->result_bytes = ok->abytes;
        op->req->attr.size = ok->tbytes;
    } else {
        nfs3_op_error(op, res->status);
    }
    finish_if_idle(op);
}

static void start_fsstat(nfs3_op *op)
{
    FSSTAT3args a;
    a.fsroot = fh3(&op->fh[0]);
    if (nfs3_sent(op, rpc_nfs3_fsstat_async(op->c->rpc, fsstat_cb, &a, op), "FSSTAT") < 0)
        finish_if_idle(op);
}

static void fsinfo_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    FSINFO3res *res = data;
    if (res->status == NFS3_OK) {
        FSINFO3resok *ok = &res->FSINFO3res_u.resok;
        nfs3_client *c = op->c;
        c->rtmax = ok->rtmax;  c->rtpref = ok->rtpref;
        c->wtmax = ok->wtmax;  c->wtpref = ok->wtpref;
        c->dtpref = ok->dtpref;
        op->req->result_bytes = ok->rtpref;
        op->req->attr.size = ok->rtmax;
    } else {
        nfs3_op_error(op, res->status);
    }
    finish_if_idle(op);
}

static void start_fsinfo(nfs3_op *op)
{
    FSINFO3args a;
    a.fsroot = fh3(&op->fh[0]);
    if (nfs3_sent(op, rpc_nfs3_fsinfo_async(op->c->rpc, fsinfo_cb, &a, op), "FSINFO") < 0)
        finish_if_idle(op);
}

static void pathconf_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    PATHCONF3res *res = data;
    if (res->status == NFS3_OK) {
        attrs(op, &res->PATHCONF3res_u.resok.obj_attributes);
        op->req->result_bytes = res->PATHCONF3res_u.resok.name_max;
    } else {
        nfs3_op_error(op, res->status);
    }
    finish_if_idle(op);
}

static void start_pathconf(nfs3_op *op)
{
    PATHCONF3args a;
    a.object = fh3(&op->fh[0]);
    if (nfs3_sent(op, rpc_nfs3_pathconf_async(op->c->rpc, pathconf_cb, &a, op), "PATHCONF") < 0)
        finish_if_idle(op);
}

/* ---- creating and removing names ---------------------------------------- */

/* An object that already exists (EXIST): look it up so its handle is cached. */
static void exist_lookup(nfs3_op *op)
{
    LOOKUP3args a;
    a.what.dir = fh3(&op->fh[0]);
    a.what.name = (char *)op->name[0];
    nfs3_sent(op, rpc_nfs3_lookup_async(op->c->rpc, lookup_cb, &a, op), "LOOKUP");
}

#define CREATED_CB(fn, RES, u)                                                   \
static void fn(struct rpc_context *rpc, int status, void *data, void *priv)      \
{                                                                                \
    (void)rpc;                                                                   \
    nfs3_op *op = priv;                                                          \
    if (!nfs3_reply_ok(op, status))                                              \
        return;                                                                  \
    RES *res = data;                                                             \
    if (res->status == NFS3_OK) {                                                \
        cache_put(op, 0, &res->u.resok.obj, &res->u.resok.obj_attributes);       \
        attrs(op, &res->u.resok.obj_attributes);                                 \
        if (!res->u.resok.obj.handle_follows)                                    \
            exist_lookup(op);                                                    \
    } else {                                                                     \
        nfs3_op_error(op, res->status);                                          \
        on_stale(op, res->status, 0);                                            \
        if (res->status == NFS3ERR_EXIST)                                        \
            exist_lookup(op);                                                    \
    }                                                                            \
    finish_if_idle(op);                                                          \
}
CREATED_CB(create_cb, CREATE3res, CREATE3res_u)
CREATED_CB(mkdir_cb, MKDIR3res, MKDIR3res_u)
CREATED_CB(symlink_cb, SYMLINK3res, SYMLINK3res_u)
CREATED_CB(mknod_cb, MKNOD3res, MKNOD3res_u)

static void set_mode(sattr3 *s, uint32_t mode)
{
    memset(s, 0, sizeof *s);
    s->mode.set_it = 1;
    s->mode.set_mode3_u.mode = mode & 07777;
}

static void start_create(nfs3_op *op)
{
    CREATE3args a;
    memset(&a, 0, sizeof a);
    a.where.dir = fh3(&op->fh[0]);
    a.where.name = (char *)op->name[0];
    a.how.mode = GUARDED;               /* a new file: NFS3ERR_EXIST if the name is taken */
    set_mode(&a.how.createhow3_u.obj_attributes, op->req->mode ? op->req->mode : 0644);
    if (nfs3_sent(op, rpc_nfs3_create_async(op->c->rpc, create_cb, &a, op), "CREATE") < 0)
        finish_if_idle(op);
}

static void start_mkdir(nfs3_op *op)
{
    MKDIR3args a;
    a.where.dir = fh3(&op->fh[0]);
    a.where.name = (char *)op->name[0];
    set_mode(&a.attributes, op->req->mode ? op->req->mode : 0755);
    if (nfs3_sent(op, rpc_nfs3_mkdir_async(op->c->rpc, mkdir_cb, &a, op), "MKDIR") < 0)
        finish_if_idle(op);
}

static void start_symlink(nfs3_op *op)
{
    SYMLINK3args a;
    a.where.dir = fh3(&op->fh[0]);
    a.where.name = (char *)op->name[0];
    set_mode(&a.symlink.symlink_attributes, 0777);
    a.symlink.symlink_data = (char *)(op->req->path2 ? op->req->path2 : "");
    if (nfs3_sent(op, rpc_nfs3_symlink_async(op->c->rpc, symlink_cb, &a, op), "SYMLINK") < 0)
        finish_if_idle(op);
}

static void start_mknod(nfs3_op *op)
{
    MKNOD3args a;
    memset(&a, 0, sizeof a);
    a.where.dir = fh3(&op->fh[0]);
    a.where.name = (char *)op->name[0];
    a.what.type = NF3FIFO;             /* needs no privilege and no device numbers */
    set_mode(&a.what.mknoddata3_u.pipe_attributes, op->req->mode ? op->req->mode : 0644);
    if (nfs3_sent(op, rpc_nfs3_mknod_async(op->c->rpc, mknod_cb, &a, op), "MKNOD") < 0)
        finish_if_idle(op);
}

static void remove_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    REMOVE3res *res = data;            /* RMDIR3res has the same layout */
    char k[NFS3_PATH_MAX];
    if (res->status != NFS3_OK) {
        nfs3_op_error(op, res->status);
        on_stale(op, res->status, 0);
    }
    if ((res->status == NFS3_OK || res->status == NFS3ERR_NOENT) && obj_key(op, 0, k) == 0) {
        if (op->req->op == SFS_OP_RMDIR)
            nfs3_fhcache_del_under(&op->c->cache, k, strlen(k));
        nfs3_fhcache_del(&op->c->cache, k, strlen(k));
    }
    finish_if_idle(op);
}

static void start_remove(nfs3_op *op)
{
    int rc;
    if (op->req->op == SFS_OP_RMDIR) {
        RMDIR3args a;
        a.object.dir = fh3(&op->fh[0]);
        a.object.name = (char *)op->name[0];
        rc = nfs3_sent(op, rpc_nfs3_rmdir_async(op->c->rpc, remove_cb, &a, op), "RMDIR");
    } else {
        REMOVE3args a;
        a.object.dir = fh3(&op->fh[0]);
        a.object.name = (char *)op->name[0];
        rc = nfs3_sent(op, rpc_nfs3_remove_async(op->c->rpc, remove_cb, &a, op), "REMOVE");
    }
    if (rc < 0)
        finish_if_idle(op);
}

static void rename_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    RENAME3res *res = data;
    char from[NFS3_PATH_MAX], to[NFS3_PATH_MAX];
    if (res->status == NFS3_OK && obj_key(op, 0, from) == 0 && obj_key(op, 1, to) == 0 &&
        strcmp(from, to) != 0) {
        nfs3_fhcache *fc = &op->c->cache;
        nfs3_fhcache_del(fc, to, strlen(to));           /* the name it replaced, if any */
        nfs3_fhent *e = nfs3_fhcache_get(fc, from, strlen(from));
        if (e) {
            nfs3_fh fh = e->fh;
            int dir = e->is_dir;
            if (dir)
                nfs3_fhcache_del_under(fc, from, strlen(from));
            nfs3_fhcache_del(fc, from, strlen(from));
            nfs3_fhcache_put(fc, to, strlen(to), fh.data, fh.len, dir);
        }
    } else if (res->status != NFS3_OK) {
        nfs3_op_error(op, res->status);
        on_stale(op, res->status, 0);
    }
    finish_if_idle(op);
}

static void start_rename(nfs3_op *op)
{
    RENAME3args a;
    a.from.dir = fh3(&op->fh[0]);
    a.from.name = (char *)op->name[0];
    a.to.dir = fh3(&op->fh[1]);
    a.to.name = (char *)op->name[1];
    if (nfs3_sent(op, rpc_nfs3_rename_async(op->c->rpc, rename_cb, &a, op), "RENAME") < 0)
        finish_if_idle(op);
}

static void link_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    LINK3res *res = data;
    char k[NFS3_PATH_MAX];
    if (res->status == NFS3_OK) {
        attrs(op, &res->LINK3res_u.resok.file_attributes);
        if (obj_key(op, 1, k) == 0)
            nfs3_fhcache_put(&op->c->cache, k, strlen(k), op->fh[0].data, op->fh[0].len, 0);
    } else {
        nfs3_op_error(op, res->status);
        on_stale(op, res->status, 0);
    }
    finish_if_idle(op);
}

static void start_link(nfs3_op *op)
{
    LINK3args a;
    a.file = fh3(&op->fh[0]);
    a.link.dir = fh3(&op->fh[1]);
    a.link.name = (char *)op->name[1];
    if (nfs3_sent(op, rpc_nfs3_link_async(op->c->rpc, link_cb, &a, op), "LINK") < 0)
        finish_if_idle(op);
}

/* ---- directory listing: as many RPCs as the directory needs ------------- */

static void readdir_next(nfs3_op *op);

static void readdir_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    int eof = 1;
    if (op->req->op == SFS_OP_READDIRPLUS) {
        READDIRPLUS3res *res = data;
        if (res->status == NFS3_OK) {
            READDIRPLUS3resok *ok = &res->READDIRPLUS3res_u.resok;
            for (entryplus3 *e = ok->reply.entries; e; e = e->nextentry) {
                op->req->result_bytes++;
                if (op->req->entry && strcmp(e->name, ".") != 0 && strcmp(e->name, "..") != 0)
                    op->req->entry(op->req, e->name);
                op->cookie = e->cookie;
            }
            memcpy(op->cookieverf, ok->cookieverf, sizeof op->cookieverf);
            eof = ok->reply.eof || !ok->reply.entries;
        } else {
            nfs3_op_error(op, res->status);
            on_stale(op, res->status, 0);
        }
    } else {
        READDIR3res *res = data;
        if (res->status == NFS3_OK) {
            READDIR3resok *ok = &res->READDIR3res_u.resok;
            for (entry3 *e = ok->reply.entries; e; e = e->nextentry) {
                op->req->result_bytes++;
                if (op->req->entry && strcmp(e->name, ".") != 0 && strcmp(e->name, "..") != 0)
                    op->req->entry(op->req, e->name);
                op->cookie = e->cookie;
            }
            memcpy(op->cookieverf, ok->cookieverf, sizeof op->cookieverf);
            eof = ok->reply.eof || !ok->reply.entries;
        } else {
            nfs3_op_error(op, res->status);
            on_stale(op, res->status, 0);
        }
    }
    if (op->status == 0 && !eof)
        readdir_next(op);
    finish_if_idle(op);
}

static void readdir_next(nfs3_op *op)
{
    int rc;
    if (op->req->op == SFS_OP_READDIRPLUS) {
        READDIRPLUS3args a;
        a.dir = fh3(&op->fh[0]);
        a.cookie = op->cookie;
        memcpy(a.cookieverf, op->cookieverf, sizeof a.cookieverf);
        a.dircount = op->c->dtpref;
        a.maxcount = op->c->dtpref * 4;
        rc = nfs3_sent(op, rpc_nfs3_readdirplus_async(op->c->rpc, readdir_cb, &a, op),
                       "READDIRPLUS");
    } else {
        READDIR3args a;
        a.dir = fh3(&op->fh[0]);
        a.cookie = op->cookie;
        memcpy(a.cookieverf, op->cookieverf, sizeof a.cookieverf);
        a.count = op->c->dtpref;
        rc = nfs3_sent(op, rpc_nfs3_readdir_async(op->c->rpc, readdir_cb, &a, op), "READDIR");
    }
    if (rc < 0)
        finish_if_idle(op);
}

static void start_readdir(nfs3_op *op)
{
    op->cookie = 0;
    memset(op->cookieverf, 0, sizeof op->cookieverf);
    readdir_next(op);
}

/* ---- READ: physical RPCs of the negotiated size, biod_reads in flight ---- */

static nfs3_chunk *chunk_get(nfs3_op *op, uint64_t off, uint32_t len)
{
    for (int i = 0; i < NFS3_MAX_DEPTH; i++) {
        nfs3_chunk *k = &op->chunks[i];
        if (!k->used) {
            k->op = op;
            k->off = off;
            k->len = len;
            k->used = 1;
            return k;
        }
    }
    return NULL;                        /* cannot happen: depth <= NFS3_MAX_DEPTH */
}

static void read_issue(nfs3_op *op);
static void read_send(nfs3_op *op, uint64_t off, uint32_t n);

static void read_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_chunk *k = priv;
    nfs3_op *op = k->op;
    k->used = 0;
    if (!nfs3_reply_ok(op, status))
        return;
    READ3res *res = data;
    if (res->status == NFS3_OK) {
        READ3resok *ok = &res->READ3res_u.resok;
        uint32_t n = ok->count <= k->len ? ok->count : k->len;
        if (op->req->buf && ok->data.data_val)
            memcpy((char *)op->req->buf + (k->off - op->off), ok->data.data_val,
                   n <= ok->data.data_len ? n : ok->data.data_len);
        op->bytes += n;
        if (ok->eof)
            op->eof = 1;
        else if (n < k->len)            /* short read inside the file: fetch the rest */
            read_send(op, k->off + n, k->len - n);
        attrs(op, &ok->file_attributes);
    } else {
        nfs3_op_error(op, res->status);
        on_stale(op, res->status, 0);
    }
    read_issue(op);
    finish_if_idle(op);
}

static void read_send(nfs3_op *op, uint64_t off, uint32_t n)
{
    nfs3_chunk *k = chunk_get(op, off, n);
    if (!k) {
        nfs3_op_error(op, NFS3ERR_SERVERFAULT);
        return;
    }
    READ3args a;
    a.file = fh3(&op->fh[0]);
    a.offset = off;
    a.count = n;
    if (nfs3_sent(op, rpc_nfs3_read_async(op->c->rpc, read_cb, &a, k), "READ") < 0)
        k->used = 0;
}

static void read_issue(nfs3_op *op)
{
    while (op->status == 0 && !op->eof && op->pos < op->end && op->outstanding < op->depth) {
        uint64_t n = op->end - op->pos;
        if (n > op->chunk)
            n = op->chunk;
        uint64_t off = op->pos;
        op->pos += n;
        read_send(op, off, (uint32_t)n);
    }
    if (op->outstanding == 0)
        op->req->result_bytes = op->bytes;
}

static int depth(int biod)
{
    return biod < 1 ? 1 : biod > NFS3_MAX_DEPTH ? NFS3_MAX_DEPTH : biod;
}

static void start_read(nfs3_op *op)
{
    op->off = op->pos = op->req->offset;
    op->end = op->req->offset + op->req->length;
    op->chunk = op->c->rsize;
    op->depth = depth(op->c->biod_r);
    read_issue(op);
    finish_if_idle(op);
}

/* ---- WRITE: biod_writes in flight; one COMMIT if the server answered UNSTABLE ---- */

static void write_issue(nfs3_op *op);

static void commit_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    COMMIT3res *res = data;
    nfs3_client *c = op->c;
    if (res->status == NFS3_OK) {
        attrs(op, &res->COMMIT3res_u.resok.file_wcc.after);
        cache_size(op, &res->COMMIT3res_u.resok.file_wcc.after);
        const char *v = res->COMMIT3res_u.resok.verf;
        if (op->req->op == SFS_OP_COMMIT) {
            if (c->have_verf && memcmp(v, c->verf, NFS3_WRITEVERFSIZE) != 0)
                c->info.verf_changes++;
            memcpy(c->verf, v, NFS3_WRITEVERFSIZE);
            c->have_verf = 1;
        } else if (op->verf_set && memcmp(v, op->verf, NFS3_WRITEVERFSIZE) != 0 && !op->resent) {
            /* the server restarted between WRITE and COMMIT: the unstable data
             * may be lost, so send the range again, FILE_SYNC (RFC 1813 3.3.21) */
            c->info.verf_changes++;
            memcpy(c->verf, v, NFS3_WRITEVERFSIZE);
            op->resent = 1;
            op->pos = op->off;
            op->bytes = 0;
            op->stable = FILE_SYNC;
            op->need_commit = 0;
            write_issue(op);
        }
    } else {
        nfs3_op_error(op, res->status);
        on_stale(op, res->status, 0);
    }
    finish_if_idle(op);
}

static void send_commit(nfs3_op *op, uint64_t off, uint64_t count)
{
    COMMIT3args a;
    a.file = fh3(&op->fh[0]);
    a.offset = off;
    a.count = count > UINT32_MAX ? 0 : (uint32_t)count;
    if (nfs3_sent(op, rpc_nfs3_commit_async(op->c->rpc, commit_cb, &a, op), "COMMIT") == 0)
        op->c->info.commits += op->req->op != SFS_OP_COMMIT;
}

static void write_send(nfs3_op *op, uint64_t off, uint32_t n);

static void write_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_chunk *k = priv;
    nfs3_op *op = k->op;
    k->used = 0;
    if (!nfs3_reply_ok(op, status))
        return;
    WRITE3res *res = data;
    nfs3_client *c = op->c;
    if (res->status == NFS3_OK) {
        WRITE3resok *ok = &res->WRITE3res_u.resok;
        uint32_t n = ok->count <= k->len ? ok->count : k->len;
        op->bytes += n;
        if (n < k->len)                 /* short write: send the rest */
            write_send(op, k->off + n, k->len - n);
        if (ok->committed == UNSTABLE) {
            op->need_commit = 1;
            c->info.unstable_writes++;
        }
        if (c->have_verf && memcmp(ok->verf, c->verf, NFS3_WRITEVERFSIZE) != 0)
            c->info.verf_changes++;            /* restarted since our last write */
        memcpy(c->verf, ok->verf, NFS3_WRITEVERFSIZE);
        c->have_verf = 1;
        if (!op->verf_set) {
            memcpy(op->verf, ok->verf, NFS3_WRITEVERFSIZE);
            op->verf_set = 1;
        }
        attrs(op, &ok->file_wcc.after);
        cache_size(op, &ok->file_wcc.after);
    } else {
        nfs3_op_error(op, res->status);
        on_stale(op, res->status, 0);
    }
    write_issue(op);
    finish_if_idle(op);
}

static void write_send(nfs3_op *op, uint64_t off, uint32_t n)
{
    nfs3_chunk *k = chunk_get(op, off, n);
    if (!k) {
        nfs3_op_error(op, NFS3ERR_SERVERFAULT);
        return;
    }
    WRITE3args a;
    a.file = fh3(&op->fh[0]);
    a.offset = off;
    a.count = n;
    a.stable = op->stable;
    a.data.data_len = n;
    a.data.data_val = op->req->buf ? (char *)op->req->buf + (off - op->off) : op->c->wbuf;
    if (nfs3_sent(op, rpc_nfs3_write_async(op->c->rpc, write_cb, &a, k), "WRITE") < 0)
        k->used = 0;
}

static void write_issue(nfs3_op *op)
{
    while (op->status == 0 && op->pos < op->end && op->outstanding < op->depth) {
        uint64_t n = op->end - op->pos;
        if (n > op->chunk)
            n = op->chunk;
        uint64_t off = op->pos;
        op->pos += n;
        write_send(op, off, (uint32_t)n);
    }
    if (op->status == 0 && op->pos >= op->end && op->outstanding == 0) {
        op->req->result_bytes = op->bytes;
        nfs3_fhent *e = nfs3_fhcache_get(&op->c->cache, op->key[0], strlen(op->key[0]));
        if (op->no_commit) {
            if (op->need_commit && e)
                e->uncommitted = 1;
        } else if (op->need_commit || (e && e->uncommitted && !op->resent)) {
            /* after earlier wrcache data the whole file (offset 0, count 0), else the range */
            int whole = e && e->uncommitted;
            op->need_commit = 0;
            if (e)
                e->uncommitted = 0;
            send_commit(op, whole ? 0 : op->off, whole ? 0 : op->end - op->off);
        }
    }
}

static void start_write(nfs3_op *op)
{
    sfs_req *r = op->req;
    uint64_t off = r->offset;
    if (r->append) {
        nfs3_fhent *e = nfs3_fhcache_get(&op->c->cache, op->key[0], strlen(op->key[0]));
        if (e && e->size_known)
            off = e->size;
    }
    op->off = op->pos = off;
    op->end = off + r->length;
    op->chunk = op->c->wsize;
    op->depth = depth(op->c->biod_w);
    if (r->length > NFS3_LOGICAL_MAX && op->depth < NFS3_INIT_DEPTH)
        op->depth = NFS3_INIT_DEPTH;
    op->stable = r->stable ? FILE_SYNC : UNSTABLE;
    op->no_commit = r->op == SFS_OP_WRCACHE;
    write_issue(op);
    finish_if_idle(op);
}

static void start_commit(nfs3_op *op)
{
    nfs3_fhent *e = nfs3_fhcache_get(&op->c->cache, op->key[0], strlen(op->key[0]));
    if (e)
        e->uncommitted = 0;
    send_commit(op, op->req->offset, op->req->length);   /* 0, 0 = whole file */
    finish_if_idle(op);
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

int nfs3_op_begin(nfs3_op *op)
{
    sfs_req *r = op->req;
    int rc = 0;
    op->nkeys = 1;
    switch (r->op) {
    case SFS_OP_NULL:        op->nkeys = 0; op->start = start_null; break;
    case SFS_OP_ROOT:        op->nkeys = 0; op->start = start_getattr; break;
    case SFS_OP_GETATTR:     op->start = start_getattr;  rc = key_object(op, 0); break;
    case SFS_OP_SETATTR:     op->start = start_setattr;  rc = key_object(op, 0); break;
    case SFS_OP_READLINK:    op->start = start_readlink; rc = key_object(op, 0); break;
    case SFS_OP_READ:        op->start = start_read;     rc = key_object(op, 0); break;
    case SFS_OP_WRCACHE:
    case SFS_OP_WRITE:       op->start = start_write;    rc = key_object(op, 0); break;
    case SFS_OP_ACCESS:      op->start = start_access;   rc = key_object(op, 0); break;
    case SFS_OP_COMMIT:      op->start = start_commit;   rc = key_object(op, 0); break;
    case SFS_OP_READDIR:
    case SFS_OP_READDIRPLUS: op->start = start_readdir;  rc = key_object(op, 0); break;
    case SFS_OP_FSSTAT:      op->start = start_fsstat;   rc = key_object(op, 0); break;
    case SFS_OP_FSINFO:      op->start = start_fsinfo;   rc = key_object(op, 0); break;
    case SFS_OP_PATHCONF:    op->start = start_pathconf; rc = key_object(op, 0); break;
    case SFS_OP_LOOKUP:      op->start = start_lookup;  goto name_op;
    case SFS_OP_CREATE:      op->start = start_create;  goto name_op;
    case SFS_OP_REMOVE:
    case SFS_OP_RMDIR:       op->start = start_remove;  goto name_op;
    case SFS_OP_MKDIR:       op->start = start_mkdir;   goto name_op;
    case SFS_OP_SYMLINK:     op->start = start_symlink; goto name_op;
    case SFS_OP_MKNOD:       op->start = start_mknod;   goto name_op;
    name_op:
        rc = key_name(op, 0, r->dir, r->name, r->path);
        break;
    case SFS_OP_RENAME:                 /* path (old) -> path2 (new) */
        op->start = start_rename;
        op->nkeys = 2;
        rc = key_name(op, 0, NULL, NULL, r->path);
        if (rc == 0)
            rc = key_name(op, 1, NULL, NULL, r->path2);
        break;
    case SFS_OP_LINK:
        op->start = start_link;
        op->nkeys = 2;
        rc = key_object(op, 0);
        if (rc == 0)
            rc = key_name(op, 1, NULL, NULL, r->path2);
        break;
    default:
        return -EOPNOTSUPP;            /* CIFS-only operations */
    }
    if (rc < 0)
        return rc;
    resolve(op);
    return 0;
}
