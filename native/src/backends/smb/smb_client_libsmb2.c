/* smb_client.h implemented over libsmb2's raw SMB2 commands.
 *
 * Each call builds its requests with libsmb2's command API, so that what
 * goes on the wire is exactly what this file says: a path call is one
 * compound (CREATE + QUERY_INFO + CLOSE leave in one message and are
 * answered in one), a large READ or WRITE is split into requests that are
 * all in flight at once.  The requests are queued on the connection, whose
 * event loop (poll on libsmb2's socket + smb2_service) runs until every
 * callback of the call has fired; the callbacks only record what the answer
 * carried.  physical counts the requests sent, including the ones of a
 * compound that the server answers with the CREATE's error.
 *
 * Asynchronous use (smb_task.h): a call made inside a task queues its
 * requests and yields; the owner of the connection drives it with
 * smb_client_ops.service, which resumes each task whose answers are all
 * in.  Many tasks' calls are then in flight on one connection.  The state
 * of a call (where its answers go) lives in its task, or in the client for
 * calls made outside any task (connect-time mkdir, close).
 *
 * Credits: libsmb2 asks for credits in every request (up to its 1024) and
 * charges multi-credit READ/WRITE by size; a request that would exceed the
 * credits granted waits in libsmb2's queue (smb2_which_events then leaves
 * out POLLOUT) until answers bring more, so requests never exceed what the
 * server granted and never stall while answers are outstanding.
 */
#include "smb_client.h"
#include "platform_poll.h"
#include "smb_task.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <smb2/smb2.h>
#include <smb2/libsmb2.h>
#include <smb2/libsmb2-raw.h>

#define SMB_IO_PARTS   64        /* requests of one call in flight at most */
#define SMB_DIR_BUF    65536     /* QUERY_DIRECTORY output buffer */
#define SMB_INFO_BUF   65536     /* QUERY_INFO output buffer */
/* SMB2_LOCK_ELEMENT flags (MS-SMB2 2.2.26.1); libsmb2 has no names for them */
#define LOCKFLAG_EXCLUSIVE        0x02u
#define LOCKFLAG_UNLOCK           0x04u
#define LOCKFLAG_FAIL_IMMEDIATELY 0x10u

struct smb_client;
struct call;

/* One request of a call in flight: where its answer goes. */
struct part {
    struct call *k;
    uint32_t status;             /* the answer's NTSTATUS */
    int      answered;
    uint64_t value;              /* bytes read/written, entries listed, ... */
};

/* One call of smb_client.h in flight (a compound or parallel parts). */
struct call {
    struct smb_client *c;
    smb_task *task;              /* NULL: the caller blocks in run() */
    struct call *next, *prev;    /* the client's waiting list */
    int      waiting;            /* task yielded until the parts are answered */
    struct part part[SMB_IO_PARTS];
    int      nparts, pending;
    smb2_file_id created;        /* file id of the last CREATE answered */
    sfs_attr *attr;              /* QUERY_INFO (file) destination */
    const smb_result *listing;   /* QUERY_DIRECTORY: whose entry callback gets the names */
};
_Static_assert(sizeof(struct call) <= SMB_TASK_CLIENT_BYTES, "a call fits in a task's client scratch");

struct smb_client {
    struct smb2_context *smb2;
    int      timeout_ms;
    int      dead;               /* connection lost: every later call fails */
    char     why[256];
    uint32_t max_read, max_write;
    struct call own;             /* the call made outside any task */
    struct call *waiting;        /* calls whose tasks yielded, answers not all in */
    struct call *ready;          /* their answers are in (or the connection died): resume */
    char     where[320];         /* the server and share, for messages */
};

struct smb_file {
    smb2_file_id id;
};

static const char *l2_version(void)
{
#ifdef SFS_LIBSMB2_VERSION
    return "libsmb2 " SFS_LIBSMB2_VERSION;
#else
    return "libsmb2";
#endif
}

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

static int fail(smb_result *r, uint32_t status, int err)
{
    if (err <= 0)
        err = EIO;
    r->proto_status = status ? (int32_t)status : err;
    return -err;
}

/* A waiting call whose answers are in: its task is resumed next. */
static void wake(smb_client *c, struct call *k)
{
    if (!k->waiting)
        return;
    k->waiting = 0;
    if (k->prev) k->prev->next = k->next;
    else c->waiting = k->next;
    if (k->next) k->next->prev = k->prev;
    k->prev = NULL;
    k->next = c->ready;
    c->ready = k;
}

static void mark_dead(smb_client *c, const char *fmt, const char *arg)
{
    if (c->dead)
        return;
    c->dead = 1;
    snprintf(c->why, sizeof c->why, fmt, arg);
    /* every waiting task learns it now: its call fails */
    while (c->waiting)
        wake(c, c->waiting);
}

