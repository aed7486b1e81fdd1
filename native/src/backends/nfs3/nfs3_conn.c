/* NFSv3 connections: one libnfs context, mounted once, serves the clients
 * of several procs (nfs3_conn.h).  Requests of all of them are multiplexed
 * on it by RPC XID, as the clients of one kernel mount share its
 * connection; each client keeps its own handle cache and ops. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nfs3_conn.h"
#include "platform.h"

static pthread_mutex_t conns_lock = PTHREAD_MUTEX_INITIALIZER;
static nfs3_conn *conns;

static int parse_target(nfs3_conn *n, const char *t, char *err, size_t errlen)
{
    if (strncmp(t, "nfs://", 6) == 0) {
        struct nfs_url *u = nfs_parse_url_dir(n->nfs, t);
        if (!u) {
            snprintf(err, errlen, "nfs3: invalid NFS URL '%s': %s (expected "
                     "nfs://host/export[?nfsport=N&mountport=M])", t, nfs_get_error(n->nfs));
            return -1;
        }
        snprintf(n->server, sizeof n->server, "%s", u->server);
        snprintf(n->export_path, sizeof n->export_path, "%s", u->path);
        nfs_destroy_url(u);
    } else {
        const char *colon = strchr(t, ':');
        if (!colon || colon == t || colon[1] != '/' || (size_t)(colon - t) >= sizeof n->server) {
            snprintf(err, errlen, "nfs3: invalid target '%s': expected host:/export or "
                     "nfs://host/export[?nfsport=N&mountport=M]", t);
            return -1;
        }
        memcpy(n->server, t, (size_t)(colon - t));
        n->server[colon - t] = '\0';
        snprintf(n->export_path, sizeof n->export_path, "%s", colon + 1);
    }
    return 0;
}

static int url_port(const char *t, const char *key)
{
    const char *q = strchr(t, '?');
    for (const char *p = q; p && *p; p = strchr(p + 1, '&')) {
        size_t n = strlen(key);
        if (strncmp(p + 1, key, n) == 0 && p[1 + n] == '=')
            return atoi(p + 2 + n);
    }
    return 0;
}

static void explain_mount_failure(nfs3_conn *n, char *err, size_t errlen)
{
    int ports[2] = { url_port(n->target, "mountport"), url_port(n->target, "nfsport") };
    const char *names[2] = { "MOUNT (mountport)", "NFS (nfsport)" };
    if (!ports[0] && !ports[1]) {
        ports[0] = 111;
        names[0] = "portmapper";
        ports[1] = 2049;
        names[1] = "NFS (usual port 2049)";
    }
    for (int i = 0; i < 2; i++) {
        char why[300];
        if (ports[i] && sfs_tcp_probe(n->server, ports[i], why, sizeof why) < 0) {
            size_t len = strlen(err);
            snprintf(err + len, errlen - len, "; %s port: %s", names[i], why);
        }
    }
}

static void destroy(nfs3_conn *n)
{
    n->closing = 1;
    if (n->nfs)
        nfs_destroy_context(n->nfs);    /* fires CANCEL for RPCs still queued */
    for (size_t i = 0; i < n->norphans; i++)
        free(n->orphans[i]);
    free(n->orphans);
    free(n->rbuf);
    free(n);
}

int nfs3_conn_mount(nfs3_conn *n, int timeout_s, char *err, size_t errlen)
{
    if (!(n->nfs = nfs_init_context())) {
        snprintf(err, errlen, "nfs3: out of memory");
        return -1;
    }
    if (parse_target(n, n->target, err, errlen) < 0)   /* the URL's ports into the context */
        return -1;
    nfs_set_autoreconnect(n->nfs, 0);            /* fail fast: never re-send non-idempotent ops */
    nfs_set_timeout(n->nfs, timeout_s * 1000);
    if (n->uid >= 0)
        nfs_set_uid(n->nfs, n->uid);
    if (n->gid >= 0)
        nfs_set_gid(n->nfs, n->gid);
    if (nfs_mount(n->nfs, n->server, n->export_path) != 0) {
        snprintf(err, errlen, "nfs3: cannot mount %s (server %s, export %s): %s",
                 n->target, n->server, n->export_path, nfs_get_error(n->nfs));
        explain_mount_failure(n, err, errlen);
        return -1;
    }
    n->rpc = nfs_get_rpc_context(n->nfs);
    nfs_set_timeout(n->nfs, n->timeout_s * 1000);   /* applies to nfs->rpc, the NFS connection */
    if (n->xid_base)
        rpc_set_next_xid(n->rpc, n->xid_base);
    const struct nfs_fh *root = nfs_get_rootfh(n->nfs);
    if (!root || root->len <= 0 || root->len > NFS3_FH_MAX) {
        snprintf(err, errlen, "nfs3: %s: mount returned no usable root handle", n->target);
        return -1;
    }
    n->export_root.len = (uint32_t)root->len;
    memcpy(n->export_root.data, root->val, (size_t)root->len);
    return 0;
}

