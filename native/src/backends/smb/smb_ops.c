/* One engine request -> the smb_client.h calls that carry it (the op table
 * of docs/smb.md), the same code for both clients. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "config.h"
#include "fileset.h"
#include "smb_ctx.h"

const char *smb_full_path(struct smb_ctx *x, char *buf, const char *rel)
{
    if (!rel || !rel[0])
        snprintf(buf, SMB_PATH_MAX, "%s", x->prefix);
    else if (!x->prefix[0])
        snprintf(buf, SMB_PATH_MAX, "%.1000s", rel);
    else
        snprintf(buf, SMB_PATH_MAX, "%s/%.500s", x->prefix, rel);
    return buf;
}

static int slot_file(struct smb_ctx *x, const sfs_req *req, smb_file **f)
{
    if (req->slot < 0 || req->slot >= SFS_MAX_HANDLES || !x->slot[req->slot])
        return -EBADF;
    *f = x->slot[req->slot];
    return 0;
}

/* open + read/write + close by path (the stateless ops) */
static int path_io(struct smb_ctx *x, sfs_req *req, int write, char *pbuf, smb_result *r)
{
    smb_file *f;
    int rc = x->ops->open(x->c, smb_full_path(x, pbuf, req->path),
                      write ? SMB_OPEN_WRITE : SMB_OPEN_READ, &f, r);
    if (rc < 0)
        return rc;
    uint64_t len = req->length > SFS_XFER_MAX && !req->buf ? SFS_XFER_MAX : req->length;
    /* a write without a buffer sends the write pattern (at most SFS_XFER_MAX bytes) */
    int64_t n = write ? x->ops->write(x->c, f, req->offset,
                                      req->buf ? req->buf : sfs_write_pattern(), len, r)
                      : x->ops->read(x->c, f, req->offset, req->buf ? req->buf : x->rbuf, len, r);
    int crc = x->ops->close(x->c, f, r);
    if (n < 0)
        return (int)n;
    req->result_bytes = (uint64_t)n;
    return crc;
}

static int fs_query(struct smb_ctx *x, sfs_req *req, char *pbuf, smb_result *r)
{
    if (!x->fsinfo) {
        /* a small file kept open in the proc root: libsmbclient asks for
         * file-system information through an open handle */
        smb_file *f;
        int rc = x->ops->open(x->c, smb_full_path(x, pbuf, ".sfs_fsinfo"),
                          SMB_OPEN_READ | SMB_OPEN_WRITE | SMB_OPEN_CREATE | SMB_OPEN_DURABLE, &f, r);
        if (rc < 0)
            return rc;
        if (x->fsinfo)   /* another request of the proc opened it meanwhile */
            x->ops->close(x->c, f, r);
        else
            x->fsinfo = f;
    }
    uint64_t avail = 0;
    int rc = x->ops->query_fs(x->c, x->fsinfo, &avail, r);
    req->result_bytes = avail;
    if (rc == -ESTALE) {   /* lost in an outage (not re-opened): the next query opens it again */
        smb_result gone = { 0 };
        x->ops->close(x->c, x->fsinfo, &gone);
        x->fsinfo = NULL;
    }
    return rc;
}

/* sfs_req's entry callback behind smb_result's */
static void list_entry(void *arg, const char *name)
{
    sfs_req *req = arg;
    req->entry(req, name);
}

int smb_op_uses_slot(int op)
{
    switch (op) {
    case SFS_OP_CIFS_NT_CREATE_ANDX: case SFS_OP_CIFS_CLOSE: case SFS_OP_CIFS_READ_ANDX:
    case SFS_OP_CIFS_WRITE_ANDX: case SFS_OP_CIFS_QUERY_FILE_INFO: case SFS_OP_CIFS_SET_FILE_INFO:
    case SFS_OP_CIFS_FLUSH: case SFS_OP_CIFS_LOCKING_ANDX:
        return 1;
    default:
        return 0;
    }
}