/* A new call of c: the running task's, or the client's own. */
static struct call *begin(smb_client *c)
{
    smb_task *t = smb_task_self();
    struct call *k = t ? smb_task_client(t) : &c->own;
    k->c = c;
    k->task = t;
    k->nparts = 0;
    k->pending = 0;
    k->listing = NULL;
    return k;
}

static struct part *new_part(struct call *k)
{
    struct part *p = &k->part[k->nparts++];
    p->k = k;
    p->status = 0;
    p->answered = 0;
    p->value = 0;
    k->pending++;
    return p;
}

/* A part queued but not sent after all (libsmb2 could not build a later
 * part of the call). */
static void drop_part(struct call *k)
{
    k->nparts--;
    k->pending--;
}

static void answered(struct part *p, uint32_t status)
{
    struct call *k = p->k;
    smb_client *c = k->c;
    p->status = status;
    p->answered = 1;
    if (status == SMB2_STATUS_IO_TIMEOUT || status == SMB2_STATUS_SHUTDOWN)
        mark_dead(c, "%s", status == SMB2_STATUS_IO_TIMEOUT ? "no answer from the server in time"
                                                          : "connection shut down");
    if (--k->pending == 0)
        wake(c, k);
}

/* Waits until every part of k is answered: inside a task by yielding to
 * the connection's owner (service), else by running the event loop here.
 * 0, or a negative errno if the connection died (then c->why says why). */
static int run(struct call *k)
{
    smb_client *c = k->c;
    if (k->task) {
        if (k->pending > 0 && !c->dead) {
            k->waiting = 1;
            k->prev = NULL;
            k->next = c->waiting;
            if (c->waiting) c->waiting->prev = k;
            c->waiting = k;
            smb_task_yield();
        }
        return c->dead ? -ENOTCONN : 0;
    }
    uint64_t deadline = now_ms() + (uint64_t)c->timeout_ms;
    while (k->pending > 0 && !c->dead) {
        struct pollfd pfd = { .fd = smb2_get_fd(c->smb2),
                              .events = (short)smb2_which_events(c->smb2) };
        uint64_t t = now_ms();
        if (t >= deadline) {
            char ms[32];
            snprintf(ms, sizeof ms, "%d", c->timeout_ms);
            mark_dead(c, "no answer from the server within %s ms", ms);
            break;
        }
        int n = sfs_poll(&pfd, 1, (int)(deadline - t));
        if (n < 0) {
            if (errno == EINTR) continue;
            mark_dead(c, "poll: %s", strerror(errno));
            break;
        }
        if (n == 0)
            continue;
        if (smb2_service(c->smb2, pfd.revents) < 0)
            mark_dead(c, "%s", smb2_get_error(c->smb2));
    }
    return c->dead ? -ENOTCONN : 0;
}

/* The first failure among the parts, as a result: 0 or a negative errno.
 * 'ok' is a status that is not a failure for this call (0 = none). */
static int outcome(struct call *k, smb_result *r, uint32_t ok)
{
    r->physical += (uint32_t)k->nparts;
    if (k->c->dead)
        return fail(r, 0, ENOTCONN);
    for (int i = 0; i < k->nparts; i++) {
        uint32_t s = k->part[i].status;
        if (s != SMB2_STATUS_SUCCESS && s != ok)
            return fail(r, s, nterror_to_errno(s));
    }
    return 0;
}

/* Queue pdu (with whatever is compounded to it) and wait for the answers. */
static int send_and_wait(struct call *k, struct smb2_pdu *pdu)
{
    smb2_queue_pdu(k->c->smb2, pdu);
    return run(k);
}

/* ------------------------------------------------------------ callbacks */

static void on_status(struct smb2_context *smb2, int status, void *data, void *priv)
{
    (void)smb2; (void)data;
    answered(priv, (uint32_t)status);
}

static void on_create(struct smb2_context *smb2, int status, void *data, void *priv)
{
    (void)smb2;
    struct part *p = priv;
    if ((uint32_t)status == SMB2_STATUS_SUCCESS && data)
        memcpy(p->k->created, ((struct smb2_create_reply *)data)->file_id, SMB2_FD_SIZE);
    answered(p, (uint32_t)status);
}

static void on_read(struct smb2_context *smb2, int status, void *data, void *priv)
{
    (void)smb2;
    struct part *p = priv;
    if ((uint32_t)status == SMB2_STATUS_SUCCESS && data)
        p->value = ((struct smb2_read_reply *)data)->data_length;
    answered(p, (uint32_t)status);
}

static void on_write(struct smb2_context *smb2, int status, void *data, void *priv)
{
    (void)smb2;
    struct part *p = priv;
    if ((uint32_t)status == SMB2_STATUS_SUCCESS && data)
        p->value = ((struct smb2_write_reply *)data)->count;
    answered(p, (uint32_t)status);
}

