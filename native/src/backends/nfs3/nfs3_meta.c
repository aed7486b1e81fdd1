/* The metadata procedures (everything but READ/WRITE/COMMIT, nfs3_io.c).
 * Their replies share one shape: transport status, then NFS3_OK with the
 * procedure's own result, or an error that is recorded and may make a cached
 * handle stale.  nfs3_proc_cb does the common part once; the table 'procs'
 * holds, per procedure, what it does with its result ('ok') and with its
 * error ('fail').  See nfs3_ops.h. */
#include <string.h>
#include "nfs3_ops.h"

#define ACCESS3_ALL (ACCESS3_READ | ACCESS3_LOOKUP | ACCESS3_MODIFY | ACCESS3_EXTEND | \
                     ACCESS3_DELETE | ACCESS3_EXECUTE)

void nfs3_proc_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc;
    nfs3_op *op = priv;
    if (!nfs3_reply_ok(op, status))
        return;
    const struct nfs3_proc *p = op->proc;
    nfsstat3 st = *(const nfsstat3 *)((const char *)data + p->status_off);
    if (st == NFS3_OK) {
        p->ok(op, (char *)data + p->resok_off);
    } else {
        nfs3_op_error(op, st);
        if (p->forget_stale)
            nfs3_on_stale(op, st, 0);
        if (p->fail)
            p->fail(op, st);
    }
    nfs3_finish_if_idle(op);
}

/* ---- each procedure's result ---------------------------------------------- */

static void getattr_ok(nfs3_op *op, void *r)
{
    GETATTR3resok *ok = r;
    nfs3_attr_from(&op->req->attr, &ok->obj_attributes);
    if (op->nkeys) {
        post_op_attr pa = { .attributes_follow = 1 };
        pa.post_op_attr_u.attributes = ok->obj_attributes;
        nfs3_cache_size(op, &pa);
    }
}

static void setattr_ok(nfs3_op *op, void *r)
{
    nfs3_attrs(op, &((SETATTR3resok *)r)->obj_wcc.after);
}

static void lookup_ok(nfs3_op *op, void *r)
{
    LOOKUP3resok *ok = r;
    post_op_fh3 h = { .handle_follows = 1 };
    h.post_op_fh3_u.handle = ok->object;
    nfs3_cache_put(op, 0, &h, &ok->obj_attributes);
    nfs3_attrs(op, &ok->obj_attributes);
}

/* the name is gone: so is its cached handle */
static void forget_name(nfs3_op *op)
{
    char k[NFS3_PATH_MAX];
    if (nfs3_obj_key(op, 0, k) == 0) {
        if (op->req->op == SFS_OP_RMDIR)
            nfs3_fhcache_del_under(&op->c->cache, k, strlen(k));
        nfs3_fhcache_del(&op->c->cache, k, strlen(k));
    }
}

static void noent_fail(nfs3_op *op, int st)
{
    if (st == NFS3ERR_NOENT)
        forget_name(op);
}

static void readlink_ok(nfs3_op *op, void *r)
{
    READLINK3resok *ok = r;
    const char *t = ok->data;
    size_t n = t ? strlen(t) : 0;
    op->req->result_bytes = n;
    if (op->req->buf && op->req->length) {  /* the target text, NUL-terminated if room */
        size_t l = n < op->req->length ? n : op->req->length;
        memcpy(op->req->buf, t, l);
        if (l < op->req->length)
            ((char *)op->req->buf)[l] = '\0';
    }
    nfs3_attrs(op, &ok->symlink_attributes);
}

static void access_ok(nfs3_op *op, void *r)
{
    ACCESS3resok *ok = r;
    nfs3_attrs(op, &ok->obj_attributes);
    op->req->result_bytes = ok->access;     /* granted bits */
}

static void fsstat_ok(nfs3_op *op, void *r)
{
    FSSTAT3resok *ok = r;
    nfs3_attrs(op, &ok->obj_attributes);
    /* bytes available to the user; total goes to attr.size for sanity checks */
    op->req->result_bytes = ok->abytes;
    op->req->attr.size = ok->tbytes;
}

