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
#include "smb_l2.h"

#include <errno.h>
#include "clock.h"
#include "platform_poll.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* SMB2_LOCK_ELEMENT flags (MS-SMB2 2.2.26.1); libsmb2 has no names for them */
#define LOCKFLAG_EXCLUSIVE        0x02u
#define LOCKFLAG_UNLOCK           0x04u
#define LOCKFLAG_FAIL_IMMEDIATELY 0x10u

static const char *l2_version(void)
{
#ifdef SFS_LIBSMB2_VERSION
    return "libsmb2 " SFS_LIBSMB2_VERSION;
#else
    return "libsmb2";
#endif
}

static int alive(smb_client *c, smb_result *r)
{
    return c->dead ? l2_fail(r, 0, ENOTCONN) : 0;
}

/* alive, and f was not lost in an outage (it is not open on the server) */
static int usable(smb_client *c, smb_file *f, smb_result *r)
{
    if (c->dead) return l2_fail(r, 0, ENOTCONN);
    return f->lost ? l2_fail(r, 0, ESTALE) : 0;
}

/* ----------------------------------------------------------- connection */

static void l2_abandon(smb_client *c)
{
    l2_mark_dead(c, "%s", "given up with requests unanswered");
    c->ready = NULL;   /* woken by l2_mark_dead, but their ops are cancelled */
    c->gone = 1;
    c->parked = c->parked_last = NULL;   /* resumed by the cancel, their ops cancelled too */
}

static void l2_disconnect(smb_client *c)
{
    if (!c)
        return;
    if (!c->dead) {
        smb2_set_timeout(c->smb2, (c->timeout_ms + 999) / 1000);   /* a sync call: libsmb2 waits */
        smb2_disconnect_share(c->smb2);
    }
    l2_free(c);
}

smb_client *l2_client_new(const smb_conn_params *p)
{
    smb_client *c = calloc(1, sizeof *c);
    if (!c || !(c->smb2 = smb2_init_context())) {
        free(c);
        return NULL;
    }
    c->timeout_ms = p->timeout_ms > 0 ? p->timeout_ms : 30000;
    c->cap = p->max_requests > 0 ? p->max_requests : SMB_CONN_REQUESTS_DEFAULT;
    c->outage_max_ms = p->outage_max_ms;
    c->ride_cfg = p->ride_cfg;
    if (p->port > 0)
        snprintf(c->server, sizeof c->server, strchr(p->server, ':') ? "[%s]:%d" : "%s:%d",
                 p->server, p->port);
    else
        snprintf(c->server, sizeof c->server, "%s", p->server);
    snprintf(c->share, sizeof c->share, "%s", p->share);
    snprintf(c->user, sizeof c->user, "%s", p->user);
    snprintf(c->password, sizeof c->password, "%s", p->password ? p->password : "");
    snprintf(c->domain, sizeof c->domain, "%s", p->domain ? p->domain : "");
    return c;
}

void l2_free(smb_client *c)
{
    smb2_destroy_context(c->smb2);
    while (c->files) {   /* handles the procs never closed (a given-up connection) */
        smb_file *f = c->files;
        l2_file_closed(c, f);
        free(f);
    }
    memset(c->password, 0, sizeof c->password);
    free(c);
}

int l2_session(smb_client *c, struct smb2_context *smb2, int timeout_s)
{
    smb2_set_timeout(smb2, timeout_s);
    smb2_set_version(smb2, SMB2_VERSION_ANY);   /* SMB 2.02 up to 3.1.1 */
    smb2_set_security_mode(smb2, SMB2_NEGOTIATE_SIGNING_ENABLED);
    smb2_set_user(smb2, c->user);
    smb2_set_password(smb2, c->password);
    if (c->domain[0])
        smb2_set_domain(smb2, c->domain);
    if (c->outage_max_ms)   /* durable handles come with batch oplocks, which the server may break */
        smb2_set_oplock_or_lease_break_callback(smb2, l2_on_oplock_break);
    if (smb2_connect_share(smb2, c->server, c->share, c->user) < 0)
        return -1;
    smb2_set_timeout(smb2, 0);   /* from now on l2_expire's, see smb_l2.h */
    c->max_read = smb2_get_max_read_size(smb2);
    c->max_write = smb2_get_max_write_size(smb2);
    if (c->max_read == 0) c->max_read = 65536;
    if (c->max_write == 0) c->max_write = 65536;
    return 0;
}