static uint64_t tv_ns(const struct smb2_timeval *tv)
{
    return (uint64_t)tv->tv_sec * 1000000000ull + (uint64_t)tv->tv_usec * 1000ull;
}

static void on_file_info(struct smb2_context *smb2, int status, void *data, void *priv)
{
    struct part *p = priv;
    struct smb2_query_info_reply *rep = data;
    if ((uint32_t)status == SMB2_STATUS_SUCCESS && rep && rep->output_buffer) {
        const struct smb2_file_all_info *fi = rep->output_buffer;
        sfs_attr *a = p->k->attr;
        if (a) {
            a->size = fi->standard.end_of_file;
            a->mode = (fi->basic.file_attributes & SMB2_FILE_ATTRIBUTE_DIRECTORY) ? S_IFDIR | 0755
                                                                                 : S_IFREG | 0644;
            a->nlink = fi->standard.number_of_links;
            a->mtime_ns = tv_ns(&fi->basic.last_write_time);
            a->atime_ns = tv_ns(&fi->basic.last_access_time);
            a->uid = a->gid = 0;
        }
        smb2_free_data(smb2, rep->output_buffer);
    }
    answered(p, (uint32_t)status);
}

static void on_fs_info(struct smb2_context *smb2, int status, void *data, void *priv)
{
    struct part *p = priv;
    struct smb2_query_info_reply *rep = data;
    if ((uint32_t)status == SMB2_STATUS_SUCCESS && rep && rep->output_buffer) {
        const struct smb2_file_fs_full_size_info *fs = rep->output_buffer;
        p->value = fs->caller_available_allocation_units * fs->sectors_per_allocation_unit *
                   (uint64_t)fs->bytes_per_sector;
        smb2_free_data(smb2, rep->output_buffer);
    }
    answered(p, (uint32_t)status);
}

static void on_security(struct smb2_context *smb2, int status, void *data, void *priv)
{
    struct part *p = priv;
    struct smb2_query_info_reply *rep = data;
    if ((uint32_t)status == SMB2_STATUS_SUCCESS && rep) {
        p->value = rep->output_buffer_length;
        if (rep->output_buffer)
            smb2_free_data(smb2, rep->output_buffer);
    }
    answered(p, (uint32_t)status);
}

/* FILE_ID_FULL_DIR_INFORMATION entries: NextEntryOffset at 0, FileNameLength
 * at 60, the UTF-16LE name at 80. */
static void put_name(const smb_result *r, const uint8_t *u, uint32_t bytes)
{
    char name[1024];
    size_t o = 0;
    for (uint32_t i = 0; i + 1 < bytes && o + 4 < sizeof name; i += 2) {
        uint32_t c = (uint32_t)u[i] | (uint32_t)u[i + 1] << 8;
        if (c >= 0xD800 && c < 0xDC00 && i + 3 < bytes) {     /* surrogate pair */
            uint32_t lo = (uint32_t)u[i + 2] | (uint32_t)u[i + 3] << 8;
            c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
            i += 2;
        }
        if (c < 0x80) name[o++] = (char)c;
        else if (c < 0x800) { name[o++] = (char)(0xC0 | c >> 6); name[o++] = (char)(0x80 | (c & 0x3F)); }
        else if (c < 0x10000) {
            name[o++] = (char)(0xE0 | c >> 12); name[o++] = (char)(0x80 | ((c >> 6) & 0x3F));
            name[o++] = (char)(0x80 | (c & 0x3F));
        } else {
            name[o++] = (char)(0xF0 | c >> 18); name[o++] = (char)(0x80 | ((c >> 12) & 0x3F));
            name[o++] = (char)(0x80 | ((c >> 6) & 0x3F)); name[o++] = (char)(0x80 | (c & 0x3F));
        }
    }
    name[o] = '\0';
    r->entry(r->entry_arg, name);
}

/* 'names' (may be NULL): its entry callback gets every name but . and .. */
static uint64_t count_entries(const uint8_t *b, uint32_t len, const smb_result *names)
{
    uint64_t n = 0;
    uint32_t off = 0;
    while (off + 80 <= len) {
        uint32_t next = (uint32_t)b[off] | (uint32_t)b[off + 1] << 8 |
                        (uint32_t)b[off + 2] << 16 | (uint32_t)b[off + 3] << 24;
        uint32_t nl = (uint32_t)b[off + 60] | (uint32_t)b[off + 61] << 8 |
                      (uint32_t)b[off + 62] << 16 | (uint32_t)b[off + 63] << 24;
        const uint8_t *name = b + off + 80;
        int dot = off + 80 + nl <= len &&
                  ((nl == 2 && name[0] == '.' && !name[1]) ||
                   (nl == 4 && name[0] == '.' && !name[1] && name[2] == '.' && !name[3]));
        if (!dot) {
            n++;
            if (names && off + 80 + nl <= len) put_name(names, name, nl);
        }
        if (next == 0)
            break;
        off += next;
    }
    return n;
}

