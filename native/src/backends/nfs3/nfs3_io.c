/* READ, WRITE and COMMIT: a logical transfer as physical RPCs of the
 * negotiated size, biod_reads / biod_writes of them in flight (each its own
 * chunk, since replies do not echo the offset), and one COMMIT when the
 * server answered UNSTABLE.  See nfs3_ops.h. */
#include <string.h>
#include "nfs3_ops.h"

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

static int depth(int biod)
{
    return biod < 1 ? 1 : biod > NFS3_MAX_DEPTH ? NFS3_MAX_DEPTH : biod;
}

/* ---- READ --------------------------------------------------------------------- */

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
        nfs3_attrs(op, &ok->file_attributes);
    } else {
        nfs3_op_error(op, res->status);
        nfs3_on_stale(op, res->status, 0);
    }
    read_issue(op);
    nfs3_finish_if_idle(op);
}

static void read_send(nfs3_op *op, uint64_t off, uint32_t n)
{
    nfs3_chunk *k = chunk_get(op, off, n);
    if (!k) {
        nfs3_op_error(op, NFS3ERR_SERVERFAULT);
        return;
    }
    READ3args a;
    a.file = nfs3_fh3(&op->fh[0]);
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

void nfs3_start_read(nfs3_op *op)
{
    op->off = op->pos = op->req->offset;
    op->end = op->req->offset + op->req->length;
    op->chunk = op->c->rsize;
    op->depth = depth(op->c->biod_r);
    read_issue(op);
    nfs3_finish_if_idle(op);
}

/* ---- COMMIT --------------------------------------------------------------------- */

static void write_issue(nfs3_op *op);

static void commit_ok(nfs3_op *op, void *r)
{
    COMMIT3resok *ok = r;
    nfs3_client *c = op->c;
    nfs3_attrs(op, &ok->file_wcc.after);
    nfs3_cache_size(op, &ok->file_wcc.after);
    const char *v = ok->verf;
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
}

/* its reply has the metadata procedures' shape (nfs3_meta.c) */
static const struct nfs3_proc commit_proc = NFS3_PROC("COMMIT", COMMIT3res, 1, commit_ok, NULL);

static void send_commit(nfs3_op *op, uint64_t off, uint64_t count)
{
    COMMIT3args a;
    a.file = nfs3_fh3(&op->fh[0]);
    a.offset = off;
    a.count = count > UINT32_MAX ? 0 : (uint32_t)count;
    if (NFS3_CALL(op, &commit_proc, rpc_nfs3_commit_async, &a) == 0)
        op->c->info.commits += op->req->op != SFS_OP_COMMIT;
}

void nfs3_start_commit(nfs3_op *op)
{
    nfs3_fhent *e = nfs3_fhcache_get(&op->c->cache, op->key[0], strlen(op->key[0]));
    if (e)
        e->uncommitted = 0;
    send_commit(op, op->req->offset, op->req->length);   /* 0, 0 = whole file */
    nfs3_finish_if_idle(op);
}

/* ---- WRITE --------------------------------------------------------------------- */

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
        nfs3_attrs(op, &ok->file_wcc.after);
        nfs3_cache_size(op, &ok->file_wcc.after);
    } else {
        nfs3_op_error(op, res->status);
        nfs3_on_stale(op, res->status, 0);
    }
    write_issue(op);
    nfs3_finish_if_idle(op);
}

static void write_send(nfs3_op *op, uint64_t off, uint32_t n)
{
    nfs3_chunk *k = chunk_get(op, off, n);
    if (!k) {
        nfs3_op_error(op, NFS3ERR_SERVERFAULT);
        return;
    }
    WRITE3args a;
    a.file = nfs3_fh3(&op->fh[0]);
    a.offset = off;
    a.count = n;
    a.stable = op->stable;
    a.data.data_len = n;
    a.data.data_val = op->req->buf ? (char *)op->req->buf + (off - op->off) : (char *)op->c->wbuf;
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

void nfs3_start_write(nfs3_op *op)
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
    nfs3_finish_if_idle(op);
}