static int l2_connect(const smb_conn_params *p, smb_client **out, char *err, size_t errlen)
{
    smb_client *c = l2_client_new(p);
    if (!c) {
        snprintf(err, errlen, "libsmb2: out of memory");
        return -ENOMEM;
    }
    if (l2_session(c, c->smb2, (c->timeout_ms + 999) / 1000) < 0) {
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
    *out = c;
    return 0;
}

/* ---------------------------------------------------------------- calls */

uint32_t l2_open_access(int flags)
{
    uint32_t access = SMB2_FILE_READ_ATTRIBUTES | SMB2_READ_CONTROL;
    if (flags & SMB_OPEN_READ) access |= SMB2_FILE_READ_DATA | SMB2_FILE_READ_EA;
    if (flags & SMB_OPEN_WRITE)
        access |= SMB2_FILE_WRITE_DATA | SMB2_FILE_APPEND_DATA | SMB2_FILE_WRITE_ATTRIBUTES |
                  SMB2_FILE_WRITE_EA;
    return access;
}

static int l2_open(smb_client *c, const char *path, int flags, smb_file **f, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    uint32_t access = l2_open_access(flags);
    uint32_t disp = SMB2_FILE_OPEN;
    if ((flags & SMB_OPEN_CREATE) && (flags & SMB_OPEN_EXCL)) disp = SMB2_FILE_CREATE;
    else if ((flags & SMB_OPEN_CREATE) && (flags & SMB_OPEN_TRUNC)) disp = SMB2_FILE_OVERWRITE_IF;
    else if (flags & SMB_OPEN_CREATE) disp = SMB2_FILE_OPEN_IF;
    else if (flags & SMB_OPEN_TRUNC) disp = SMB2_FILE_OVERWRITE;
    smb_file *sf = calloc(1, sizeof *sf);
    if (!sf || !(sf->path = strdup(path))) {
        free(sf);
        return l2_fail(r, 0, ENOMEM);
    }
    sf->flags = flags & (SMB_OPEN_READ | SMB_OPEN_WRITE | SMB_OPEN_DURABLE);
    struct call *k = l2_begin(c);
    uint32_t options = flags & SMB_OPEN_CREATE ? SMB2_FILE_NON_DIRECTORY_FILE : 0;
    struct smb2_pdu *pdu = (flags & SMB_OPEN_DURABLE) && c->outage_max_ms
        ? l2_cmd_create_durable(k, path, access, disp, options, NULL)
        : l2_cmd_create(k, path, access, L2_SHARE_ALL, disp, options);
    int rc = l2_compound(k, &pdu, 1, r, 0);
    if (rc < 0) {
        free(sf->path);
        free(sf);
        return rc;
    }
    memcpy(sf->id, k->created, SMB2_FD_SIZE);
    sf->durable = k->durable;
    l2_file_opened(c, sf);
    *f = sf;
    return 0;
}

static int l2_close(smb_client *c, smb_file *f, smb_result *r)
{
    int rc = usable(c, f, r);
    if (rc == 0) {
        struct call *k = l2_begin(c);
        struct smb2_pdu *pdu = l2_cmd_close(k, f->id);
        rc = l2_compound(k, &pdu, 1, r, 0);
    }
    l2_file_closed(c, f);
    free(f);
    return rc;
}

/* READ or WRITE of len bytes at off as ceil(len / max) requests, all in
 * flight together.  Returns the bytes moved: up to the first short part. */
static int64_t io(smb_client *c, smb_file *f, uint64_t off, uint8_t *buf, size_t len, int write,
                  smb_result *r)
{
    int rc0;
    if ((rc0 = usable(c, f, r)) < 0) return rc0;
    if (!buf)
        return l2_fail(r, 0, EINVAL);
    uint32_t max = write ? c->max_write : c->max_read;
    size_t nparts = len == 0 ? 1 : (len + max - 1) / max;
    if (nparts > SMB_IO_PARTS)
        return l2_fail(r, 0, EINVAL);
    struct call *k = l2_begin(c);
    if (l2_admit(k, (int)nparts) < 0)
        return l2_fail(r, 0, ENOTCONN);
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
            pdu = smb2_cmd_write_async(c->smb2, &req, 0, l2_on_write, l2_new_part(k));
        } else {
            struct smb2_read_request req;
            memset(&req, 0, sizeof req);
            req.length = (uint32_t)n;
            req.offset = off + at;
            req.buf = buf + at;
            memcpy(req.file_id, f->id, SMB2_FD_SIZE);
            pdu = smb2_cmd_read_async(c->smb2, &req, l2_on_read, l2_new_part(k));
        }
        if (!pdu) {
            /* the parts already queued are answered before we return */
            l2_drop_part(k);
            l2_unhand(k, (int)(nparts - i));
            l2_run(k);
            l2_outcome(k, r, 0);
            return l2_fail(r, 0, ENOMEM);
        }
        smb2_queue_pdu(c->smb2, pdu);
    }
    l2_run(k);
    /* a READ starting at or past the end of the file answers END_OF_FILE */
    int rc = l2_outcome(k, r, write ? 0 : SMB2_STATUS_END_OF_FILE);
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
    int rc0 = usable(c, f, r);
    if (rc0 < 0) return rc0;
    struct call *k = l2_begin(c);
    k->attr = a;
    struct smb2_pdu *pdu = l2_cmd_query_info(k, f->id, SMB2_0_INFO_FILE, SMB2_FILE_ALL_INFORMATION, 0,
                                          l2_on_file_info);
    int rc = l2_compound(k, &pdu, 1, r, 0);
    k->attr = NULL;
    return rc;
}