static void on_dir(struct smb2_context *smb2, int status, void *data, void *priv)
{
    (void)smb2;
    struct part *p = priv;
    struct smb2_query_directory_reply *rep = data;
    if ((uint32_t)status == SMB2_STATUS_SUCCESS && rep && rep->output_buffer)
        p->value = count_entries(rep->output_buffer, rep->output_buffer_length, p->k->listing);
    answered(p, (uint32_t)status);
}

/* ------------------------------------------------------ request builders */

/* Each returns the pdu (NULL if libsmb2 could not build it); the part that
 * receives the answer is taken from the call. */

static struct smb2_pdu *cmd_create(struct call *k, const char *path, uint32_t access,
                                   uint32_t share, uint32_t disposition, uint32_t options)
{
    struct smb2_create_request req;
    memset(&req, 0, sizeof req);
    req.requested_oplock_level = SMB2_OPLOCK_LEVEL_NONE;
    req.impersonation_level = SMB2_IMPERSONATION_IMPERSONATION;
    req.desired_access = access;
    req.file_attributes = (options & SMB2_FILE_DIRECTORY_FILE) ? SMB2_FILE_ATTRIBUTE_DIRECTORY
                                                               : SMB2_FILE_ATTRIBUTE_NORMAL;
    req.share_access = share;
    req.create_disposition = disposition;
    req.create_options = options;
    req.name = path;
    return smb2_cmd_create_async(k->c->smb2, &req, on_create, new_part(k));
}

static struct smb2_pdu *cmd_close(struct call *k, const smb2_file_id id)
{
    struct smb2_close_request req;
    memset(&req, 0, sizeof req);
    memcpy(req.file_id, id, SMB2_FD_SIZE);
    return smb2_cmd_close_async(k->c->smb2, &req, on_status, new_part(k));
}

static struct smb2_pdu *cmd_query_info(struct call *k, const smb2_file_id id, uint8_t type,
                                       uint8_t cls, uint32_t extra, smb2_command_cb cb)
{
    struct smb2_query_info_request req;
    memset(&req, 0, sizeof req);
    req.info_type = type;
    req.file_info_class = cls;
    req.output_buffer_length = SMB_INFO_BUF;
    req.additional_information = extra;
    memcpy(req.file_id, id, SMB2_FD_SIZE);
    return smb2_cmd_query_info_async(k->c->smb2, &req, cb, new_part(k));
}

static struct smb2_pdu *cmd_set_info(struct call *k, const smb2_file_id id, uint8_t cls, void *in)
{
    struct smb2_set_info_request req;
    memset(&req, 0, sizeof req);
    req.info_type = SMB2_0_INFO_FILE;
    req.file_info_class = cls;
    req.input_data = in;
    memcpy(req.file_id, id, SMB2_FD_SIZE);
    return smb2_cmd_set_info_async(k->c->smb2, &req, on_status, new_part(k));
}

static struct smb2_pdu *cmd_query_dir(struct call *k, const smb2_file_id id)
{
    struct smb2_query_directory_request req;
    memset(&req, 0, sizeof req);
    req.file_information_class = SMB2_FILE_ID_FULL_DIRECTORY_INFORMATION;
    req.output_buffer_length = SMB_DIR_BUF;
    req.name = "*";
    memcpy(req.file_id, id, SMB2_FD_SIZE);
    return smb2_cmd_query_directory_async(k->c->smb2, &req, on_dir, new_part(k));
}

/* Chains pdus[1..n-1] to pdus[0] as one compound and runs it.  A pdu that
 * could not be built fails the call before anything is sent. */
static int compound(struct call *k, struct smb2_pdu **pdus, int n, smb_result *r, uint32_t ok)
{
    smb_client *c = k->c;
    for (int i = 0; i < n; i++)
        if (!pdus[i]) {
            for (int j = 0; j < n; j++)
                if (pdus[j]) smb2_free_pdu(c->smb2, pdus[j]);
            while (k->nparts > 0)
                drop_part(k);
            return fail(r, 0, ENOMEM);
        }
    for (int i = 1; i < n; i++)
        smb2_add_compound_pdu(c->smb2, pdus[0], pdus[i]);
    send_and_wait(k, pdus[0]);
    return outcome(k, r, ok);
}

static int alive(smb_client *c, smb_result *r)
{
    return c->dead ? fail(r, 0, ENOTCONN) : 0;
}

/* ----------------------------------------------------------- connection */

