/* Calls of the libsmb2 client in flight (smb_l2.h): parts and their
 * answers, waiting (yield inside a task, else this connection's own event
 * loop), the answer callbacks and the request builders. */
#include "smb_l2.h"

#include <errno.h>
#include "platform_poll.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "clock.h"
#include "outage.h"

#define SMB_DIR_BUF    65536     /* QUERY_DIRECTORY output buffer */
#define SMB_INFO_BUF   65536     /* QUERY_INFO output buffer */

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

int l2_fail(smb_result *r, uint32_t status, int err)
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
    else c->oldest = k->prev;
    k->prev = NULL;
    k->next = c->ready;
    c->ready = k;
}

/* The oldest held call leaves the FIFO for the ready list. */
static struct call *unhold(smb_client *c)
{
    struct call *k = c->held;
    if (!(c->held = k->next))
        c->held_last = NULL;
    k->held = 0;
    k->next = c->ready;
    c->ready = k;
    return k;
}

/* Held calls that now fit under the cap are handed over, oldest first (a
 * call is never overtaken by a younger one that would fit). */
static void admit_held(smb_client *c)
{
    while (c->held && !c->dead && (c->handed == 0 || c->handed + c->held->want <= c->cap)) {
        struct call *k = unhold(c);
        k->handed = k->want;
        c->handed += k->want;
    }
}

void l2_mark_dead(smb_client *c, const char *fmt, const char *arg)
{
    if (c->dead)
        return;
    c->dead = 1;
    if (!c->down_ms) {   /* a ride's outage runs from the first loss (smb_l2_ride.c) */
        c->down_ms = now_ms();
        if (c->outage_max_ms)
            sfs_outage_lost(c->ride_cfg, sfs_now_ns());
    }
    snprintf(c->why, sizeof c->why, fmt, arg);
    /* every waiting or held task learns it now: its call fails */
    while (c->waiting)
        wake(c, c->waiting);
    while (c->held)
        unhold(c);
}

void l2_expire(smb_client *c)
{
    if (c->dead || !c->oldest || now_ms() - c->oldest->since_ms < (uint64_t)c->timeout_ms)
        return;
    char ms[32];
    snprintf(ms, sizeof ms, "%d", c->timeout_ms);
    l2_mark_dead(c, "no answer from the server within %s ms", ms);
}

/* A new call of c: the running task's, or the client's own. */
struct call *l2_begin(smb_client *c)
{
    smb_task *t = smb_task_self();
    struct call *k = t ? smb_task_client(t) : &c->own;
    k->c = c;
    k->task = t;
    k->nparts = 0;
    k->pending = 0;
    k->handed = 0;
    k->durable = 0;
    k->listing = NULL;
    return k;
}

int l2_admit(struct call *k, int n)
{
    smb_client *c = k->c;
    if (c->dead)
        return -ENOTCONN;
    if (!k->task || (!c->held && (c->handed == 0 || c->handed + n <= c->cap))) {
        k->handed += n;
        c->handed += n;
        return 0;
    }
    k->held = 1;
    k->want = n;
    k->next = NULL;
    if (c->held_last) c->held_last->next = k;
    else c->held = k;
    c->held_last = k;
    smb_task_yield();   /* until admit_held hands it over, or the connection dies */
    return c->dead ? -ENOTCONN : 0;
}

void l2_unhand(struct call *k, int n)
{
    k->handed -= n;
    k->c->handed -= n;
    admit_held(k->c);
}

struct part *l2_new_part(struct call *k)
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
void l2_drop_part(struct call *k)
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
    if (k->handed > 0)
        l2_unhand(k, 1);
    if (status == SMB2_STATUS_IO_TIMEOUT || status == SMB2_STATUS_SHUTDOWN)
        l2_mark_dead(c, "%s", status == SMB2_STATUS_IO_TIMEOUT ? "no answer from the server in time"
                                                          : "connection shut down");
    if (--k->pending == 0)
        wake(c, k);
}

/* Waits until every part of k is answered: inside a task by yielding to
 * the connection's owner (service), else by running the event loop here.
 * 0, or a negative errno if the connection died (then c->why says why). */