static int l2_stat(smb_client *c, const char *path, sfs_attr *a, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct call *k = l2_begin(c);
    k->attr = a;
    struct smb2_pdu *p[3];
    p[0] = l2_cmd_create(k, path, SMB2_FILE_READ_ATTRIBUTES | SMB2_FILE_READ_EA,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      SMB2_FILE_OPEN, 0);
    p[1] = l2_cmd_query_info(k, compound_file_id, SMB2_0_INFO_FILE, SMB2_FILE_ALL_INFORMATION, 0,
                          l2_on_file_info);
    p[2] = l2_cmd_close(k, compound_file_id);
    int rc = l2_compound(k, p, 3, r, 0);
    k->attr = NULL;
    return rc;
}

static int l2_set_eof(smb_client *c, smb_file *f, uint64_t size, smb_result *r)
{
    int rc0 = usable(c, f, r);
    if (rc0 < 0) return rc0;
    struct smb2_file_end_of_file_info eof = { .end_of_file = size };
    struct call *k = l2_begin(c);
    struct smb2_pdu *pdu = l2_cmd_set_info(k, f->id, SMB2_FILE_END_OF_FILE_INFORMATION, &eof);
    return l2_compound(k, &pdu, 1, r, 0);
}

static int l2_set_times(smb_client *c, const char *path, uint64_t mtime_ns, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct smb2_file_basic_info bi;
    memset(&bi, 0, sizeof bi);   /* zero times and attributes: left as they are */
    bi.last_write_time.tv_sec = (uint32_t)(mtime_ns / 1000000000ull);
    bi.last_write_time.tv_usec = (uint32_t)(mtime_ns % 1000000000ull / 1000);
    bi.last_access_time = bi.last_write_time;
    struct call *k = l2_begin(c);
    struct smb2_pdu *p[3];
    p[0] = l2_cmd_create(k, path, SMB2_FILE_WRITE_ATTRIBUTES,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      SMB2_FILE_OPEN, 0);
    p[1] = l2_cmd_set_info(k, compound_file_id, SMB2_FILE_BASIC_INFORMATION, &bi);
    p[2] = l2_cmd_close(k, compound_file_id);
    return l2_compound(k, p, 3, r, 0);
}