/* The op of req; pbuf and pbuf2 (SMB_PATH_MAX bytes) hold its paths. */
int smb_do_op(struct smb_ctx *x, sfs_req *req, char *pbuf, char *pbuf2, smb_result *r)
{
    smb_file *f;
    int rc;
    int64_t n;
    const char *p = smb_full_path(x, pbuf, req->path);
    switch (req->op) {
    case SFS_OP_ROOT: case SFS_OP_GETATTR: case SFS_OP_LOOKUP: case SFS_OP_ACCESS:
    case SFS_OP_CIFS_QUERY_PATH_INFO:
        return x->ops->stat(x->c, p, &req->attr, r);
    case SFS_OP_SETATTR: {
        /* only the times form (mode 0): SMB has no POSIX mode bits */
        if (req->mode)
            return -ENOTSUP;
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        return x->ops->set_times(x->c, p, (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec, r);
    }
    case SFS_OP_READ:
        return path_io(x, req, 0, pbuf, r);
    case SFS_OP_WRITE: case SFS_OP_WRCACHE:
        return path_io(x, req, 1, pbuf, r);
    case SFS_OP_CREATE:
        rc = x->ops->open(x->c, p, SMB_OPEN_WRITE | SMB_OPEN_CREATE | SMB_OPEN_EXCL, &f, r);
        return rc < 0 ? rc : x->ops->close(x->c, f, r);
    case SFS_OP_REMOVE:
        return x->ops->unlink(x->c, p, r);
    case SFS_OP_RENAME:
        return x->ops->rename(x->c, p, smb_full_path(x, pbuf2, req->path2), r);
    case SFS_OP_MKDIR:
        return x->ops->mkdir(x->c, p, r);
    case SFS_OP_RMDIR:
        return x->ops->rmdir(x->c, p, r);
    case SFS_OP_READDIR: case SFS_OP_READDIRPLUS: case SFS_OP_CIFS_FIND_FIRST2:
        if (req->entry) { r->entry = list_entry; r->entry_arg = req; }
        n = x->ops->list_dir(x->c, p, r);
        if (n < 0) return (int)n;
        req->result_bytes = (uint64_t)n;
        return 0;
    case SFS_OP_FSSTAT: case SFS_OP_CIFS_QUERY_FS_INFO:
        return fs_query(x, req, pbuf, r);
    case SFS_OP_CIFS_NT_CREATE_ANDX:
        if (req->slot < 0 || req->slot >= SFS_MAX_HANDLES) return -EBADF;
        if (x->slot[req->slot]) {
            x->ops->close(x->c, x->slot[req->slot], r);
            x->slot[req->slot] = NULL;
        }
        rc = x->ops->open(x->c, p, SMB_OPEN_READ | SMB_OPEN_WRITE | SMB_OPEN_DURABLE |
                                   (req->mode ? SMB_OPEN_CREATE : 0),
                          &x->slot[req->slot], r);
        if (rc == -EACCES || rc == -EISDIR)
            rc = x->ops->open(x->c, p, SMB_OPEN_READ | SMB_OPEN_DURABLE, &x->slot[req->slot], r);
        if (rc < 0) x->slot[req->slot] = NULL;
        return rc;
    case SFS_OP_CIFS_CLOSE:
        if ((rc = slot_file(x, req, &f)) < 0) return rc;
        x->slot[req->slot] = NULL;
        rc = x->ops->close(x->c, f, r);
        /* riding through an outage: the lost session took the handle with
         * it; the close is done once the connection is made again */
        if (rc == -ENOTCONN && x->ops->await_reconnect && x->ops->await_reconnect(x->c) == 0)
            rc = 0;
        return rc;
    case SFS_OP_CIFS_READ_ANDX: case SFS_OP_CIFS_WRITE_ANDX: {
        if ((rc = slot_file(x, req, &f)) < 0) return rc;
        uint64_t len = req->length > SFS_XFER_MAX && !req->buf ? SFS_XFER_MAX : req->length;
        n = req->op == SFS_OP_CIFS_WRITE_ANDX
            ? x->ops->write(x->c, f, req->offset, req->buf, len, r)
            : x->ops->read(x->c, f, req->offset, req->buf ? req->buf : x->rbuf, len, r);
        if (n < 0) return (int)n;
        req->result_bytes = (uint64_t)n;
        return 0;
    }
    case SFS_OP_CIFS_QUERY_FILE_INFO:
        if ((rc = slot_file(x, req, &f)) < 0) return rc;
        return x->ops->fstat(x->c, f, &req->attr, r);
    case SFS_OP_CIFS_SET_FILE_INFO: {
        /* the handle SET_INFO libsmbclient can issue is end-of-file: set it
         * to 'length', or (length 0) to the current size, keeping the data */
        if ((rc = slot_file(x, req, &f)) < 0) return rc;
        uint64_t eof = req->length;
        if (!eof) {
            if ((rc = x->ops->fstat(x->c, f, &req->attr, r)) < 0) return rc;
            eof = req->attr.size;
        }
        return x->ops->set_eof(x->c, f, eof, r);
    }
    case SFS_OP_CIFS_QUERY_SECDESC:
        if (smb_secdesc_unavailable())
            return -ENOTSUP;
        n = x->ops->get_secdesc(x->c, p, r);
        if (n < 0) return (int)n;
        req->result_bytes = (uint64_t)n;
        return 0;
    case SFS_OP_CIFS_ECHO:
        return x->ops->echo ? x->ops->echo(x->c, r) : -ENOTSUP;
    case SFS_OP_CIFS_FLUSH:
        if (!x->ops->flush) return -ENOTSUP;
        if ((rc = slot_file(x, req, &f)) < 0) return rc;
        return x->ops->flush(x->c, f, r);
    case SFS_OP_CIFS_LOCKING_ANDX:
        if (!x->ops->lock) return -ENOTSUP;
        if ((rc = slot_file(x, req, &f)) < 0) return rc;
        return x->ops->lock(x->c, f, req->offset, req->length, req->mode != 0, r);
    default:
        /* null, readlink, link, symlink, mknod, commit, fsinfo, pathconf */
        return -ENOTSUP;
    }
}

void smb_execute(struct smb_ctx *x, sfs_req *req, char *pbuf, char *pbuf2)
{
    smb_result r = { 0 };
    req->result_bytes = 0;
    int rc = smb_do_op(x, req, pbuf, pbuf2, &r);
    req->status = rc;
    req->proto_status = rc < 0 ? (r.proto_status ? r.proto_status : -rc) : 0;
    req->physical = r.physical;
}
