/* A loadfile line -> the backend request(s) that replay it: paths with the
 * client's name, handles (slots, or paths on backends without handles),
 * the status the line expects, and the lines a backend cannot express
 * (docs/loadfile.md has the mapping). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "config.h"
#include "fileset.h"
#include "loadfile_client.h"

/* appends n bytes of s at out[*at], truncating at len - 1 (as snprintf) */
static void put(char *out, size_t len, size_t *at, const char *s, size_t n)
{
    if (*at + n >= len) n = len - 1 - *at;
    memcpy(out + *at, s, n);
    *at += n;
}

/* path id -> out, "client1" replaced by this client's name; its length.
 * memcpy rather than snprintf: this runs for most lines of a replay. */
static size_t expand(const struct client *w, uint32_t id, char *out, size_t len)
{
    const lf_path *p = &w->f->paths[id];
    size_t at = 0;
    if (p->client_at < 0) {
        put(out, len, &at, p->s, strlen(p->s));
    } else {
        const char *rest = p->s + p->client_at + 7;
        put(out, len, &at, p->s, (size_t)p->client_at);
        put(out, len, &at, w->cname, w->cname_len);
        put(out, len, &at, rest, strlen(rest));
    }
    out[at] = '\0';
    return at;
}

/* a symlink's target as seen from the link's directory: the loadfile names it from the export's
 * root, which the server (or the kernel) would resolve against its own root, not the client's
 * tree, leaving a dangling link and every op through it failing */
static void relative_target(const char *dir, char *target, size_t len)
{
    char rel[sizeof ((struct client *)0)->path2];
    size_t n = 0;
    const char *d = dir, *t = target;
    while (*d) {
        size_t dl = strcspn(d, "/"), tl = strcspn(t, "/");
        if (dl != tl || strncmp(d, t, dl) != 0 || t[tl] != '/') break;
        d += dl + (d[dl] == '/');
        t += tl + 1;
    }
    for (; *d; d += strcspn(d, "/"), d += *d == '/')
        n += (size_t)snprintf(rel + n, n < sizeof rel ? sizeof rel - n : 0, "../");
    snprintf(rel + (n < sizeof rel ? n : sizeof rel - 1), n < sizeof rel ? sizeof rel - n : 1, "%s",
             *t ? t : ".");
    snprintf(target, len, "%s", rel);
}

/* path id -> w->path, w->dir and w->name (the parts around the last '/') */
static void set_path(struct client *w, sfs_req *req, uint32_t id)
{
    size_t n = expand(w, id, w->path, sizeof w->path), d = n;
    while (d > 0 && w->path[d - 1] != '/') d--;
    size_t name = d;             /* the name starts after the last '/', the dir ends before it */
    d = d ? d - 1 : 0;
    memcpy(w->dir, w->path, d);
    w->dir[d] = '\0';
    memcpy(w->name, w->path + name, n - name + 1);
    req->path = w->path;
    req->dir = w->dir;
    req->name = w->name;
}

/* the directory a search lists: the pattern's parent if it has wildcards */
static int set_search_dir(struct client *w, sfs_req *req, uint32_t id)
{
    set_path(w, req, id);
    if (!strpbrk(w->path, "*?<>\""))
        return 0;
    snprintf(w->path, sizeof w->path, "%s", w->dir);
    req->dir = req->name = "";
    return 1;
}

uint64_t lf_eval(struct client *w, uint32_t id, int which)
{
    if (id == LF_NONE) return 0;
    const lf_num *n = &w->f->nums[id];
    switch (n->kind) {
    case LF_NUM_PREV:         return w->prev[which] + n->v[0];
    case LF_NUM_PREV_CHILD:   return w->prev[which] + (uint64_t)w->id;
    case LF_NUM_PREV_CLIENTS: return w->prev[which] + (uint64_t)w->nclients;
    case LF_NUM_RANDOM: {
        uint64_t x = sfs_rng_next(&w->rng);
        for (int i = 0; i < n->nq; i++) {
            if (n->q[i] == '/') x = x / n->v[i] * n->v[i];
            else if (n->q[i] == '%') x %= n->v[i];
            else x += n->v[i];
        }
        return x;
    }
    default:                  return n->v[0];
    }
}

