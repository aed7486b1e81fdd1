/* smb backend: abstract ops as SMB2/3 requests through smb_client.h, with
 * the client library the smb_client key names (libsmb2 by default, or
 * libsmbclient).  Mapping, wire cost per op and what cannot be issued:
 * docs/smb.md.
 *
 * libsmbclient is blocking: the backend is synchronous, one SMB connection
 * per proc and one thread per proc.  libsmb2 is asynchronous: the procs are
 * driven by the engine's event loops (each a thread, several per target),
 * on one connection per proc or, with smb_conn_procs, on fewer connections
 * each shared by that many procs of one target on one loop; each request
 * runs its op (smb_do_op, the same code for both libraries) in a task of
 * its own whose calls yield while their requests are in flight, so every
 * proc of a connection, and up to outstanding_ios requests of each, are in
 * flight on it at once (smb_conn.c).  This file: the client libraries, the
 * options, open and close, and the backend's entry points.
 *
 * Target syntax (target.N): \\server\share, \\server:port\share,
 * //server[:port]/share or smb://server[:port]/share, optionally followed
 * by a folder inside the share.  Credentials come from the username,
 * password and domain keys; the password is never printed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "backend.h"
#include "platform_poll.h"
#include "options.h"
#include "config.h"
#include "fileset.h"
#include "smb_client.h"
#include "smb_conn.h"

const smb_client_ops *const smb_clients[] = {
#ifdef SFS_SMB_LIBSMB2
    &smb_client_libsmb2,
#endif
#ifdef SFS_SMB_LIBSMBCLIENT
    &smb_client_libsmbclient,
#endif
    NULL,
};

/* The values of the smb_client key, in the order of its index; the engine
 * catalog publishes them (SMB_CLIENT in the rc file is checked against it). */
#define SMB_CLIENT_WORDS "libsmb2|libsmbclient"

const smb_client_ops *smb_client_find(const char *name)
{
    for (int i = 0; smb_clients[i]; i++)
        if (!name || !name[0] || strcmp(name, smb_clients[i]->name) == 0)
            return smb_clients[i];
    return NULL;
}

/* "libsmb2 6.2 (default), libsmbclient 4.17.12" */
static const char *smb_libraries(void)
{
    static char buf[256];
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; smb_clients[i] && o < sizeof buf; i++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s%s", i ? ", " : "",
                              smb_clients[i]->version(), i ? "" : " (default)");
    return buf;
}

/* The names of the built clients, for messages. */
static void client_names(char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; smb_clients[i] && o < len; i++)
        o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? ", " : "", smb_clients[i]->name);
}

#define SMB_TIMEOUT_MS 10000      /* per request: a dead server fails the phase in ~10 s */
/* Set when security descriptors cannot be read from a target of the engine
 * being opened (see probe_secdesc); cleared when proc 0 opens, i.e. at each
 * engine open (a process runs one engine at a time).  Read by
 * smb_op_unavailable, which workloads consult after the backend is open. */
static const char *secdesc_unavailable;

const char *smb_secdesc_unavailable(void)
{
    return __atomic_load_n(&secdesc_unavailable, __ATOMIC_ACQUIRE);
}

/* libsmbclient 4.17 reads security descriptors only through an extra IPC$
 * connection it always opens on port 445; a server reachable only on
 * another port answers ENODATA.  Probing at open also sets that connection
 * up before the measured phases. */
static void probe_secdesc(struct smb_ctx *x, int proc, int port)
{
    smb_result r = { 0 };
    if (proc == 0)
        __atomic_store_n(&secdesc_unavailable, NULL, __ATOMIC_RELEASE);
    else if (__atomic_load_n(&secdesc_unavailable, __ATOMIC_ACQUIRE))
        return;
    if (x->ops->get_secdesc(x->c, "", &r) == -ENODATA && port > 0 && port != 445)
        __atomic_store_n(&secdesc_unavailable,
                         "libsmbclient 4.17 reads security descriptors through an IPC$ connection "
                         "it opens on port 445, and the server does not answer there",
                         __ATOMIC_RELEASE);
}

/* An asynchronous client's requests still in flight are cancelled first
 * (smb_conn_cancel); then the proc's handles are closed and its connection
 * released. */