static int l2_query_fs(smb_client *c, smb_file *f, uint64_t *free_bytes, smb_result *r)
{
    int rc0 = usable(c, f, r);
    if (rc0 < 0) return rc0;
    struct call *k = l2_begin(c);
    struct smb2_pdu *pdu = l2_cmd_query_info(k, f->id, SMB2_0_INFO_FILESYSTEM,
                                          SMB2_FILE_FS_FULL_SIZE_INFORMATION, 0, l2_on_fs_info);
    int rc = l2_compound(k, &pdu, 1, r, 0);
    if (rc == 0 && free_bytes)
        *free_bytes = k->part[0].value;
    return rc;
}

/* CREATE + QUERY_DIRECTORY (l2_compound), QUERY_DIRECTORY until NO_MORE_FILES,
 * CLOSE. */
static int64_t l2_list_dir(smb_client *c, const char *path, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    const smb_result *names = r->entry ? r : NULL;
    struct call *k = l2_begin(c);
    k->listing = names;
    struct smb2_pdu *p[2];
    p[0] = l2_cmd_create(k, path, SMB2_FILE_LIST_DIRECTORY | SMB2_FILE_READ_ATTRIBUTES,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      SMB2_FILE_OPEN, SMB2_FILE_DIRECTORY_FILE);
    p[1] = l2_cmd_query_dir(k, compound_file_id);
    int rc = l2_compound(k, p, 2, r, SMB2_STATUS_NO_MORE_FILES);
    if (rc < 0)
        return rc;
    smb2_file_id dir;
    memcpy(dir, k->created, SMB2_FD_SIZE);
    uint64_t n = k->part[1].value;
    uint32_t last = k->part[1].status;
    while (last == SMB2_STATUS_SUCCESS) {
        k = l2_begin(c);
        k->listing = names;
        struct smb2_pdu *q = l2_cmd_query_dir(k, dir);
        if ((rc = l2_compound(k, &q, 1, r, SMB2_STATUS_NO_MORE_FILES)) < 0)
            return rc;
        n += k->part[0].value;
        last = k->part[0].status;
    }
    k = l2_begin(c);
    struct smb2_pdu *cl = l2_cmd_close(k, dir);
    if ((rc = l2_compound(k, &cl, 1, r, 0)) < 0)
        return rc;
    return (int64_t)n;
}

static int64_t l2_get_secdesc(smb_client *c, const char *path, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct call *k = l2_begin(c);
    struct smb2_pdu *p[3];
    p[0] = l2_cmd_create(k, path, SMB2_READ_CONTROL | SMB2_FILE_READ_ATTRIBUTES,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      SMB2_FILE_OPEN, 0);
    p[1] = l2_cmd_query_info(k, compound_file_id, SMB2_0_INFO_SECURITY, 0,
                          SMB2_OWNER_SECURITY_INFORMATION | SMB2_GROUP_SECURITY_INFORMATION |
                          SMB2_DACL_SECURITY_INFORMATION, l2_on_security);
    p[2] = l2_cmd_close(k, compound_file_id);
    int rc = l2_compound(k, p, 3, r, 0);
    return rc < 0 ? rc : (int64_t)k->part[1].value;
}

