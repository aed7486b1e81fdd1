/* NFSv3 client of one proc: mount, size negotiation, event loop, op pool.
 * The per-procedure state machines are behind nfs3_ops.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>
#include <time.h>
#include "nfs3_conn.h"
#include "platform.h"
#include "platform_poll.h"
#include "log.h"

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void nfs3_attr_from(sfs_attr *a, const fattr3 *f)
{
    static const uint32_t type_bits[] = { 0, 0100000, 0040000, 0060000, 0020000,
                                          0120000, 0140000, 0010000 };
    a->size = f->size;
    a->mode = (f->mode & 07777) | (f->type <= NF3FIFO ? type_bits[f->type] : 0);
    a->nlink = f->nlink;
    a->mtime_ns = (uint64_t)f->mtime.seconds * 1000000000ULL + f->mtime.nseconds;
    a->atime_ns = (uint64_t)f->atime.seconds * 1000000000ULL + f->atime.nseconds;
    a->uid = f->uid;
    a->gid = f->gid;
}

/* The connection is unusable: remember why (first reason wins). */
void nfs3_fail_transport(nfs3_client *c, int rpc_status, const char *what)
{
    nfs3_conn *n = c->conn;
    if (n->dead || n->down)
        return;
    if (rpc_status == RPC_STATUS_TIMEOUT)
        snprintf(n->err, sizeof n->err,
                 "NFS server %s, export %s: no reply within %d s (%s); server down or hung",
                 n->server, n->export_path, n->timeout_s, what ? what : "RPC");
    else
        snprintf(n->err, sizeof n->err,
                 "NFS server %s, export %s: connection lost (%s)", n->server, n->export_path,
                 what && *what ? what : "socket closed");
    if (!nfs3_ride_down(n))
        n->dead = 1;
}

void nfs3_op_finish(nfs3_op *op)
{
    nfs3_client *c = op->c;
    sfs_req *r = op->req;
    if (!op->active)
        return;
    if (nfs3_ride_parks(op))
        return;
    if ((op->proto == NFS3ERR_JUKEBOX || nfs3_stale(op->proto) || op->waiting) &&
        nfs3_retry_later(op, now_ns()))
        return;
    op->active = 0;
    if (op->prev)
        op->prev->next = op->next;
    else
        c->active_list = op->next;
    if (op->next)
        op->next->prev = op->prev;
    op->next = op->prev = NULL;
    c->active--;
    c->conn->completed++;
    r->status = op->status;
    r->proto_status = op->proto;
    if (op->outstanding == 0 && !c->conn->dead) {     /* else a late callback may still name it */
        op->next = c->free_list;
        c->free_list = op;
    }
    if (r->done)
        r->done(r);
}

int nfs3_sent(nfs3_op *op, int rc, const char *proc)
{
    if (rc == 0) {
        op->outstanding++;
        op->req->physical++;
        if (op->c->debug_cfg)
            sfs_debug(op->c->debug_cfg, SFS_DBG_CHILD_RPC, op->c->debug_proc, "rpc %s sent for %s %s",
                      proc, sfs_op_name(op->req->op), op->req->path);
        return 0;
    }
    char why[300];
    snprintf(why, sizeof why, "%s not sent: %s", proc, rpc_get_error(op->c->rpc));
    nfs3_fail_transport(op->c, RPC_STATUS_ERROR, why);
    if (op->status == 0) {
        op->status = -ENOTCONN;
        op->proto = 0;
    }
    return -1;
}

int nfs3_reply_ok(nfs3_op *op, int rpc_status)
{
    nfs3_client *c = op->c;
    op->outstanding--;
    if (!op->active)
        return 0;                       /* op already failed (dead connection) */
    if (c->debug_cfg)
        sfs_debug(c->debug_cfg, SFS_DBG_CHILD_RPC, c->debug_proc, "rpc reply for %s %s: rpc status %d",
                  sfs_op_name(op->req->op), op->req->path, rpc_status);
    if (rpc_status == RPC_STATUS_SUCCESS)
        return 1;
    if (!c->conn->closing)
        nfs3_fail_transport(c, rpc_status, rpc_status == RPC_STATUS_TIMEOUT ? NULL
                                           : rpc_get_error(c->rpc));
    if (op->status == 0) {
        op->status = rpc_status == RPC_STATUS_TIMEOUT ? -ETIMEDOUT
                   : rpc_status == RPC_STATUS_CANCEL ? -ECANCELED : -ENOTCONN;
        op->proto = 0;
    }
    if (op->outstanding == 0)
        nfs3_op_finish(op);
    return 0;
}