static void fsinfo_ok(nfs3_op *op, void *r)
{
    FSINFO3resok *ok = r;
    nfs3_client *c = op->c;
    c->rtmax = ok->rtmax;  c->rtpref = ok->rtpref;
    c->wtmax = ok->wtmax;  c->wtpref = ok->wtpref;
    c->dtpref = ok->dtpref;
    op->req->result_bytes = ok->rtpref;
    op->req->attr.size = ok->rtmax;
}

static void pathconf_ok(nfs3_op *op, void *r)
{
    PATHCONF3resok *ok = r;
    nfs3_attrs(op, &ok->obj_attributes);
    op->req->result_bytes = ok->name_max;
}

/* An object that already exists (EXIST), or whose handle the reply left out:
 * look it up so its handle is cached. */
static void exist_lookup(nfs3_op *op);

static void created(nfs3_op *op, const post_op_fh3 *obj, const post_op_attr *a)
{
    nfs3_cache_put(op, 0, obj, a);
    nfs3_attrs(op, a);
    if (!obj->handle_follows)
        exist_lookup(op);
}

static void create_ok(nfs3_op *op, void *r)
{
    created(op, &((CREATE3resok *)r)->obj, &((CREATE3resok *)r)->obj_attributes);
}

static void mkdir_ok(nfs3_op *op, void *r)
{
    created(op, &((MKDIR3resok *)r)->obj, &((MKDIR3resok *)r)->obj_attributes);
}

static void symlink_ok(nfs3_op *op, void *r)
{
    created(op, &((SYMLINK3resok *)r)->obj, &((SYMLINK3resok *)r)->obj_attributes);
}

static void mknod_ok(nfs3_op *op, void *r)
{
    created(op, &((MKNOD3resok *)r)->obj, &((MKNOD3resok *)r)->obj_attributes);
}

static void create_fail(nfs3_op *op, int st)
{
    if (st == NFS3ERR_EXIST)
        exist_lookup(op);
}

static void remove_ok(nfs3_op *op, void *r)
{
    (void)r;
    forget_name(op);
}

static void rename_ok(nfs3_op *op, void *r)
{
    (void)r;
    char from[NFS3_PATH_MAX], to[NFS3_PATH_MAX];
    if (nfs3_obj_key(op, 0, from) < 0 || nfs3_obj_key(op, 1, to) < 0 || strcmp(from, to) == 0)
        return;
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
}

static void link_ok(nfs3_op *op, void *r)
{
    char k[NFS3_PATH_MAX];
    nfs3_attrs(op, &((LINK3resok *)r)->file_attributes);
    if (nfs3_obj_key(op, 1, k) == 0)
        nfs3_fhcache_put(&op->c->cache, k, strlen(k), op->fh[0].data, op->fh[0].len, 0);
}

/* a directory listing takes as many RPCs as the directory needs */
static void readdir_next(nfs3_op *op);

static void readdir_page(nfs3_op *op, int eof)
{
    if (op->status == 0 && !eof)
        readdir_next(op);
}

/* One entry of a listing.  libnfs decodes the entries into its own arena at
 * 4-byte (XDR) alignment, below what the structs need: each is copied out
 * before its fields are read. */
static void listed(nfs3_op *op, const char *name, uint64_t cookie)
{
    op->req->result_bytes++;
    if (op->req->entry && strcmp(name, ".") != 0 && strcmp(name, "..") != 0)
        op->req->entry(op->req, name);
    op->cookie = cookie;
}

static void readdir_ok(nfs3_op *op, void *r)
{
    READDIR3resok *ok = r;
    entry3 e;
    for (const entry3 *p = ok->reply.entries; p; p = e.nextentry) {
        memcpy(&e, p, sizeof e);
        listed(op, e.name, e.cookie);
    }
    memcpy(op->cookieverf, ok->cookieverf, sizeof op->cookieverf);
    readdir_page(op, ok->reply.eof || !ok->reply.entries);
}