/* CREATE (with the given options) + CLOSE as one compound. */
static int create_close(smb_client *c, const char *path, uint32_t access, uint32_t disp,
                        uint32_t options, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct call *k = l2_begin(c);
    struct smb2_pdu *p[2];
    p[0] = l2_cmd_create(k, path, access,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      disp, options);
    p[1] = l2_cmd_close(k, compound_file_id);
    return l2_compound(k, p, 2, r, 0);
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
    struct call *k = l2_begin(c);
    struct smb2_pdu *p[3];
    p[0] = l2_cmd_create(k, from, SMB2_DELETE | SMB2_FILE_READ_ATTRIBUTES,
                      SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE,
                      SMB2_FILE_OPEN, 0);
    p[1] = l2_cmd_set_info(k, compound_file_id, SMB2_FILE_RENAME_INFORMATION, &ri);
    p[2] = l2_cmd_close(k, compound_file_id);
    return l2_compound(k, p, 3, r, 0);
}

static int l2_echo(smb_client *c, smb_result *r)
{
    if (alive(c, r)) return -ENOTCONN;
    struct call *k = l2_begin(c);
    struct smb2_pdu *pdu = smb2_cmd_echo_async(c->smb2, l2_on_status, l2_new_part(k));
    return l2_compound(k, &pdu, 1, r, 0);
}

static int l2_flush(smb_client *c, smb_file *f, smb_result *r)
{
    int rc0 = usable(c, f, r);
    if (rc0 < 0) return rc0;
    struct smb2_flush_request req;
    memcpy(req.file_id, f->id, SMB2_FD_SIZE);
    struct call *k = l2_begin(c);
    struct smb2_pdu *pdu = smb2_cmd_flush_async(c->smb2, &req, l2_on_status, l2_new_part(k));
    return l2_compound(k, &pdu, 1, r, 0);
}

static int l2_lock(smb_client *c, smb_file *f, uint64_t off, uint64_t len, int unlock, smb_result *r)
{
    int rc0 = usable(c, f, r);
    if (rc0 < 0) return rc0;
    struct smb2_lock_element el = {
        .offset = off, .length = len,
        .flags = unlock ? LOCKFLAG_UNLOCK : LOCKFLAG_EXCLUSIVE | LOCKFLAG_FAIL_IMMEDIATELY,
    };
    struct smb2_lock_request req;
    memset(&req, 0, sizeof req);
    req.lock_count = 1;
    req.locks = &el;
    memcpy(req.file_id, f->id, SMB2_FD_SIZE);
    struct call *k = l2_begin(c);
    struct smb2_pdu *pdu = smb2_cmd_lock_async(c->smb2, &req, l2_on_status, l2_new_part(k));
    return l2_compound(k, &pdu, 1, r, 0);
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
    /* the timeout, once per 50 ms for the connection: each proc sharing it
     * asks on its own timer */
    uint64_t now = sfs_now_ns();
    int lost = 0;   /* for good: the ride (if any) is over */
    if (c->dead)
        lost = l2_ride_service(c) < 0;
    if (!c->dead && now - c->scanned_ns >= 50000000ULL) {
        c->scanned_ns = now;
        l2_expire(c);
    }
    if (!c->dead && revents && smb2_service(c->smb2, revents) < 0)
        l2_mark_dead(c, "%s", smb2_get_error(c->smb2));
    while (c->ready) {
        struct call *k = c->ready;
        c->ready = k->next;
        k->next = NULL;
        smb_task_resume(k->task);
    }
    /* what was queued (a submit's request, the resumed tasks' next ones)
     * leaves now, not after the loop has waited for POLLOUT */
    if (!c->dead && (smb2_which_events(c->smb2) & POLLOUT) &&
        smb2_service(c->smb2, POLLOUT) < 0)
        l2_mark_dead(c, "%s", smb2_get_error(c->smb2));
    if (c->dead && !c->outage_max_ms)
        lost = 1;
    return lost ? -1 : 0;
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
    .await_reconnect = l2_ride_await, .outage_counts = l2_outage_counts,
};

const char *smb_l2_status_name(uint32_t ntstatus)
{
    const char *n = nterror_to_str(ntstatus);
    return n && strncmp(n, "STATUS_", 7) == 0 ? n : NULL;
}