void nfs3_op_error(nfs3_op *op, int nfsstat)
{
    if (op->status == 0) {
        op->status = nfs3_errno(nfsstat);
        op->proto = nfsstat;
    }
}

/* Complete every logical op still in flight on the dead connection, of
 * every client on it. */
static void sweep(nfs3_conn *n, int status)
{
    for (nfs3_client *c = n->clients; c; c = c->next_on_conn)
        while (c->active_list) {
            nfs3_op *op = c->active_list;
            if (op->status == 0) {
                op->status = status;
                op->proto = 0;
            }
            nfs3_op_finish(op);
        }
}

/* Send what was just queued: left queued, the call would wait for the
 * engine's poll to report the socket writable and for another poll here,
 * two syscalls per request that a closed-loop client pays in full. */
static void send_now(nfs3_client *c, int queued)
{
    if (queued && !c->conn->dead && !c->conn->down && (rpc_which_events(c->rpc) & POLLOUT) && rpc_service(c->rpc, POLLOUT) < 0)
        nfs3_fail_transport(c, RPC_STATUS_ERROR, rpc_get_error(c->rpc));
}

#define NFS3_SCAN_NS 50000000LL          /* 50 ms: RPC timeouts are whole seconds */

int nfs3_poll(nfs3_client *c, int64_t timeout_ns)
{
    nfs3_conn *n = c->conn;
    int64_t deadline = now_ns() + (timeout_ns > 0 ? timeout_ns : 0);
    n->completed = 0;
#ifndef _WIN32
    /* Without a timeout the engine's event loop has just found the socket
     * ready (or a timer ran out): when connected with nothing to send
     * (which_events is POLLIN alone), read at once instead of asking poll(2)
     * first, one system call per reply fewer.  libnfs reads with MSG_DONTWAIT:
     * nothing to read costs what that poll would, and a closed socket reads 0
     * and fails as a hangup does. */
    int read_now = timeout_ns <= 0;
#else
    int read_now = 0;   /* a would-block recv is no EAGAIN to libnfs on Windows */
#endif
    if (n->down && !nfs3_ride_reconnect(n) && !n->dead) {
        int64_t wake = n->next_try_ns < deadline ? n->next_try_ns : deadline;
        int64_t t = now_ns();
        if (wake > t) {
            struct timespec ts = { (time_t)((wake - t) / 1000000000LL), (long)((wake - t) % 1000000000LL) };
            nanosleep(&ts, NULL);
        }
        return 0;
    }
    if (n->retry_list && !n->dead)
        send_now(c, nfs3_retry_due(n, now_ns()));
    for (;;) {
        if (n->dead) {
            sweep(n, -ENOTCONN);
            return -1;
        }
        if (n->down)                    /* lost now: its ops wait for the reconnect */
            return n->completed;
        struct pollfd p = { .fd = rpc_get_fd(n->rpc), .events = (short)rpc_which_events(n->rpc) };
        int ready;
        if (read_now && p.events == POLLIN) {
            ready = 1;
            p.revents = POLLIN;
        } else {
            int64_t left = deadline - now_ns();
            /* wake at least every 100 ms: libnfs notices RPC timeouts only in rpc_service */
            int ms = left <= 0 ? 0 : (int)((left + 999999) / 1000000);
            if (ms > 100)
                ms = 100;
            ready = sfs_poll(&p, 1, ms);
        }
        read_now = 0;
        if (ready < 0 && errno != EINTR) {
            char why[128];
            snprintf(why, sizeof why, "poll: %s", strerror(errno));
            nfs3_fail_transport(c, RPC_STATUS_ERROR, why);
            continue;
        }
        /* not ready: rpc_service would only scan every RPC in flight for its
         * timeout; each proc of a shared connection asks for that on its own
         * timer, and once per NFS3_SCAN_NS is enough for the connection */
        int64_t t = now_ns();
        if (ready == 0) {
            if (t - n->serviced_ns < NFS3_SCAN_NS) {
                if (t >= deadline)
                    return 0;
                continue;
            }
            n->serviced_ns = t;
        }
#ifdef SFS_NFS3_OWN_RECV
        /* replies: read here, and the scan only when due (nfs3_recv.c) */
        if (ready > 0 && (p.revents & POLLIN) && !(p.revents & (POLLERR | POLLHUP))) {
            char why[300];
            if (nfs3_recv(n, why, sizeof why) < 0)
                nfs3_fail_transport(c, RPC_STATUS_ERROR, why);
            short out = (short)(p.revents & POLLOUT);
            int scan = t - n->serviced_ns >= NFS3_SCAN_NS;
            if (scan)
                n->serviced_ns = t;
            if (!n->dead && (out || scan) && rpc_service(n->rpc, out) < 0)
                nfs3_fail_transport(c, RPC_STATUS_ERROR, rpc_get_error(n->rpc));
        } else
#endif
        if (rpc_service(n->rpc, ready > 0 ? p.revents : 0) < 0)
            nfs3_fail_transport(c, RPC_STATUS_ERROR, rpc_get_error(n->rpc));
        if (n->dead)
            continue;
        if (n->completed)
            return n->completed;
        /* past the deadline, keep reading while a reply is arriving: a 1 MiB READ
         * reply comes in many segments, and returning after each one would cost the
         * caller a loop iteration per segment */
        if (now_ns() >= deadline && !(ready > 0 && (p.revents & POLLIN)))
            return 0;
    }
}