static int find_handle(const struct client *w, uint32_t key)
{
    int best = -1;   /* the latest open of the key */
    for (int i = 0; i < SFS_MAX_HANDLES; i++)
        if (w->h[i].used && w->h[i].key == key && (best < 0 || w->h[i].seq > w->h[best].seq))
            best = i;
    return best;
}

/* a free entry for an open: an open that fails (expected or not) must
 * leave an earlier open of the same handle number in place */
static int alloc_handle(struct client *w, uint32_t key, uint32_t path)
{
    for (int i = 0; i < SFS_MAX_HANDLES; i++)
        if (!w->h[i].used) {
            w->h[i] = (struct handle){ .used = 1, .key = key, .path = path, .seq = ++w->seq };
            return i;
        }
    return -1;
}

/* the line's own expectation, with OK widened to "OK or that errno" */
static void want_line(struct client *w, const lf_op *op, int ok_or)
{
    w->want_err = op->err;
    switch (op->expect) {
    case LF_EXPECT_ANY:   w->want = W_ANY; break;
    case LF_EXPECT_FAIL:  w->want = W_FAIL; break;
    case LF_EXPECT_ERRNO: w->want = W_ERRNO; break;
    default:
        w->want = ok_or ? W_OK_OR : W_OK;
        w->want_err = ok_or;
    }
}

/* a handle op: the slot (handle backends) or the handle's path */
static int handle_req(struct client *w, const lf_op *op, sfs_req *req)
{
    int i = find_handle(w, op->handle);
    if (i < 0) {
        w->bad_handle = 1;   /* sent to the client's directory, judged an error */
        set_path(w, req, op->path != LF_NONE ? op->path : 0);
        req->slot = -1;
        return -1;
    }
    req->slot = i;
    set_path(w, req, w->h[i].path != LF_NONE ? w->h[i].path : 0);
    return i;
}

static const char *no_dir_close = "a directory handle: its open was a path query";
static const char *no_close = "NFSv3 has no CLOSE (nothing unstable to commit)";
static const char *no_nlm = "the nfs3 backend speaks no NLM (byte-range locks)";
static const char *no_v4lock = "NFSv4 byte-range locks: no backend issues LOCK4/UNLOCK4/TEST4";

/* ops that name an open handle (not the opens and closes) */
static int handle_kind(int kind)
{
    switch (kind) {
    case LF_QFILEINFO: case LF_SFILEINFO: case LF_WRITEX: case LF_READX: case LF_LOCKX:
    case LF_UNLOCKX: case LF_FLUSH: case LF_SMB_READ: case LF_SMB_WRITE:
        return 1;
    default:
        return 0;
    }
}

