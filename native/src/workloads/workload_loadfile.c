/* loadfile: replay a dbench loadfile (loadfile.h) as one simulated client
 * per proc, each in its own directory: "client1" in the file's paths
 * becomes clientN (N = global proc index, as dbench numbers its clients
 * from 0), so client.txt works in clients/clientN under the run's root.
 *
 * Every loadfile line becomes one or a few requests of the backend ops
 * table (docs/loadfile.md has the mapping).  Backends with open-file
 * handles (posix, smb) replay handle ops on slots; nfs3 replays them on
 * paths (a handle remembers its path; Close commits unstable writes).  An
 * op the backend cannot express is counted as not issued (error table,
 * SFS_STATUS_NOT_ISSUED) with the backend's reason, never dropped.  The
 * line's status is checked by judge(); the first mismatches of each client
 * are printed on stderr (the client log).
 *
 * Timing: as fast as possible (closed loop), or loadfile_timing=timestamps
 * (each pass through the file starts a clock; a line is due at its
 * timestamp), or target_mbps (a line is due when the bytes before it fit
 * the rate).  Latency counts from the due time, so lateness shows.
 * loadfile_passes=N stops a client after N passes (tests, bench/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <pthread.h>
#include "workload.h"
#include "config.h"
#include "fileset.h"
#include "rng.h"
#include "loadfile.h"

#define SHOW_MISMATCHES 5

/* The parsed file is shared by the procs of one engine (parsed once). */
static struct shared {
    pthread_mutex_t lock;
    lf_file *f;
    int refs;
} shared = { PTHREAD_MUTEX_INITIALIZER, NULL, 0 };

static lf_file *shared_get(const char *path, char *err, size_t errlen)
{
    pthread_mutex_lock(&shared.lock);
    if (shared.f && strcmp(shared.f->name, path) != 0 && shared.refs == 0) {
        lf_free(shared.f);
        shared.f = NULL;
    }
    if (shared.f && strcmp(shared.f->name, path) != 0) {
        snprintf(err, errlen, "loadfile=%s: this engine already replays %s", path, shared.f->name);
        pthread_mutex_unlock(&shared.lock);
        return NULL;
    }
    if (!shared.f)
        shared.f = lf_parse(path, err, errlen);
    lf_file *f = shared.f;
    if (f) shared.refs++;
    pthread_mutex_unlock(&shared.lock);
    return f;
}

static void shared_put(void)
{
    pthread_mutex_lock(&shared.lock);
    if (--shared.refs == 0) {
        lf_free(shared.f);
        shared.f = NULL;
    }
    pthread_mutex_unlock(&shared.lock);
}

/* what the request in flight must end with */
enum want { W_OK, W_ANY, W_FAIL, W_ERRNO, W_OK_OR };

struct handle {
    int      used;
    uint32_t key;          /* fnum, or the path id (SMB names) */
    uint32_t path;
    int      dirty;        /* path mode: unstable writes since the open */
    int      dir;          /* a directory, opened as a path query */
    uint64_t seq;          /* order of the opens */
};

struct client {
    const struct sfs_cfg *cfg;
    const sfs_backend *be;
    lf_file *f;
    int id, nclients;
    int handles;           /* backend has open-file handles */
    sfs_rng rng;
    size_t pc;             /* current op */
    uint32_t rep, step;    /* repetition of the op, request within it */
    uint64_t prev[2], cur[2];  /* offset/length of the previous and current line */
    uint64_t pass_start_ns, rate_start_ns, bytes_sched;
    int passes;            /* completed passes through the file */
    double ns_per_byte;    /* target_mbps pacing, 0 = none */
    struct handle h[SFS_MAX_HANDLES];
    uint64_t seq;
    /* the request in flight */
    enum want want;
    int want_err;
    const lf_op *cur_op;
    int cur_open;          /* handle entry an open fills, -1 */
    int bad_handle;        /* the line names a handle that is not open */
    int shown;
    uint64_t told;         /* ops already reported as not issued (bit per op id) */
    char cname[24];        /* "clientN" */
    size_t cname_len;
    char path[1400], dir[1400], name[1400], path2[1400];
};

static int lf_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs, void **state,
                   char *err, size_t errlen)
{
    (void)fs;
    if (!cfg->loadfile[0]) {
        snprintf(err, errlen, "loadfile: the loadfile key names the dbench loadfile to replay");
        return -1;
    }
    struct client *w = calloc(1, sizeof *w);
    if (!w) { snprintf(err, errlen, "out of memory"); return -1; }
    w->f = shared_get(cfg->loadfile, err, errlen);
    if (!w->f) { free(w); return -1; }
    w->cfg = cfg;
    w->be = sfs_backend_find(cfg->backend);
    w->id = cfg->proc_first + proc;
    w->cname_len = (size_t)snprintf(w->cname, sizeof w->cname, "client%d", w->id);
    w->nclients = cfg->procs_total > 0 ? cfg->procs_total : cfg->procs;
    w->handles = w->be && (!w->be->op_unavailable ||
                           !w->be->op_unavailable(cfg, SFS_OP_CIFS_NT_CREATE_ANDX));
    sfs_rng_seed(&w->rng, sfs_hash3(cfg->seed, (uint64_t)w->id, 0xDB3C));
    w->ns_per_byte = cfg->target_mbps > 0 ? 1e3 / cfg->target_mbps : 0;
    *state = w;
    return 0;
}