static nfs3_op *op_alloc(nfs3_client *c)
{
    nfs3_op *op = c->free_list;
    if (op) {
        c->free_list = op->next;
    } else {
        if (c->nall == c->capall) {
            size_t n = c->capall ? c->capall * 2 : 64;
            nfs3_op **a = realloc(c->all, n * sizeof *a);
            if (!a)
                return NULL;
            c->all = a;
            c->capall = n;
        }
        op = malloc(sizeof *op);
        if (!op)
            return NULL;
        c->all[c->nall++] = op;
    }
    memset(op, 0, offsetof(nfs3_op, key));
    return op;
}

/* A request accepted while the connection is down: it waits for the
 * reconnect with the ops in flight (nfs3_ride.c). */
static void park_new(nfs3_op *op)
{
    op->status = -ENOTCONN;
    nfs3_retry_park(op);
}

int nfs3_submit(nfs3_client *c, sfs_req *req)
{
    if (c->conn->dead)
        return -ENOTCONN;
    nfs3_op *op = op_alloc(c);
    if (!op)
        return -ENOMEM;
    op->c = c;
    op->req = req;
    req->status = 0;
    req->proto_status = 0;
    req->result_bytes = 0;
    req->physical = 0;
    memset(&req->attr, 0, sizeof req->attr);
    op->active = 1;
    op->next = c->active_list;
    if (c->active_list)
        c->active_list->prev = op;
    c->active_list = op;
    c->active++;
    if (c->conn->down) {
        park_new(op);
        return 0;
    }
    int rc = nfs3_op_begin(op);
    if (rc < 0 && c->conn->down && op->outstanding == 0) {   /* lost while sending */
        park_new(op);
        return 0;
    }
    if (rc < 0) {                       /* refused before anything was sent: no callback */
        if (op->prev)
            op->prev->next = op->next;
        else
            c->active_list = op->next;
        if (op->next)
            op->next->prev = op->prev;
        c->active--;
        op->next = c->free_list;
        c->free_list = op;
        if (rc == -ENOTCONN || rc == -EPIPE || rc == -ECONNRESET)   /* the message names the server */
            nfs3_fail_transport(c, RPC_STATUS_ERROR, rpc_get_error(c->rpc));
        return rc;
    }
    send_now(c, 1);
    return 0;
}