int l2_run(struct call *k)
{
    smb_client *c = k->c;
    if (k->task) {
        if (k->pending > 0 && !c->dead) {
            k->waiting = 1;
            k->since_ms = now_ms();
            k->prev = NULL;
            k->next = c->waiting;
            if (c->waiting) c->waiting->prev = k;
            else c->oldest = k;
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
            l2_mark_dead(c, "no answer from the server within %s ms", ms);
            break;
        }
        int n = sfs_poll(&pfd, 1, (int)(deadline - t));
        if (n < 0) {
            if (errno == EINTR) continue;
            l2_mark_dead(c, "poll: %s", strerror(errno));
            break;
        }
        if (n == 0)
            continue;
        if (smb2_service(c->smb2, pfd.revents) < 0)
            l2_mark_dead(c, "%s", smb2_get_error(c->smb2));
    }
    return c->dead ? -ENOTCONN : 0;
}

/* The first failure among the parts, as a result: 0 or a negative errno.
 * 'ok' is a status that is not a failure for this call (0 = none). */
int l2_outcome(struct call *k, smb_result *r, uint32_t ok)
{
    r->physical += (uint32_t)k->nparts;
    if (k->c->dead)
        return l2_fail(r, 0, ENOTCONN);
    for (int i = 0; i < k->nparts; i++) {
        uint32_t s = k->part[i].status;
        if (s != SMB2_STATUS_SUCCESS && s != ok)
            return l2_fail(r, s, nterror_to_errno(s));
    }
    return 0;
}

/* ------------------------------------------------------------ callbacks */

void l2_on_status(struct smb2_context *smb2, int status, void *data, void *priv)
{
    (void)smb2; (void)data;
    answered(priv, (uint32_t)status);
}