int lf_fill(struct client *w, const lf_op *op, sfs_req *req)
{
    int H = w->handles, last = 1, i;
    if (H && handle_kind(op->kind)) {   /* a directory handle has no slot: path form */
        int k = find_handle(w, op->handle);
        if (k >= 0 && w->h[k].dir) H = 0;
    }
    uint32_t s = w->step;
    want_line(w, op, 0);
    switch (op->kind) {
    case LF_NTCREATEX: case LF_SMB_OPEN: {
        /* a directory (by its options or because the file names paths under
         * it) is opened as a path query: libsmbclient opens no directory
         * handles, so every backend does the same */
        int dir = (op->kind == LF_NTCREATEX && (op->arg0 & 1)) || w->f->paths[op->path].is_dir;
        int create = op->kind == LF_NTCREATEX ? op->arg1 != 1 : (op->arg0 & 0x08) != 0;
        set_path(w, req, op->path);
        if (dir && create && s == 0) {
            req->op = SFS_OP_MKDIR;
            req->mode = 0755;
            w->want = W_OK_OR;
            w->want_err = EEXIST;
            return 0;
        }
        i = alloc_handle(w, op->handle, op->path);
        w->cur_open = i;
        if (i >= 0) w->h[i].dir = dir;
        if (dir) {
            req->op = H ? SFS_OP_CIFS_QUERY_PATH_INFO : SFS_OP_LOOKUP;
        } else if (H) {
            req->op = SFS_OP_CIFS_NT_CREATE_ANDX;
            req->slot = i;
            req->mode = create ? 0644 : 0;
        } else if (create) {
            req->op = SFS_OP_CREATE;
            req->mode = 0644;
            want_line(w, op, EEXIST);   /* dbench opens with O_CREAT, not O_EXCL */
        } else {
            req->op = SFS_OP_LOOKUP;
        }
        break;
    }
    case LF_CLOSE: case LF_SMB_CLOSE:
        i = handle_req(w, op, req);
        if (i >= 0 && w->h[i].dir) {
            req->op = SFS_OP_CIFS_CLOSE;
            req->not_issued = no_dir_close;
        } else if (H) {
            req->op = SFS_OP_CIFS_CLOSE;
        } else if (i >= 0 && w->h[i].dirty) {
            req->op = SFS_OP_COMMIT;
        } else {
            req->op = SFS_OP_CIFS_CLOSE;
            req->not_issued = no_close;
        }
        if (i >= 0) w->h[i].used = 0;
        break;
    case LF_RENAME: case LF_RENAME3:
        set_path(w, req, op->path2);          /* dir+name: the new name */
        snprintf(w->path2, sizeof w->path2, "%s", w->path);
        expand(w, op->path, w->path, sizeof w->path);
        req->path = w->path;                  /* old */
        req->path2 = w->path2;                /* new */
        req->op = SFS_OP_RENAME;
        break;
    case LF_UNLINK: case LF_REMOVE3: case LF_SMB_UNLINK:
        set_path(w, req, op->path);
        req->op = SFS_OP_REMOVE;
        break;
    case LF_DELTREE: {
        uint32_t id = w->f->tree[op->arg0 + s];
        set_path(w, req, id);
        req->op = w->f->paths[id].is_dir ? SFS_OP_RMDIR : SFS_OP_REMOVE;
        last = s + 1 >= op->arg1;
        if (last) {
            want_line(w, op, ENOENT);         /* no tree is fine too */
        } else {
            w->want = W_ANY;                  /* known names; most do not exist */
        }
        break;
    }
    case LF_RMDIR: case LF_RMDIR3: case LF_SMB_RMDIR:
        set_path(w, req, op->path);
        req->op = SFS_OP_RMDIR;
        break;
    case LF_MKDIR: case LF_MKDIR3: case LF_SMB_MKDIR:
        set_path(w, req, op->path);
        req->op = SFS_OP_MKDIR;
        req->mode = 0755;
        want_line(w, op, EEXIST);             /* shared and earlier passes' dirs */
        break;
    case LF_QPATHINFO:
        set_path(w, req, op->path);
        req->op = H ? SFS_OP_CIFS_QUERY_PATH_INFO : SFS_OP_GETATTR;
        break;
    case LF_QFILEINFO:
        handle_req(w, op, req);
        req->op = H ? SFS_OP_CIFS_QUERY_FILE_INFO : SFS_OP_GETATTR;
        break;
    case LF_QFSINFO:
        req->path = req->dir = req->name = "";
        req->op = H ? SFS_OP_CIFS_QUERY_FS_INFO : SFS_OP_FSSTAT;
        break;
    case LF_SFILEINFO:
        handle_req(w, op, req);
        req->op = H ? SFS_OP_CIFS_SET_FILE_INFO : SFS_OP_SETATTR;
        break;
    case LF_FINDFIRST: case LF_SMB_READDIR:
        if (set_search_dir(w, req, op->path) && op->expect == LF_EXPECT_ERRNO &&
            op->err == ENOENT) {
            /* "no match" cannot be told from a listing: it must list, or
             * find the directory missing */
            w->want = W_OK_OR;
            w->want_err = ENOENT;
        }
        req->op = H ? SFS_OP_CIFS_FIND_FIRST2 : SFS_OP_READDIRPLUS;
        break;
    case LF_WRITEX: case LF_SMB_WRITE: case LF_READX: case LF_SMB_READ: {
        int wr = op->kind == LF_WRITEX || op->kind == LF_SMB_WRITE;
        i = handle_req(w, op, req);
        req->offset = w->cur[0];
        req->length = w->cur[1] > SFS_XFER_MAX ? SFS_XFER_MAX : w->cur[1];
        if (H) {
            req->op = wr ? SFS_OP_CIFS_WRITE_ANDX : SFS_OP_CIFS_READ_ANDX;
        } else {
            req->op = wr ? SFS_OP_WRCACHE : SFS_OP_READ;
            if (wr && i >= 0) w->h[i].dirty = 1;
        }
        break;
    }
    case LF_LOCKX: case LF_UNLOCKX:
        handle_req(w, op, req);
        req->op = SFS_OP_CIFS_LOCKING_ANDX;
        req->offset = w->cur[0];
        req->length = w->cur[1];
        req->mode = op->kind == LF_UNLOCKX;
        if (!H) req->not_issued = no_nlm;
        break;
    case LF_FLUSH:
        i = handle_req(w, op, req);
        req->op = H ? SFS_OP_CIFS_FLUSH : SFS_OP_COMMIT;
        if (!H && i >= 0) w->h[i].dirty = 0;
        break;
    case LF_GETATTR3: set_path(w, req, op->path); req->op = SFS_OP_GETATTR; break;
    case LF_LOOKUP3:  set_path(w, req, op->path); req->op = SFS_OP_LOOKUP; break;
    case LF_COMMIT3:  set_path(w, req, op->path); req->op = SFS_OP_COMMIT; break;
    case LF_ACCESS3:  set_path(w, req, op->path); req->op = SFS_OP_ACCESS; break;
    case LF_READDIRPLUS3: set_path(w, req, op->path); req->op = SFS_OP_READDIRPLUS; break;
    case LF_PATHCONF3: set_path(w, req, op->path); req->op = SFS_OP_PATHCONF; break;
    case LF_READLINK3: set_path(w, req, op->path); req->op = SFS_OP_READLINK; break;
    case LF_SETATTR3: set_path(w, req, op->path); req->op = SFS_OP_SETATTR; break;
    case LF_FSSTAT3: req->path = req->dir = req->name = ""; req->op = SFS_OP_FSSTAT; break;
    case LF_FSINFO3: req->path = req->dir = req->name = ""; req->op = SFS_OP_FSINFO; break;
    case LF_CREATE3:
        set_path(w, req, op->path);
        req->op = SFS_OP_CREATE;
        req->mode = 0644;
        want_line(w, op, EEXIST);
        break;
    case LF_WRITE3: case LF_READ3:
        set_path(w, req, op->path);
        req->offset = w->cur[0];
        req->length = w->cur[1] > SFS_XFER_MAX ? SFS_XFER_MAX : w->cur[1];
        if (op->kind == LF_READ3) {
            req->op = SFS_OP_READ;
        } else {
            req->op = op->arg0 ? SFS_OP_WRITE : SFS_OP_WRCACHE;
            req->stable = op->arg0 != 0;
        }
        break;
    case LF_SYMLINK3:   /* new link, its target */
        expand(w, op->path2, w->path2, sizeof w->path2);
        set_path(w, req, op->path);
        relative_target(w->dir, w->path2, sizeof w->path2);
        req->path2 = w->path2;
        req->op = SFS_OP_SYMLINK;
        break;
    case LF_LINK3:      /* new link, existing file */
        set_path(w, req, op->path);
        snprintf(w->path2, sizeof w->path2, "%s", w->path);
        expand(w, op->path2, w->path, sizeof w->path);
        req->path = w->path;
        req->path2 = w->path2;
        req->op = SFS_OP_LINK;
        break;
    case LF_LOCK4: case LF_UNLOCK4: case LF_TEST4:
        set_path(w, req, op->path);
        req->op = SFS_OP_CIFS_LOCKING_ANDX;
        req->not_issued = no_v4lock;
        break;
    }
    if (!req->not_issued && w->be && w->be->op_unavailable &&
        !(req->op == SFS_OP_SETATTR && req->mode == 0))   /* times: every backend */
        req->not_issued = w->be->op_unavailable(w->cfg, req->op);
    return last;
}