static void l2_abandon(smb_client *c)
{
    mark_dead(c, "%s", "given up with requests unanswered");
    c->ready = NULL;   /* woken by mark_dead, but their ops are cancelled */
}

static void l2_disconnect(smb_client *c)
{
    if (!c)
        return;
    if (c->smb2) {
        if (!c->dead)
            smb2_disconnect_share(c->smb2);
        smb2_destroy_context(c->smb2);
    }
    free(c);
}

static int l2_connect(const smb_conn_params *p, smb_client **out, char *err, size_t errlen)
{
    smb_client *c = calloc(1, sizeof *c);
    if (!c || !(c->smb2 = smb2_init_context())) {
        free(c);
        snprintf(err, errlen, "libsmb2: out of memory");
        return -ENOMEM;
    }
    c->timeout_ms = p->timeout_ms > 0 ? p->timeout_ms : 30000;
    smb2_set_timeout(c->smb2, (c->timeout_ms + 999) / 1000);
    smb2_set_version(c->smb2, SMB2_VERSION_ANY);   /* SMB 2.02 up to 3.1.1 */
    smb2_set_security_mode(c->smb2, SMB2_NEGOTIATE_SIGNING_ENABLED);
    smb2_set_user(c->smb2, p->user);
    smb2_set_password(c->smb2, p->password ? p->password : "");
    if (p->domain && p->domain[0])
        smb2_set_domain(c->smb2, p->domain);
    char server[300];
    if (p->port > 0)
        snprintf(server, sizeof server, strchr(p->server, ':') ? "[%s]:%d" : "%s:%d",
                 p->server, p->port);
    else
        snprintf(server, sizeof server, "%s", p->server);
    if (smb2_connect_share(c->smb2, server, p->share, p->user) < 0) {
        uint32_t st = (uint32_t)smb2_get_nterror(c->smb2);
        int e = st == SMB2_STATUS_LOGON_FAILURE || st == SMB2_STATUS_WRONG_PASSWORD ? EACCES
              : st ? nterror_to_errno(st) : ECONNREFUSED;
        const char *hint = smb_connect_hint(e);
        char why[200];
        snprintf(why, sizeof why, "%s", smb2_get_error(c->smb2));
        why[strcspn(why, "\n")] = '\0';
        /* without an NTSTATUS the socket failed: libsmb2's own message says how */
        snprintf(err, errlen, "cannot connect to \\\\%s:%d\\%s as user '%s'%s%s: %s%s%s%s",
                 p->server, p->port > 0 ? p->port : 445, p->share, p->user,
                 p->domain && p->domain[0] ? " domain " : "", p->domain ? p->domain : "",
                 hint ? hint : "", st ? "" : " (libsmb2: ", st ? "" : why,
                 st ? "" : ")");
        c->dead = 1;
        l2_disconnect(c);
        return -e;
    }
    snprintf(c->where, sizeof c->where, "\\\\%s:%d\\%s", p->server, p->port > 0 ? p->port : 445,
             p->share);
    c->max_read = smb2_get_max_read_size(c->smb2);
    c->max_write = smb2_get_max_write_size(c->smb2);
    if (c->max_read == 0) c->max_read = 65536;
    if (c->max_write == 0) c->max_write = 65536;
    *out = c;
    return 0;
}

/* ---------------------------------------------------------------- calls */

static int l2_open(smb_client *c, const char *path, int flags, smb_file **f, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    uint32_t access = SMB2_FILE_READ_ATTRIBUTES | SMB2_READ_CONTROL;
    if (flags & SMB_OPEN_READ) access |= SMB2_FILE_READ_DATA | SMB2_FILE_READ_EA;
    if (flags & SMB_OPEN_WRITE)
        access |= SMB2_FILE_WRITE_DATA | SMB2_FILE_APPEND_DATA | SMB2_FILE_WRITE_ATTRIBUTES |
                  SMB2_FILE_WRITE_EA;
    uint32_t disp = SMB2_FILE_OPEN;
    if ((flags & SMB_OPEN_CREATE) && (flags & SMB_OPEN_EXCL)) disp = SMB2_FILE_CREATE;
    else if ((flags & SMB_OPEN_CREATE) && (flags & SMB_OPEN_TRUNC)) disp = SMB2_FILE_OVERWRITE_IF;
    else if (flags & SMB_OPEN_CREATE) disp = SMB2_FILE_OPEN_IF;
    else if (flags & SMB_OPEN_TRUNC) disp = SMB2_FILE_OVERWRITE;
    smb_file *sf = malloc(sizeof *sf);
    if (!sf)
        return fail(r, 0, ENOMEM);
    struct call *k = begin(c);
    struct smb2_pdu *pdu = cmd_create(k, path, access, SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE |
                                      SMB2_FILE_SHARE_DELETE, disp,
                                      flags & SMB_OPEN_CREATE ? SMB2_FILE_NON_DIRECTORY_FILE : 0);
    int rc = compound(k, &pdu, 1, r, 0);
    if (rc < 0) {
        free(sf);
        return rc;
    }
    memcpy(sf->id, k->created, SMB2_FD_SIZE);
    *f = sf;
    return 0;
}