static void smb_backend_close(void *ctx)
{
    struct smb_ctx *x = ctx;
    smb_result r = { 0 };
    if (x->conn)
        smb_conn_cancel(x);
    if (x->c) {   /* on a given-up connection these fail at once, freeing the handles */
        for (int i = 0; i < SFS_MAX_HANDLES; i++)
            if (x->slot[i]) x->ops->close(x->c, x->slot[i], &r);
        if (x->fsinfo) x->ops->close(x->c, x->fsinfo, &r);
    }
    if (x->conn)
        smb_conn_release(x);
    else if (x->c)
        x->ops->disconnect(x->c);
    free(x->rbuf);
    free(x);
}

/* the options of docs/engine.md: credentials and the client library */
struct smb_opts {
    char username[128];
    char domain[128];
    char password[256];
    int  smb_client;           /* index into SMB_CLIENT_WORDS, if given */
    int  conn_procs;
    int  conn_requests;
};

void smb_conn_params_of(const struct sfs_cfg *cfg, smb_conn_params *p)
{
    const struct smb_opts *o = cfg->backend_opts;
    *p = (smb_conn_params){
        .user = o->username, .password = o->password, .domain = o->domain,
        .timeout_ms = SMB_TIMEOUT_MS, .max_requests = o->conn_requests,
        .outage_max_ms = (int)(cfg->outage_max * 1000), .ride_cfg = cfg,
    };
}

/* The client library the smb_client key names into name ("" if unset:
 * smb_client_find then takes the first one built). */
static void smb_client_name(const struct sfs_cfg *cfg, char *name, size_t len)
{
    const struct smb_opts *o = cfg ? cfg->backend_opts : NULL;
    name[0] = '\0';
    if (o && sfs_cfg_given(cfg, "smb_client") &&
        sfs_choice_word(SMB_CLIENT_WORDS, o->smb_client, name, len) < 0)
        name[0] = '\0';
}