static uint32_t le(const uint8_t *b, int bytes)
{
    uint32_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

/* Whether a CREATE answer's contexts (MS-SMB2 2.2.14.2) hold one named name */
static int has_context(const struct smb2_create_reply *rep, const char *name)
{
    const uint8_t *b = rep->create_context;
    uint32_t len = rep->create_context_length, off = 0;
    while (b && off + 16 <= len) {
        uint32_t next = le(b + off, 4), noff = le(b + off + 4, 2), nlen = le(b + off + 6, 2);
        if (nlen == 4 && off + noff + 4 <= len && memcmp(b + off + noff, name, 4) == 0)
            return 1;
        if (next == 0 || next > len - off)
            break;
        off += next;
    }
    return 0;
}

static void on_create(struct smb2_context *smb2, int status, void *data, void *priv)
{
    (void)smb2;
    struct part *p = priv;
    if ((uint32_t)status == SMB2_STATUS_SUCCESS && data) {
        const struct smb2_create_reply *rep = data;
        memcpy(p->k->created, rep->file_id, SMB2_FD_SIZE);
        /* durable: granted with a batch oplock (a reconnect answers without DHnQ) */
        p->k->durable = rep->oplock_level == SMB2_OPLOCK_LEVEL_BATCH &&
                        (has_context(rep, "DHnQ") || p->k->durable);
    }
    answered(p, (uint32_t)status);
}

void l2_on_oplock_break(struct smb2_context *smb2, int status,
                        struct smb2_oplock_or_lease_break_reply *rep,
                        uint8_t *new_oplock_level, uint32_t *new_lease_state)
{
    (void)smb2; (void)status; (void)rep;
    *new_oplock_level = SMB2_OPLOCK_LEVEL_NONE;
    *new_lease_state = 0;
}

void l2_on_read(struct smb2_context *smb2, int status, void *data, void *priv)
{
    (void)smb2;
    struct part *p = priv;
    if ((uint32_t)status == SMB2_STATUS_SUCCESS && data)
        p->value = ((struct smb2_read_reply *)data)->data_length;
    answered(p, (uint32_t)status);
}

void l2_on_write(struct smb2_context *smb2, int status, void *data, void *priv)
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

void l2_on_file_info(struct smb2_context *smb2, int status, void *data, void *priv)
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

void l2_on_fs_info(struct smb2_context *smb2, int status, void *data, void *priv)
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

void l2_on_security(struct smb2_context *smb2, int status, void *data, void *priv)
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

struct smb2_pdu *l2_cmd_create(struct call *k, const char *path, uint32_t access,
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
    return smb2_cmd_create_async(k->c->smb2, &req, on_create, l2_new_part(k));
}

/* One create context (MS-SMB2 2.2.13.2): a 4-character name, 16 bytes of data. */
#define DURABLE_CTX_BYTES 40

static void durable_context(uint8_t *b, const char *name, const uint8_t data[16])
{
    memset(b, 0, DURABLE_CTX_BYTES);
    b[4] = 16;           /* NameOffset */
    b[6] = 4;            /* NameLength */
    b[10] = 24;          /* DataOffset */
    b[12] = 16;          /* DataLength */
    memcpy(b + 16, name, 4);
    if (data) memcpy(b + 24, data, 16);
}

struct smb2_pdu *l2_cmd_create_durable(struct call *k, const char *path, uint32_t access,
                                       uint32_t disposition, uint32_t options,
                                       const smb2_file_id id)
{
    uint8_t ctx[DURABLE_CTX_BYTES];
    durable_context(ctx, id ? "DHnC" : "DHnQ", id);
    struct smb2_create_request req;
    memset(&req, 0, sizeof req);
    req.requested_oplock_level = SMB2_OPLOCK_LEVEL_BATCH;
    req.impersonation_level = SMB2_IMPERSONATION_IMPERSONATION;
    req.desired_access = access;
    req.file_attributes = SMB2_FILE_ATTRIBUTE_NORMAL;
    req.share_access = L2_SHARE_ALL;
    req.create_disposition = disposition;
    req.create_options = options;
    req.name = path;
    req.create_context = ctx;   /* copied into the request as it is built */
    req.create_context_length = sizeof ctx;
    k->durable = id != NULL;    /* a reconnect is answered without DHnQ */
    return smb2_cmd_create_async(k->c->smb2, &req, on_create, l2_new_part(k));
}

struct smb2_pdu *l2_cmd_close(struct call *k, const smb2_file_id id)
{
    struct smb2_close_request req;
    memset(&req, 0, sizeof req);
    memcpy(req.file_id, id, SMB2_FD_SIZE);
    return smb2_cmd_close_async(k->c->smb2, &req, l2_on_status, l2_new_part(k));
}

struct smb2_pdu *l2_cmd_query_info(struct call *k, const smb2_file_id id, uint8_t type,
                                    uint8_t cls, uint32_t extra, smb2_command_cb cb)
{
    struct smb2_query_info_request req;
    memset(&req, 0, sizeof req);
    req.info_type = type;
    req.file_info_class = cls;
    req.output_buffer_length = SMB_INFO_BUF;
    req.additional_information = extra;
    memcpy(req.file_id, id, SMB2_FD_SIZE);
    return smb2_cmd_query_info_async(k->c->smb2, &req, cb, l2_new_part(k));
}

struct smb2_pdu *l2_cmd_set_info(struct call *k, const smb2_file_id id, uint8_t cls, void *in)
{
    struct smb2_set_info_request req;
    memset(&req, 0, sizeof req);
    req.info_type = SMB2_0_INFO_FILE;
    req.file_info_class = cls;
    req.input_data = in;
    memcpy(req.file_id, id, SMB2_FD_SIZE);
    return smb2_cmd_set_info_async(k->c->smb2, &req, l2_on_status, l2_new_part(k));
}

struct smb2_pdu *l2_cmd_query_dir(struct call *k, const smb2_file_id id)
{
    struct smb2_query_directory_request req;
    memset(&req, 0, sizeof req);
    req.file_information_class = SMB2_FILE_ID_FULL_DIRECTORY_INFORMATION;
    req.output_buffer_length = SMB_DIR_BUF;
    req.name = "*";
    memcpy(req.file_id, id, SMB2_FD_SIZE);
    return smb2_cmd_query_directory_async(k->c->smb2, &req, on_dir, l2_new_part(k));
}

/* Chains pdus[1..n-1] to pdus[0] as one compound and runs it.  A pdu that
 * could not be built fails the call before anything is sent. */
int l2_compound(struct call *k, struct smb2_pdu **pdus, int n, smb_result *r, uint32_t ok)
{
    smb_client *c = k->c;
    for (int i = 0; i < n; i++)
        if (!pdus[i]) {
            for (int j = 0; j < n; j++)
                if (pdus[j]) smb2_free_pdu(c->smb2, pdus[j]);
            while (k->nparts > 0)
                l2_drop_part(k);
            return l2_fail(r, 0, ENOMEM);
        }
    if (l2_admit(k, n) < 0) {   /* the connection died while the call was held */
        for (int j = 0; j < n; j++)
            smb2_free_pdu(c->smb2, pdus[j]);
        while (k->nparts > 0)
            l2_drop_part(k);
        return l2_fail(r, 0, ENOTCONN);
    }
    for (int i = 1; i < n; i++)
        smb2_add_compound_pdu(c->smb2, pdus[0], pdus[i]);
    smb2_queue_pdu(c->smb2, pdus[0]);
    l2_run(k);
    return l2_outcome(k, r, ok);
}