static int l2_close(smb_client *c, smb_file *f, smb_result *r)
{
    int rc = alive(c, r);
    if (rc == 0) {
        struct call *k = begin(c);
        struct smb2_pdu *pdu = cmd_close(k, f->id);
        rc = compound(k, &pdu, 1, r, 0);
    }
    free(f);
    return rc;
}

/* READ or WRITE of len bytes at off as ceil(len / max) requests, all in
 * flight together.  Returns the bytes moved: up to the first short part. */
static int64_t io(smb_client *c, smb_file *f, uint64_t off, uint8_t *buf, size_t len, int write,
                  smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    if (!buf)
        return fail(r, 0, EINVAL);
    uint32_t max = write ? c->max_write : c->max_read;
    size_t nparts = len == 0 ? 1 : (len + max - 1) / max;
    if (nparts > SMB_IO_PARTS)
        return fail(r, 0, EINVAL);
    struct call *k = begin(c);
    for (size_t i = 0; i < nparts; i++) {
        size_t at = i * max, n = len - at < max ? len - at : max;
        struct smb2_pdu *pdu;
        if (write) {
            struct smb2_write_request req;
            memset(&req, 0, sizeof req);
            req.length = (uint32_t)n;
            req.offset = off + at;
            req.buf = buf + at;
            memcpy(req.file_id, f->id, SMB2_FD_SIZE);
            pdu = smb2_cmd_write_async(c->smb2, &req, 0, on_write, new_part(k));
        } else {
            struct smb2_read_request req;
            memset(&req, 0, sizeof req);
            req.length = (uint32_t)n;
            req.offset = off + at;
            req.buf = buf + at;
            memcpy(req.file_id, f->id, SMB2_FD_SIZE);
            pdu = smb2_cmd_read_async(c->smb2, &req, on_read, new_part(k));
        }
        if (!pdu) {
            /* the parts already queued are answered before we return */
            drop_part(k);
            run(k);
            outcome(k, r, 0);
            return fail(r, 0, ENOMEM);
        }
        smb2_queue_pdu(c->smb2, pdu);
    }
    run(k);
    /* a READ starting at or past the end of the file answers END_OF_FILE */
    int rc = outcome(k, r, write ? 0 : SMB2_STATUS_END_OF_FILE);
    if (rc < 0)
        return rc;
    uint64_t total = 0;
    for (int i = 0; i < k->nparts; i++) {
        size_t asked = i + 1 < k->nparts ? max : len - (size_t)i * max;
        total += k->part[i].value;
        if (k->part[i].value < asked)
            break;
    }
    return (int64_t)total;
}

static int64_t l2_read(smb_client *c, smb_file *f, uint64_t off, void *buf, size_t len, smb_result *r)
{
    return io(c, f, off, buf, len, 0, r);
}

static int64_t l2_write(smb_client *c, smb_file *f, uint64_t off, const void *buf, size_t len,
                        smb_result *r)
{
    /* libsmb2 only reads from the buffer of a write request */
    return io(c, f, off, (uint8_t *)(uintptr_t)buf, len, 1, r);
}

static int l2_fstat(smb_client *c, smb_file *f, sfs_attr *a, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct call *k = begin(c);
    k->attr = a;
    struct smb2_pdu *pdu = cmd_query_info(k, f->id, SMB2_0_INFO_FILE, SMB2_FILE_ALL_INFORMATION, 0,
                                          on_file_info);
    int rc = compound(k, &pdu, 1, r, 0);
    k->attr = NULL;
    return rc;
}

static int l2_stat(smb_client *c, const char *path, sfs_attr *a, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct call *k = begin(c);
    k->attr = a;
    struct smb2_pdu *p[3];
    p[0] = cmd_create(k, path, SMB2_FILE_READ_ATTRIBUTES | SMB2_FILE_READ_EA,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      SMB2_FILE_OPEN, 0);
    p[1] = cmd_query_info(k, compound_file_id, SMB2_0_INFO_FILE, SMB2_FILE_ALL_INFORMATION, 0,
                          on_file_info);
    p[2] = cmd_close(k, compound_file_id);
    int rc = compound(k, p, 3, r, 0);
    k->attr = NULL;
    return rc;
}