int nfs3_inflight(const nfs3_client *c)
{
    return c->active;
}

int nfs3_pollfd(nfs3_client *c, short *events)
{
    if (c->conn->dead || c->conn->down)
        return -1;
    *events = (short)rpc_which_events(c->rpc);
    return rpc_get_fd(c->rpc);
}

const char *nfs3_error(const nfs3_client *c)
{
    return c->conn->err;
}

void nfs3_get_info(const nfs3_client *c, nfs3_info *out)
{
    *out = c->info;
}

/* ---- open ---------------------------------------------------------------- */

static void sync_done(sfs_req *r)
{
    *(int *)r->engine_priv = 1;
}

/* Run one request to completion (open-time helper). */
static int run_sync(nfs3_client *c, sfs_req *r)
{
    int flag = 0;
    r->done = sync_done;
    r->engine_priv = &flag;
    int rc = nfs3_submit(c, r);
    if (rc < 0)
        return rc;
    while (!flag)
        if (nfs3_poll(c, 100000000LL) < 0 && !flag)
            return -ENOTCONN;
    return r->status;
}

static uint32_t pick_size(uint32_t pref, uint32_t max, uint32_t configured)
{
    uint32_t s = configured ? configured : pref;
    if (s == 0)
        s = 32768;                  /* server gave no preference */
    if (max && s > max)
        s = max;
    if (s > NFS3_MAX_IO)
        s = NFS3_MAX_IO;
    return s;
}

/* mkdir -p of the proc root, then make it the cache's "" entry. */
static int make_root(nfs3_client *c, const char *root, char *err, size_t errlen)
{
    char norm[NFS3_PATH_MAX];
    if (nfs3_path_norm(root ? root : "", norm, sizeof norm) < 0) {
        snprintf(err, errlen, "nfs3: invalid proc root directory '%s'", root);
        return -1;
    }
    for (size_t i = 1; norm[0]; i++) {
        if (norm[i] != '/' && norm[i] != '\0')
            continue;
        char dir[NFS3_PATH_MAX];
        memcpy(dir, norm, i);
        dir[i] = '\0';
        char *slash = strrchr(dir, '/');
        sfs_req r = { .op = SFS_OP_MKDIR, .mode = 0777 };
        r.dir = slash ? (*slash = '\0', dir) : "";
        r.name = slash ? slash + 1 : dir;
        int rc = run_sync(c, &r);
        if (rc < 0 && rc != -EEXIST) {
            snprintf(err, errlen, "nfs3: cannot create directory '%s' under export %s: %s",
                     norm, c->conn->target, c->conn->dead ? c->conn->err : strerror(-rc));
            return -1;
        }
        if (norm[i] == '\0')
            break;
    }
    nfs3_fhent *e = nfs3_fhcache_get(&c->cache, norm, strlen(norm));
    if (!e) {
        snprintf(err, errlen, "nfs3: directory '%s' under export %s has no handle", norm,
                 c->conn->target);
        return -1;
    }
    nfs3_fh fh = e->fh;
    nfs3_fhcache_free(&c->cache);
    if (nfs3_fhcache_init(&c->cache) < 0 || !nfs3_fhcache_put(&c->cache, "", 0, fh.data, fh.len, 1)) {
        snprintf(err, errlen, "nfs3: out of memory");
        return -1;
    }
    return 0;
}

/* What a write without a buffer of its own sends: one pattern for every
 * client of the process (thousands of procs must not each hold wsize
 * bytes).  A larger one is made when a client needs it; the smaller stays
 * for those that point to it (a few KiB to 1 MiB once per size, never freed). */
static const char *write_pattern(uint32_t len)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static char *pattern;
    static uint32_t pattern_len;
    pthread_mutex_lock(&lock);
    if (pattern_len < len) {
        char *p = malloc(len);
        if (p) {
            for (uint32_t i = 0; i < len; i++)
                p[i] = (char)('a' + i % 26);
            pattern = p;
            pattern_len = len;
        }
    }
    const char *r = pattern_len >= len ? pattern : NULL;
    pthread_mutex_unlock(&lock);
    return r;
}