static void lf_close(void *state)
{
    free(state);
    shared_put();
}

static int lf_next_init(void *state, sfs_req *req)
{
    (void)state; (void)req;
    return 0;   /* the loadfile makes its own files (Deltree, Mkdir first) */
}

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

static uint64_t eval(struct client *w, uint32_t id, int which)
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

/* Fill the request for step w->step of op; returns 1 if it is the op's last. */
static int fill(struct client *w, const lf_op *op, sfs_req *req)
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

static void lf_next(void *state, sfs_req *req)
{
    struct client *w = state;
    const lf_op *op = &w->f->ops[w->pc];
    memset(req, 0, sizeof *req);
    req->path = req->dir = req->name = req->path2 = "";
    if (w->step == 0) {   /* each repetition evaluates its expressions anew */
        w->cur[0] = eval(w, op->num[0], 0);
        w->cur[1] = eval(w, op->num[1], 1);
        w->prev[0] = w->cur[0];
        w->prev[1] = w->cur[1];
    }
    w->cur_op = op;
    w->cur_open = -1;
    w->bad_handle = 0;
    int last = fill(w, op, req);
    if (req->not_issued && w->id == w->cfg->proc_first && req->op < 64 && !(w->told >> req->op & 1)) {
        w->told |= 1ULL << req->op;   /* once per op, from the engine's first client */
        fprintf(stderr, "loadfile: %s line %u: %s (%s) not issued: %s\n", w->f->name, op->line,
                lf_kind_name(op->kind), sfs_op_name(req->op), req->not_issued);
    }
    if (!req->not_issued && (req->op == SFS_OP_READ || req->op == SFS_OP_WRCACHE ||
                             req->op == SFS_OP_WRITE || req->op == SFS_OP_CIFS_READ_ANDX ||
                             req->op == SFS_OP_CIFS_WRITE_ANDX))
        w->bytes_sched += req->length;
    if (!last) { w->step++; return; }
    w->step = 0;
    if (++w->rep < op->repeat) return;
    w->rep = 0;
    if (++w->pc == w->f->nops) {   /* a new pass through the file */
        w->pc = 0;
        w->pass_start_ns = 0;
        w->passes++;
    }
}

static uint64_t lf_intended(void *state, uint64_t now_ns)
{
    struct client *w = state;
    if (w->cfg->loadfile_passes && w->passes >= w->cfg->loadfile_passes)
        return UINT64_MAX;   /* done: never due before the phase ends */
    if (w->ns_per_byte > 0) {
        if (!w->rate_start_ns) w->rate_start_ns = now_ns;
        return w->rate_start_ns + (uint64_t)((double)w->bytes_sched * w->ns_per_byte);
    }
    if (!w->cfg->loadfile_timestamps || !w->f->timestamped || w->step || w->rep)
        return 0;
    if (!w->pass_start_ns) w->pass_start_ns = now_ns;
    return w->pass_start_ns + w->f->ops[w->pc].t_us * 1000;
}

static const char *want_text(const struct client *w, char *buf, size_t len)
{
    switch (w->want) {
    case W_OK:    return "success";
    case W_ANY:   return "any status";
    case W_FAIL:  return "a failure";
    case W_ERRNO: snprintf(buf, len, "%s", strerror(w->want_err)); return buf;
    default:      snprintf(buf, len, "success or %s", strerror(w->want_err)); return buf;
    }
}

static int lf_judge(void *state, const sfs_req *req)
{
    struct client *w = state;
    int st = req->status, ok;
    switch (w->want) {
    case W_ANY:   ok = 1; break;
    case W_FAIL:  ok = st != 0; break;
    case W_ERRNO: ok = st == -w->want_err || (w->want_err == ENOENT && st == -ENOTDIR); break;
    case W_OK_OR: ok = st == 0 || st == -w->want_err; break;
    default:      ok = st == 0; break;
    }
    if (w->bad_handle) ok = 0;
    if (!ok && w->shown < SHOW_MISMATCHES) {
        char b[80];
        w->shown++;
        fprintf(stderr, "loadfile: client%d %s:%u %s %s: expected %s, got %s%s\n", w->id,
                w->f->name, w->cur_op->line, lf_kind_name(w->cur_op->kind), req->path,
                want_text(w, b, sizeof b), st ? strerror(-st) : "success",
                w->bad_handle ? " (its handle is not open)" : "");
    }
    return ok;
}

static void lf_completed(void *state, sfs_req *req)
{
    struct client *w = state;
    /* an open that failed leaves no handle */
    if (w->cur_open >= 0 && req->status != 0)
        w->h[w->cur_open].used = 0;
}

static const sfs_workload loadfile = {
    .name = "loadfile",
    .description = "replays a dbench loadfile, one simulated client per proc (docs/loadfile.md)",
    .flags = SFS_WORKLOAD_RC,
    .rules = SFS_RULES_LOADFILE,
    /* no fixed op set: the loadfile's lines decide, so it runs on every
     * backend, and lf_judge reports the lines a backend cannot express */
    .ops = 0,
    .open = lf_open,
    .next_init = lf_next_init,
    .next = lf_next,
    .completed = lf_completed,
    .close = lf_close,
    .intended = lf_intended,
    .judge = lf_judge,
    .own_namespace = 1,
};
SFS_REGISTER_WORKLOAD(loadfile)