static int l2_set_eof(smb_client *c, smb_file *f, uint64_t size, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct smb2_file_end_of_file_info eof = { .end_of_file = size };
    struct call *k = begin(c);
    struct smb2_pdu *pdu = cmd_set_info(k, f->id, SMB2_FILE_END_OF_FILE_INFORMATION, &eof);
    return compound(k, &pdu, 1, r, 0);
}

static int l2_set_times(smb_client *c, const char *path, uint64_t mtime_ns, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct smb2_file_basic_info bi;
    memset(&bi, 0, sizeof bi);   /* zero times and attributes: left as they are */
    bi.last_write_time.tv_sec = (uint32_t)(mtime_ns / 1000000000ull);
    bi.last_write_time.tv_usec = (uint32_t)(mtime_ns % 1000000000ull / 1000);
    bi.last_access_time = bi.last_write_time;
    struct call *k = begin(c);
    struct smb2_pdu *p[3];
    p[0] = cmd_create(k, path, SMB2_FILE_WRITE_ATTRIBUTES,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      SMB2_FILE_OPEN, 0);
    p[1] = cmd_set_info(k, compound_file_id, SMB2_FILE_BASIC_INFORMATION, &bi);
    p[2] = cmd_close(k, compound_file_id);
    return compound(k, p, 3, r, 0);
}

static int l2_query_fs(smb_client *c, smb_file *f, uint64_t *free_bytes, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct call *k = begin(c);
    struct smb2_pdu *pdu = cmd_query_info(k, f->id, SMB2_0_INFO_FILESYSTEM,
                                          SMB2_FILE_FS_FULL_SIZE_INFORMATION, 0, on_fs_info);
    int rc = compound(k, &pdu, 1, r, 0);
    if (rc == 0 && free_bytes)
        *free_bytes = k->part[0].value;
    return rc;
}

/* CREATE + QUERY_DIRECTORY (compound), QUERY_DIRECTORY until NO_MORE_FILES,
 * CLOSE. */
static int64_t l2_list_dir(smb_client *c, const char *path, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    const smb_result *names = r->entry ? r : NULL;
    struct call *k = begin(c);
    k->listing = names;
    struct smb2_pdu *p[2];
    p[0] = cmd_create(k, path, SMB2_FILE_LIST_DIRECTORY | SMB2_FILE_READ_ATTRIBUTES,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      SMB2_FILE_OPEN, SMB2_FILE_DIRECTORY_FILE);
    p[1] = cmd_query_dir(k, compound_file_id);
    int rc = compound(k, p, 2, r, SMB2_STATUS_NO_MORE_FILES);
    if (rc < 0)
        return rc;
    smb2_file_id dir;
    memcpy(dir, k->created, SMB2_FD_SIZE);
    uint64_t n = k->part[1].value;
    uint32_t last = k->part[1].status;
    while (last == SMB2_STATUS_SUCCESS) {
        k = begin(c);
        k->listing = names;
        struct smb2_pdu *q = cmd_query_dir(k, dir);
        if ((rc = compound(k, &q, 1, r, SMB2_STATUS_NO_MORE_FILES)) < 0)
            return rc;
        n += k->part[0].value;
        last = k->part[0].status;
    }
    k = begin(c);
    struct smb2_pdu *cl = cmd_close(k, dir);
    if ((rc = compound(k, &cl, 1, r, 0)) < 0)
        return rc;
    return (int64_t)n;
}

static int64_t l2_get_secdesc(smb_client *c, const char *path, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct call *k = begin(c);
    struct smb2_pdu *p[3];
    p[0] = cmd_create(k, path, SMB2_READ_CONTROL | SMB2_FILE_READ_ATTRIBUTES,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      SMB2_FILE_OPEN, 0);
    p[1] = cmd_query_info(k, compound_file_id, SMB2_0_INFO_SECURITY, 0,
                          SMB2_OWNER_SECURITY_INFORMATION | SMB2_GROUP_SECURITY_INFORMATION |
                          SMB2_DACL_SECURITY_INFORMATION, on_security);
    p[2] = cmd_close(k, compound_file_id);
    int rc = compound(k, p, 3, r, 0);
    return rc < 0 ? rc : (int64_t)k->part[1].value;
}

/* CREATE (with the given options) + CLOSE as one compound. */
static int create_close(smb_client *c, const char *path, uint32_t access, uint32_t disp,
                        uint32_t options, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct call *k = begin(c);
    struct smb2_pdu *p[2];
    p[0] = cmd_create(k, path, access,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      disp, options);
    p[1] = cmd_close(k, compound_file_id);
    return compound(k, p, 2, r, 0);
}

static int l2_mkdir(smb_client *c, const char *path, smb_result *r)
{
    return create_close(c, path, SMB2_FILE_READ_ATTRIBUTES, SMB2_FILE_CREATE,
                        SMB2_FILE_DIRECTORY_FILE, r);
}