/* The export's sizes from FSINFO, asked once per connection. */
static int fsinfo(nfs3_client *c, char *err, size_t errlen)
{
    nfs3_conn *n = c->conn;
    if (!n->have_fsinfo) {
        sfs_req fsi = { .op = SFS_OP_FSINFO };
        int rc = run_sync(c, &fsi);
        if (rc < 0) {
            snprintf(err, errlen, "nfs3: FSINFO of export %s failed: %s", n->target,
                     n->dead ? n->err : strerror(-rc));
            return -1;
        }
        n->rtmax = c->rtmax;  n->rtpref = c->rtpref;
        n->wtmax = c->wtmax;  n->wtpref = c->wtpref;
        n->dtpref = c->dtpref;
        n->have_fsinfo = 1;
    }
    c->rtmax = n->rtmax;  c->rtpref = n->rtpref;
    c->wtmax = n->wtmax;  c->wtpref = n->wtpref;
    c->dtpref = n->dtpref;
    return 0;
}

nfs3_client *nfs3_open(const nfs3_opts *o, char *err, size_t errlen)
{
    nfs3_client *c = calloc(1, sizeof *c);
    if (!c || nfs3_fhcache_init(&c->cache) < 0) {
        free(c);
        snprintf(err, errlen, "nfs3: out of memory");
        return NULL;
    }
    c->debug_cfg = o->debug_cfg;
    c->debug_proc = o->debug_proc;
    c->biod_r = o->biod_reads > 0 ? o->biod_reads : 1;
    c->biod_w = o->biod_writes > 0 ? o->biod_writes : 1;
    if (!(c->conn = nfs3_conn_get(o, err, errlen))) {
        nfs3_fhcache_free(&c->cache);
        free(c);
        return NULL;
    }
    c->next_on_conn = c->conn->clients;
    c->conn->clients = c;
    c->rpc = c->conn->rpc;
    c->export_root = c->conn->export_root;
    if (!nfs3_fhcache_put(&c->cache, "", 0, c->export_root.data, c->export_root.len, 1)) {
        snprintf(err, errlen, "nfs3: out of memory");
        goto fail;
    }
    if (fsinfo(c, err, errlen) < 0)
        goto fail;
    c->rsize = pick_size(c->rtpref, c->rtmax, o->block_size);
    c->wsize = pick_size(c->wtpref, c->wtmax, o->block_size);
    if (c->dtpref == 0 || c->dtpref > 65536)
        c->dtpref = 8192;
    c->info.rtmax = c->rtmax;  c->info.rtpref = c->rtpref;
    c->info.wtmax = c->wtmax;  c->info.wtpref = c->wtpref;
    c->info.dtpref = c->dtpref;
    c->info.rsize = c->rsize;  c->info.wsize = c->wsize;
    c->wbuf = write_pattern(c->wsize);
    if (!c->wbuf) {
        snprintf(err, errlen, "nfs3: out of memory");
        goto fail;
    }
    if (make_root(c, o->root, err, errlen) < 0)
        goto fail;
    c->info.extra_lookups = 0;
    return c;
fail:
    nfs3_close(c);
    return NULL;
}

/* Forget every logical op still in flight without completing it (backend.h:
 * close never calls done).  The callbacks libnfs still fires for their RPCs
 * see an inactive op and touch neither it nor its request. */
static void abandon(nfs3_client *c)
{
    while (c->active_list) {
        nfs3_op *op = c->active_list;
        c->active_list = op->next;
        nfs3_retry_forget(op);
        op->active = 0;
        op->next = op->prev = NULL;
        op->req = NULL;
        c->active--;
    }
}

void nfs3_close(nfs3_client *c)
{
    if (!c)
        return;
    abandon(c);
    nfs3_conn_release(c->conn, c);      /* frees the ops, or keeps those a reply may name */
    free(c->all);
    nfs3_fhcache_free(&c->cache);
    free(c);
}