static int smb_backend_open(const struct sfs_cfg *cfg, int proc, const char *root,
                            void **ctxp, char *err, size_t errlen)
{
    char server[256], share[256], folder[SMB_PATH_MAX], msg[768];
    int port;
    const char *target = cfg->target[proc];
    if (smb_parse_target(target, server, sizeof server, &port, share, sizeof share,
                     folder, sizeof folder, err, errlen))
        return -1;
    const struct smb_opts *o = cfg->backend_opts;
    if (!o->username[0]) {
        snprintf(err, errlen, "target %s: username is empty (the SMB backend needs USERNAME "
                 "and PASSWORD)", target);
        return -1;
    }
    char wanted[32];
    smb_client_name(cfg, wanted, sizeof wanted);
    const smb_client_ops *ops = smb_client_find(wanted);
    if (!ops) {
        char names[128];
        client_names(names, sizeof names);
        snprintf(err, errlen, "smb_client=%s: not built into this engine (built: %s%s)",
                 wanted, names[0] ? names : "none",
                 strcmp(wanted, "libsmb2") == 0
                     ? "; bin/install-libsmb2 installs libsmb2, then rebuild" : "");
        return -1;
    }
    if (!ops->service && o->conn_procs != 1) {
        snprintf(err, errlen, "smb_conn_procs=%d: %s is blocking and keeps one connection per "
                 "proc (1); libsmb2 shares connections", o->conn_procs, ops->name);
        return -1;
    }
    if (!ops->service && sfs_cfg_given(cfg, "smb_conn_requests")) {
        snprintf(err, errlen, "smb_conn_requests=%d: %s is blocking and has no queue of requests "
                 "to cap (one call at a time per connection); the key applies to libsmb2",
                 o->conn_requests, ops->name);
        return -1;
    }
    if (!ops->await_reconnect && cfg->outage_max > 0) {
        snprintf(err, errlen, "outage_max=%g: %s cannot ride through an outage (it has no "
                 "connection of its own to make again); smb_client=libsmb2 can, or outage_max=0",
                 cfg->outage_max, ops->name);
        return -1;
    }
    struct smb_ctx *x = calloc(1, sizeof *x);
    if (!x || !(x->rbuf = malloc(SFS_XFER_MAX))) {
        free(x);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    smb_conn_params p;
    smb_conn_params_of(cfg, &p);
    p.server = server;
    p.port = port;
    p.share = share;
    x->ops = ops;
    /* procs share a connection only on one event loop (the thread that drives it) */
    int group = sfs_cfg_loop(cfg, proc) * (SFS_CFG_MAX_PROCS + 1) +
                (o->conn_procs ? sfs_cfg_slot(cfg, proc) / o->conn_procs : 0);
    if (ops->service ? smb_conn_get(x, cfg, target, group, &p, msg, sizeof msg)
                     : ops->connect(&p, &x->c, msg, sizeof msg)) {
        snprintf(err, errlen, "%s", msg);
        free(x->rbuf);
        free(x);
        return -1;
    }
    probe_secdesc(x, proc, port);
    /* mkdir -p folder/root, component by component */
    char comp[SMB_PATH_MAX];
    snprintf(comp, sizeof comp, "%.200s%s%.300s", folder, folder[0] && root[0] ? "/" : "", root);
    char *save = NULL;
    x->prefix[0] = '\0';
    for (char *c = strtok_r(comp, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
        size_t l = strlen(x->prefix);
        if (l + strlen(c) + 2 > sizeof x->prefix) {
            snprintf(err, errlen, "target %s: folder path too long", target);
            smb_backend_close(x);
            return -1;
        }
        snprintf(x->prefix + l, sizeof x->prefix - l, "%s%s", l ? "/" : "", c);
        smb_result r = { 0 };
        int rc = x->ops->mkdir(x->c, x->prefix, &r);
        if (rc < 0 && rc != -EEXIST) {
            snprintf(err, errlen, "target %s: cannot create folder %s in the share: %s%s", target,
                     x->prefix, strerror(-rc),
                     rc == -EACCES || rc == -EPERM ? " (share not writable for this user)" : "");
            smb_backend_close(x);
            return -1;
        }
    }
    *ctxp = x;
    return 0;
}

static int smb_backend_submit(void *ctx, sfs_req *req)
{
    struct smb_ctx *x = ctx;
    if (!x->conn) {
        smb_execute(x, req, x->path, x->path2);
        if (req->done)
            req->done(req);
        return 0;
    }
    return smb_conn_submit(x, req);
}

/* Asynchronous client: wait up to timeout_ns for the shared connection,
 * then service it (every proc's requests on it). */
static int smb_backend_poll(void *ctx, int64_t timeout_ns)
{
    struct smb_ctx *x = ctx;
    short ev = 0, revents = 0;
    int fd = x->ops->fd(x->c, &ev);
    if (fd >= 0 && timeout_ns <= 0) {   /* the loop found it ready, or a timer ran out: libsmb2 */
        revents = POLLIN;                 /* reads without blocking, as cheap as a poll(2) first */
    } else if (fd >= 0) {
        struct pollfd pfd = { .fd = fd, .events = ev, .revents = 0 };
        if (sfs_poll(&pfd, 1, (int)((timeout_ns + 999999) / 1000000)) > 0)
            revents = pfd.revents;
    }
    return x->ops->service(x->c, revents);
}

static int smb_backend_pollfd(void *ctx, short *events)
{
    struct smb_ctx *x = ctx;
    return x->conn ? x->ops->fd(x->c, events) : -1;
}

static const char *smb_backend_error(void *ctx)
{
    struct smb_ctx *x = ctx;
    return x->conn ? x->ops->error(x->c) : "";
}

static int smb_backend_inflight(void *ctx)
{
    return ((struct smb_ctx *)ctx)->inflight;
}

/* libsmb2 runs asynchronously, libsmbclient does not */
static int smb_async_with(const struct sfs_cfg *cfg)
{
    char wanted[32];
    smb_client_name(cfg, wanted, sizeof wanted);
    const smb_client_ops *ops = smb_client_find(wanted);
    return ops && ops->service;
}

static const char *smb_op_unavailable(const struct sfs_cfg *cfg, int op)
{
    char wanted[32];
    smb_client_name(cfg, wanted, sizeof wanted);
    const smb_client_ops *ops = smb_client_find(wanted);
    unsigned caps = ops ? ops->caps : 0;
    const char *why = ops ? ops->caps_reason : "no SMB client library built into this engine";
    switch (op) {
    case SFS_OP_CIFS_ECHO:
        return caps & SMB_CAP_ECHO ? NULL : why;
    case SFS_OP_CIFS_FLUSH:
        return caps & SMB_CAP_FLUSH ? NULL : why;
    case SFS_OP_CIFS_LOCKING_ANDX:
        return caps & SMB_CAP_LOCK ? NULL : why;
    case SFS_OP_COMMIT:
        return "NFS-only procedure: the CIFS mix flushes open handles (FLUSH) instead";
    case SFS_OP_CIFS_QUERY_SECDESC:
        return __atomic_load_n(&secdesc_unavailable, __ATOMIC_ACQUIRE);
    case SFS_OP_NULL:
        return "SMB has no null procedure (ECHO would be the nearest request)";
    case SFS_OP_SETATTR:
        return "SMB has no POSIX mode bits (libsmbclient's chmod only flips the DOS read-only "
               "attribute); only setattr of the times (mode 0) is issued";
    case SFS_OP_READLINK: case SFS_OP_SYMLINK: case SFS_OP_LINK: case SFS_OP_MKNOD:
        return "the smb backend makes no symlinks, hard links or fifos (libsmbclient 4.17 "
               "cannot; SMB2 has them only as reparse points)";
    case SFS_OP_FSINFO: case SFS_OP_PATHCONF:
        return "NFS-only procedure with no SMB2 request of its own";
    default:
        return NULL;
    }
}

#define SMB_TEXT_(n) #n
#define SMB_TEXT(n) SMB_TEXT_(n)   /* a number macro as option default text */

static const sfs_option smb_options[] = {
    { "username", SFS_KEY_TEXT, 0, 0, "", "user of the share (required)",
      SFS_OPT_AT(struct smb_opts, username) },
    { "domain", SFS_KEY_TEXT, 0, 0, "", "domain or workgroup of the user",
      SFS_OPT_AT(struct smb_opts, domain) },
    { "password", SFS_KEY_SECRET, 0, 0, "", "the user's password (never printed)",
      SFS_OPT_AT(struct smb_opts, password) },
    /* unset: the first client built, libsmb2 where it is installed */
    { "smb_client", SFS_KEY_CHOICE, 0, 0, NULL, SMB_CLIENT_WORDS,
      SFS_OPT_AT(struct smb_opts, smb_client) },
    { "smb_conn_procs", SFS_KEY_INT, 0, 1 << 20, "1",
      "procs sharing one SMB connection (libsmb2; 0 = all procs of a target on one event loop, libsmbclient: 1)",
      SFS_OPT_AT(struct smb_opts, conn_procs) },
    { "smb_conn_requests", SFS_KEY_INT, 1, SMB_CONN_REQUESTS_MAX, SMB_TEXT(SMB_CONN_REQUESTS_DEFAULT),
      "requests of one SMB connection handed to libsmb2 at once, at most; further calls wait in "
      "the client's FIFO (libsmb2 walks a list of the requests it holds per request; libsmbclient: "
      "refused, it runs one call at a time)",
      SFS_OPT_AT(struct smb_opts, conn_requests) },
    { NULL, 0, 0, 0, NULL, NULL, 0, 0 },
};

/* libsmb2 records NTSTATUS codes (severity bits set: negative as int32),
 * libsmbclient errno values. */
static const char *smb_status_name(int status)
{
    if (status > 0) return sfs_status_errno_name(status);
#ifdef SFS_SMB_LIBSMB2
    return smb_l2_status_name((uint32_t)status);
#else
    return NULL;
#endif
}

static const sfs_backend smb_backend = {
    .name = "smb",
    .description = "SMB2/3 through libsmb2 or libsmbclient",
    .async = 0,
    .caps = SFS_CAP_NETWORK | SFS_CAP_CREDENTIALS,
    /* null, readlink, link, symlink, mknod, fsinfo and pathconf have no
     * SMB request (smb_op_unavailable says why) */
    .ops = SFS_OPS_ALL & ~(SFS_OP_BIT(SFS_OP_NULL) | SFS_OP_BIT(SFS_OP_READLINK) |
                           SFS_OP_BIT(SFS_OP_LINK) | SFS_OP_BIT(SFS_OP_SYMLINK) |
                           SFS_OP_BIT(SFS_OP_MKNOD) | SFS_OP_BIT(SFS_OP_FSINFO) |
                           SFS_OP_BIT(SFS_OP_PATHCONF)),
    .standard_workload = "sfs2008-cifs",
    .options = smb_options,
    .opts_size = sizeof(struct smb_opts),
    .open = smb_backend_open,
    .submit = smb_backend_submit,
    .poll = smb_backend_poll,
    .inflight = smb_backend_inflight,
    .close = smb_backend_close,
    .pollfd = smb_backend_pollfd,
    .error = smb_backend_error,
    .async_with = smb_async_with,
    .op_unavailable = smb_op_unavailable,
    .libraries = smb_libraries,
    .status_name = smb_status_name,
};
SFS_REGISTER_BACKEND(smb_backend)