static int l2_rmdir(smb_client *c, const char *path, smb_result *r)
{
    return create_close(c, path, SMB2_DELETE, SMB2_FILE_OPEN,
                        SMB2_FILE_DIRECTORY_FILE | SMB2_FILE_DELETE_ON_CLOSE, r);
}

static int l2_unlink(smb_client *c, const char *path, smb_result *r)
{
    return create_close(c, path, SMB2_DELETE, SMB2_FILE_OPEN,
                        SMB2_FILE_NON_DIRECTORY_FILE | SMB2_FILE_DELETE_ON_CLOSE, r);
}

static int l2_rename(smb_client *c, const char *from, const char *to, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct smb2_file_rename_info ri = { .replace_if_exist = 1, .file_name = (const uint8_t *)to };
    struct call *k = begin(c);
    struct smb2_pdu *p[3];
    p[0] = cmd_create(k, from, SMB2_DELETE | SMB2_FILE_READ_ATTRIBUTES,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      SMB2_FILE_OPEN, 0);
    p[1] = cmd_set_info(k, compound_file_id, SMB2_FILE_RENAME_INFORMATION, &ri);
    p[2] = cmd_close(k, compound_file_id);
    return compound(k, p, 3, r, 0);
}

static int l2_echo(smb_client *c, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct call *k = begin(c);
    struct smb2_pdu *pdu = smb2_cmd_echo_async(c->smb2, on_status, new_part(k));
    return compound(k, &pdu, 1, r, 0);
}

static int l2_flush(smb_client *c, smb_file *f, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct smb2_flush_request req;
    memcpy(req.file_id, f->id, SMB2_FD_SIZE);
    struct call *k = begin(c);
    struct smb2_pdu *pdu = smb2_cmd_flush_async(c->smb2, &req, on_status, new_part(k));
    return compound(k, &pdu, 1, r, 0);
}

static int l2_lock(smb_client *c, smb_file *f, uint64_t off, uint64_t len, int unlock, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct smb2_lock_element el = {
        .offset = off, .length = len,
        .flags = unlock ? LOCKFLAG_UNLOCK : LOCKFLAG_EXCLUSIVE | LOCKFLAG_FAIL_IMMEDIATELY,
    };
    struct smb2_lock_request req;
    memset(&req, 0, sizeof req);
    req.lock_count = 1;
    req.locks = &el;
    memcpy(req.file_id, f->id, SMB2_FD_SIZE);
    struct call *k = begin(c);
    struct smb2_pdu *pdu = smb2_cmd_lock_async(c->smb2, &req, on_status, new_part(k));
    return compound(k, &pdu, 1, r, 0);
}

/* ----------------------------------------------------- asynchronous use */

static int l2_fd(smb_client *c, short *events)
{
    if (c->dead)
        return -1;
    *events = (short)smb2_which_events(c->smb2);
    return smb2_get_fd(c->smb2);
}

static int l2_service(smb_client *c, short revents)
{
    if (!c->dead && smb2_service(c->smb2, revents) < 0)
        mark_dead(c, "%s", smb2_get_error(c->smb2));
    while (c->ready) {
        struct call *k = c->ready;
        c->ready = k->next;
        k->next = NULL;
        smb_task_resume(k->task);
    }
    /* the resumed tasks' next requests leave now, not after another poll */
    if (!c->dead && (smb2_which_events(c->smb2) & POLLOUT) &&
        smb2_service(c->smb2, POLLOUT) < 0)
        mark_dead(c, "%s", smb2_get_error(c->smb2));
    return c->dead ? -1 : 0;
}

static const char *l2_error(smb_client *c)
{
    static __thread char msg[640];
    if (!c->dead)
        return "";
    snprintf(msg, sizeof msg, "SMB server %s: %s", c->where, c->why);
    return msg;
}

const smb_client_ops smb_client_libsmb2 = {
    .name = "libsmb2",
    .version = l2_version,
    .caps = SMB_CAP_ECHO | SMB_CAP_FLUSH | SMB_CAP_LOCK,
    .caps_reason = NULL,
    .connect = l2_connect, .disconnect = l2_disconnect,
    .open = l2_open, .close = l2_close, .read = l2_read, .write = l2_write,
    .fstat = l2_fstat, .stat = l2_stat, .set_eof = l2_set_eof, .set_times = l2_set_times,
    .query_fs = l2_query_fs, .list_dir = l2_list_dir, .get_secdesc = l2_get_secdesc,
    .mkdir = l2_mkdir, .rmdir = l2_rmdir, .unlink = l2_unlink, .rename = l2_rename,
    .echo = l2_echo, .flush = l2_flush, .lock = l2_lock,
    .fd = l2_fd, .service = l2_service, .error = l2_error, .abandon = l2_abandon,
};