static void readdirplus_ok(nfs3_op *op, void *r)
{
    READDIRPLUS3resok *ok = r;
    entryplus3 e;
    for (const entryplus3 *p = ok->reply.entries; p; p = e.nextentry) {
        memcpy(&e, p, sizeof e);
        listed(op, e.name, e.cookie);
    }
    memcpy(op->cookieverf, ok->cookieverf, sizeof op->cookieverf);
    readdir_page(op, ok->reply.eof || !ok->reply.entries);
}

/* ---- the table -------------------------------------------------------------- */

enum {
    P_GETATTR, P_SETATTR, P_LOOKUP, P_READLINK, P_ACCESS, P_FSSTAT, P_FSINFO, P_PATHCONF,
    P_CREATE, P_MKDIR, P_SYMLINK, P_MKNOD, P_REMOVE, P_RMDIR, P_RENAME, P_LINK,
    P_READDIR, P_READDIRPLUS, P_COUNT
};

/* forget_stale 0: FSSTAT/FSINFO/PATHCONF address the file system, not an
 * object whose handle the cache would have to drop */
static const struct nfs3_proc procs[P_COUNT] = {
    [P_GETATTR]     = NFS3_PROC("GETATTR",     GETATTR3res,     1, getattr_ok,     NULL),
    [P_SETATTR]     = NFS3_PROC("SETATTR",     SETATTR3res,     1, setattr_ok,     NULL),
    [P_LOOKUP]      = NFS3_PROC("LOOKUP",      LOOKUP3res,      1, lookup_ok,      noent_fail),
    [P_READLINK]    = NFS3_PROC("READLINK",    READLINK3res,    1, readlink_ok,    NULL),
    [P_ACCESS]      = NFS3_PROC("ACCESS",      ACCESS3res,      1, access_ok,      NULL),
    [P_FSSTAT]      = NFS3_PROC("FSSTAT",      FSSTAT3res,      0, fsstat_ok,      NULL),
    [P_FSINFO]      = NFS3_PROC("FSINFO",      FSINFO3res,      0, fsinfo_ok,      NULL),
    [P_PATHCONF]    = NFS3_PROC("PATHCONF",    PATHCONF3res,    0, pathconf_ok,    NULL),
    [P_CREATE]      = NFS3_PROC("CREATE",      CREATE3res,      1, create_ok,      create_fail),
    [P_MKDIR]       = NFS3_PROC("MKDIR",       MKDIR3res,       1, mkdir_ok,       create_fail),
    [P_SYMLINK]     = NFS3_PROC("SYMLINK",     SYMLINK3res,     1, symlink_ok,     create_fail),
    [P_MKNOD]       = NFS3_PROC("MKNOD",       MKNOD3res,       1, mknod_ok,       create_fail),
    [P_REMOVE]      = NFS3_PROC("REMOVE",      REMOVE3res,      1, remove_ok,      noent_fail),
    [P_RMDIR]       = NFS3_PROC("RMDIR",       RMDIR3res,       1, remove_ok,      noent_fail),
    [P_RENAME]      = NFS3_PROC("RENAME",      RENAME3res,      1, rename_ok,      NULL),
    [P_LINK]        = NFS3_PROC("LINK",        LINK3res,        1, link_ok,        NULL),
    [P_READDIR]     = NFS3_PROC("READDIR",     READDIR3res,     1, readdir_ok,     NULL),
    [P_READDIRPLUS] = NFS3_PROC("READDIRPLUS", READDIRPLUS3res, 1, readdirplus_ok, NULL),
};

/* ---- sending ----------------------------------------------------------------- */

/* 'rc' is NFS3_CALL's: a procedure libnfs refused ends the op now */
static void sent(nfs3_op *op, int rc)
{
    if (rc < 0)
        nfs3_finish_if_idle(op);
}

static void null_cb(struct rpc_context *rpc, int status, void *data, void *priv)
{
    (void)rpc; (void)data;
    nfs3_op *op = priv;                 /* NULL's reply has no status */
    if (nfs3_reply_ok(op, status))
        nfs3_finish_if_idle(op);
}