/* Mount the export: the connection's NFS socket stays open for the clients. */
static nfs3_conn *connect_new(const nfs3_opts *o, char *err, size_t errlen)
{
    nfs3_conn *n = calloc(1, sizeof *n);
    if (!n) {
        snprintf(err, errlen, "nfs3: out of memory");
        return NULL;
    }
    n->timeout_s = o->timeout_s > 0 ? o->timeout_s : 30;
    n->uid = o->uid;
    n->gid = o->gid;
    n->xid_base = o->xid_base;
    n->ride_cfg = o->ride_cfg;
    snprintf(n->target, sizeof n->target, "%s", o->target ? o->target : "");
    if (nfs3_conn_mount(n, n->timeout_s, err, errlen) < 0) {
        destroy(n);
        return NULL;
    }
    return n;
}

nfs3_conn *nfs3_conn_get(const nfs3_opts *o, char *err, size_t errlen)
{
    const char *target = o->target ? o->target : "";
    nfs3_conn *n = NULL;
    if (o->share_owner) {
        pthread_mutex_lock(&conns_lock);
        for (n = conns; n; n = n->next)
            if (n->owner == o->share_owner && n->group == o->share_group && !n->dead &&
                strcmp(n->target, target) == 0)
                break;
        if (n)
            n->refs++;
        pthread_mutex_unlock(&conns_lock);
        if (n)
            return n;
    }
    /* procs of one engine open one after the other: nobody else makes this one */
    n = connect_new(o, err, errlen);
    if (!n)
        return NULL;
    n->refs = 1;
    n->owner = o->share_owner;
    n->group = o->share_group;
    if (n->owner) {
        pthread_mutex_lock(&conns_lock);
        n->next = conns;
        conns = n;
        pthread_mutex_unlock(&conns_lock);
    }
    return n;
}

/* Keep an op of a closing client until the connection goes: a reply may
 * still name it.  0, or -1 if out of memory. */
static int adopt(nfs3_conn *n, nfs3_op *op)
{
    if (n->norphans == n->caporphans) {
        size_t cap = n->caporphans ? n->caporphans * 2 : 16;
        nfs3_op **a = realloc(n->orphans, cap * sizeof *a);
        if (!a)
            return -1;
        n->orphans = a;
        n->caporphans = cap;
    }
    n->orphans[n->norphans++] = op;
    return 0;
}

void nfs3_conn_release(nfs3_conn *n, nfs3_client *c)
{
    for (nfs3_client **pp = &n->clients; *pp; pp = &(*pp)->next_on_conn)
        if (*pp == c) {
            *pp = c->next_on_conn;
            break;
        }
    pthread_mutex_lock(&conns_lock);
    int last = --n->refs == 0;
    if (last && n->owner)
        for (nfs3_conn **pp = &conns; *pp; pp = &(*pp)->next)
            if (*pp == n) {
                *pp = n->next;
                break;
            }
    pthread_mutex_unlock(&conns_lock);
    if (last) {
        n->closing = 1;                 /* CANCEL replies now name no live op */
        if (n->nfs)                     /* none while a lost connection is being made again */
            nfs_destroy_context(n->nfs);
        n->nfs = NULL;
    }
    /* the client's ops: freed, unless the still open connection may yet
     * reply to one (RPCs in flight); one that cannot be kept is leaked */
    for (size_t i = 0; i < c->nall; i++) {
        nfs3_op *op = c->all[i];
        if (!last && op->outstanding > 0) {
            adopt(n, op);
            continue;
        }
        free(op);
    }
    if (last)
        destroy(n);
}