void nfs3_start_null(nfs3_op *op)
{
    sent(op, nfs3_sent(op, rpc_nfs3_null_async(op->c->rpc, null_cb, op), "NULL"));
}

void nfs3_start_getattr(nfs3_op *op)
{
    GETATTR3args a;
    a.object = nfs3_fh3(op->nkeys ? &op->fh[0] : &op->c->export_root);
    sent(op, NFS3_CALL(op, &procs[P_GETATTR], rpc_nfs3_getattr_async, &a));
}

void nfs3_start_setattr(nfs3_op *op)
{
    SETATTR3args a;
    memset(&a, 0, sizeof a);
    a.object = nfs3_fh3(&op->fh[0]);
    if (op->req->mode) {
        a.new_attributes.mode.set_it = 1;
        a.new_attributes.mode.set_mode3_u.mode = op->req->mode & 07777;
    }
    a.new_attributes.mtime.set_it = SET_TO_SERVER_TIME;   /* as touch(1) does */
    sent(op, NFS3_CALL(op, &procs[P_SETATTR], rpc_nfs3_setattr_async, &a));
}

static int send_lookup(nfs3_op *op)
{
    LOOKUP3args a;
    a.what.dir = nfs3_fh3(&op->fh[0]);
    a.what.name = (char *)op->name[0];
    return NFS3_CALL(op, &procs[P_LOOKUP], rpc_nfs3_lookup_async, &a);
}

void nfs3_start_lookup(nfs3_op *op)
{
    sent(op, send_lookup(op));
}

/* called inside a reply, which completes the op when nothing is in flight */
static void exist_lookup(nfs3_op *op)
{
    send_lookup(op);
}

void nfs3_start_readlink(nfs3_op *op)
{
    READLINK3args a;
    a.symlink = nfs3_fh3(&op->fh[0]);
    sent(op, NFS3_CALL(op, &procs[P_READLINK], rpc_nfs3_readlink_async, &a));
}

void nfs3_start_access(nfs3_op *op)
{
    ACCESS3args a;
    a.object = nfs3_fh3(&op->fh[0]);
    a.access = ACCESS3_ALL;
    sent(op, NFS3_CALL(op, &procs[P_ACCESS], rpc_nfs3_access_async, &a));
}

void nfs3_start_fsstat(nfs3_op *op)
{
    FSSTAT3args a;
    a.fsroot = nfs3_fh3(&op->fh[0]);
    sent(op, NFS3_CALL(op, &procs[P_FSSTAT], rpc_nfs3_fsstat_async, &a));
}

void nfs3_start_fsinfo(nfs3_op *op)
{
    FSINFO3args a;
    a.fsroot = nfs3_fh3(&op->fh[0]);
    sent(op, NFS3_CALL(op, &procs[P_FSINFO], rpc_nfs3_fsinfo_async, &a));
}

void nfs3_start_pathconf(nfs3_op *op)
{
    PATHCONF3args a;
    a.object = nfs3_fh3(&op->fh[0]);
    sent(op, NFS3_CALL(op, &procs[P_PATHCONF], rpc_nfs3_pathconf_async, &a));
}

static void set_mode(sattr3 *s, uint32_t mode)
{
    memset(s, 0, sizeof *s);
    s->mode.set_it = 1;
    s->mode.set_mode3_u.mode = mode & 07777;
}

void nfs3_start_create(nfs3_op *op)
{
    CREATE3args a;
    memset(&a, 0, sizeof a);
    a.where.dir = nfs3_fh3(&op->fh[0]);
    a.where.name = (char *)op->name[0];
    a.how.mode = GUARDED;               /* a new file: NFS3ERR_EXIST if the name is taken */
    set_mode(&a.how.createhow3_u.obj_attributes, op->req->mode ? op->req->mode : 0644);
    sent(op, NFS3_CALL(op, &procs[P_CREATE], rpc_nfs3_create_async, &a));
}

void nfs3_start_mkdir(nfs3_op *op)
{
    MKDIR3args a;
    a.where.dir = nfs3_fh3(&op->fh[0]);
    a.where.name = (char *)op->name[0];
    set_mode(&a.attributes, op->req->mode ? op->req->mode : 0755);
    sent(op, NFS3_CALL(op, &procs[P_MKDIR], rpc_nfs3_mkdir_async, &a));
}

void nfs3_start_symlink(nfs3_op *op)
{
    SYMLINK3args a;
    a.where.dir = nfs3_fh3(&op->fh[0]);
    a.where.name = (char *)op->name[0];
    set_mode(&a.symlink.symlink_attributes, 0777);
    a.symlink.symlink_data = (char *)(op->req->path2 ? op->req->path2 : "");
    sent(op, NFS3_CALL(op, &procs[P_SYMLINK], rpc_nfs3_symlink_async, &a));
}

void nfs3_start_mknod(nfs3_op *op)
{
    MKNOD3args a;
    memset(&a, 0, sizeof a);
    a.where.dir = nfs3_fh3(&op->fh[0]);
    a.where.name = (char *)op->name[0];
    a.what.type = NF3FIFO;             /* needs no privilege and no device numbers */
    set_mode(&a.what.mknoddata3_u.pipe_attributes, op->req->mode ? op->req->mode : 0644);
    sent(op, NFS3_CALL(op, &procs[P_MKNOD], rpc_nfs3_mknod_async, &a));
}

void nfs3_start_remove(nfs3_op *op)
{
    if (op->req->op == SFS_OP_RMDIR) {
        RMDIR3args a;
        a.object.dir = nfs3_fh3(&op->fh[0]);
        a.object.name = (char *)op->name[0];
        sent(op, NFS3_CALL(op, &procs[P_RMDIR], rpc_nfs3_rmdir_async, &a));
    } else {
        REMOVE3args a;
        a.object.dir = nfs3_fh3(&op->fh[0]);
        a.object.name = (char *)op->name[0];
        sent(op, NFS3_CALL(op, &procs[P_REMOVE], rpc_nfs3_remove_async, &a));
    }
}

void nfs3_start_rename(nfs3_op *op)
{
    RENAME3args a;
    a.from.dir = nfs3_fh3(&op->fh[0]);
    a.from.name = (char *)op->name[0];
    a.to.dir = nfs3_fh3(&op->fh[1]);
    a.to.name = (char *)op->name[1];
    sent(op, NFS3_CALL(op, &procs[P_RENAME], rpc_nfs3_rename_async, &a));
}

void nfs3_start_link(nfs3_op *op)
{
    LINK3args a;
    a.file = nfs3_fh3(&op->fh[0]);
    a.link.dir = nfs3_fh3(&op->fh[1]);
    a.link.name = (char *)op->name[1];
    sent(op, NFS3_CALL(op, &procs[P_LINK], rpc_nfs3_link_async, &a));
}

/* inside a reply (readdir_page): the reply completes the op if this fails */
static void readdir_next(nfs3_op *op)
{
    if (op->req->op == SFS_OP_READDIRPLUS) {
        READDIRPLUS3args a;
        a.dir = nfs3_fh3(&op->fh[0]);
        a.cookie = op->cookie;
        memcpy(a.cookieverf, op->cookieverf, sizeof a.cookieverf);
        a.dircount = op->c->dtpref;
        a.maxcount = op->c->dtpref * 4;
        NFS3_CALL(op, &procs[P_READDIRPLUS], rpc_nfs3_readdirplus_async, &a);
    } else {
        READDIR3args a;
        a.dir = nfs3_fh3(&op->fh[0]);
        a.cookie = op->cookie;
        memcpy(a.cookieverf, op->cookieverf, sizeof a.cookieverf);
        a.count = op->c->dtpref;
        NFS3_CALL(op, &procs[P_READDIR], rpc_nfs3_readdir_async, &a);
    }
}

void nfs3_start_readdir(nfs3_op *op)
{
    op->cookie = 0;
    memset(op->cookieverf, 0, sizeof op->cookieverf);
    readdir_next(op);
    nfs3_finish_if_idle(op);
}
