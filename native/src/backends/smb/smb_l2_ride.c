/* Riding through an outage with the libsmb2 client (the outage_max key,
 * docs/smb.md "Outages").  When the connection is lost (the server
 * restarted, dropped it, or left a request unanswered for the request
 * timeout), every call in flight fails as before; an op whose call failed
 * so waits in l2_ride_await (its task parked) instead of failing.  Each
 * service of the lost connection tries, at most every RETRY_MS, a new
 * connection: negotiate, session setup and tree connect on a new libsmb2
 * context.  Once it stands, the client's open files are opened again by
 * name on it and the parked ops start again, oldest first, each from its
 * beginning (smb_conn.c counts them re-sent).  A file that cannot be
 * opened again is lost: its calls fail with ESTALE until it is closed.
 * After outage_max without a connection the parked ops fail, and so does
 * every later call: the engine ends the phase as without riding. */
#include "smb_l2.h"
#include "smb_outage.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "clock.h"
#include "outage.h"

#define RETRY_MS           250   /* between attempts to connect again */
#define RECONNECT_WAIT_S   2     /* one attempt waits this long at most (it blocks its loop) */

static uint64_t ride_now_ms(void)
{
    return sfs_now_ns() / 1000000u;
}

void l2_file_opened(smb_client *c, smb_file *f)
{
    f->prev = NULL;
    f->next = c->files;
    if (c->files) c->files->prev = f;
    c->files = f;
}

void l2_file_closed(smb_client *c, smb_file *f)
{
    if (f->prev) f->prev->next = f->next;
    else if (c->files == f) c->files = f->next;
    if (f->next) f->next->prev = f->prev;
    f->prev = f->next = NULL;
    free(f->path);
    f->path = NULL;
}

/* The parked tasks run again, oldest first: their ops start over (0 from
 * l2_ride_await), or fail (-1) once the connection is gone for good. */
static void unpark(smb_client *c)
{
    struct call *k = c->parked;
    c->parked = c->parked_last = NULL;
    while (k) {
        struct call *next = k->next;
        k->next = NULL;
        k->parked = 0;
        smb_task_resume(k->task);
        k = next;
    }
}

void l2_ride_end(smb_client *c)
{
    c->gone = 1;
    unpark(c);
}

int l2_ride_await(smb_client *c)
{
    smb_task *t = smb_task_self();
    if (!t || !c->outage_max_ms || c->gone || !c->dead)
        return -1;
    struct call *k = smb_task_client(t);
    k->c = c;
    k->task = t;
    k->parked = 1;
    k->next = NULL;
    if (c->parked_last) c->parked_last->next = k;
    else c->parked = k;
    c->parked_last = k;
    smb_task_yield();   /* until unpark */
    return c->gone || c->dead ? -1 : 0;
}

/* A new session on a new context in place of the lost one.  The new one
 * connects while the old one's socket is still open, so its fd differs and
 * the engine's event loop watches it afresh.  0, or -1 (try again later). */
static int reconnect(smb_client *c)
{
    struct smb2_context *n = smb2_init_context();
    if (!n)
        return -1;
    if (l2_session(c, n, RECONNECT_WAIT_S) < 0) {
        smb2_destroy_context(n);
        return -1;
    }
    /* the old context answers what it still holds with SHUTDOWN, into calls
     * that failed already: c->dead keeps that from marking anything */
    smb2_destroy_context(c->smb2);
    c->smb2 = n;
    c->handed = 0;
    c->dead = 0;
    c->why[0] = '\0';
    SMB_COUNT_ADD(c->reconnects, 1);
    sfs_outage_count(c->ride_cfg, SFS_OUTAGE_WHAT_RECONNECTS, 1);
    return 0;
}

/* One CREATE of f on the new session, run on the loop's stack (the
 * client's own call): the reconnect of its durable handle (durable), else
 * an open by name with its access and a disposition that neither creates
 * nor truncates.  0 (f->id is the new handle), -1 refused, -2 the
 * connection was lost again. */
static int reopen(smb_client *c, smb_file *f, int durable)
{
    smb_result r = { 0 };
    struct call *k = l2_begin(c);
    uint32_t access = l2_open_access(f->flags);
    struct smb2_pdu *pdu =
        durable ? l2_cmd_create_durable(k, f->path, access, SMB2_FILE_OPEN, 0, f->id)
        : f->flags & SMB_OPEN_DURABLE
            ? l2_cmd_create_durable(k, f->path, access, SMB2_FILE_OPEN, 0, NULL)
            : l2_cmd_create(k, f->path, access, L2_SHARE_ALL, SMB2_FILE_OPEN, 0);
    int rc = l2_compound(k, &pdu, 1, &r, 0);
    if (c->dead)
        return -2;
    if (rc < 0)
        return -1;
    memcpy(f->id, k->created, SMB2_FD_SIZE);
    f->durable = k->durable;
    return 0;
}

/* Every open file on the new session: through its durable handle where the
 * server granted one and still holds it, else by name; lost if neither.
 * 0, or -1 if the connection was lost again meanwhile (the rest are tried
 * on the next one). */
static int reopen_files(smb_client *c)
{
    for (smb_file *f = c->files; f; f = f->next) {
        if (f->lost)
            continue;
        int rc = f->durable ? reopen(c, f, 1) : -1;
        if (rc == 0) {
            SMB_COUNT_ADD(c->reopened_durable, 1);
            sfs_outage_count(c->ride_cfg, SFS_OUTAGE_WHAT_REOPENED, 1);
            continue;
        }
        if (rc == -1)
            rc = reopen(c, f, 0);
        if (rc == -2)
            return -1;
        if (rc == 0) {
            SMB_COUNT_ADD(c->reopened_by_name, 1);
            sfs_outage_count(c->ride_cfg, SFS_OUTAGE_WHAT_REOPENED, 1);
        } else {
            f->lost = 1;
            SMB_COUNT_ADD(c->lost, 1);
            sfs_outage_count(c->ride_cfg, SFS_OUTAGE_WHAT_LOST, 1);
        }
    }
    return 0;
}

int l2_ride_service(smb_client *c)
{
    if (!c->outage_max_ms || c->gone)
        return -1;
    uint64_t now = ride_now_ms();
    if (now - c->down_ms >= (uint64_t)c->outage_max_ms) {
        char why[sizeof c->why];
        snprintf(why, sizeof why, "%s", c->why);
        snprintf(c->why, sizeof c->why, "no connection within outage_max (%g s) after: %.160s",
                 c->outage_max_ms / 1000.0, why);
        l2_ride_end(c);
        return -1;
    }
    if (now < c->retry_ms)
        return 0;
    c->retry_ms = now + RETRY_MS;
    if (reconnect(c) < 0 || reopen_files(c) < 0)
        return 0;
    c->down_ms = 0;
    unpark(c);
    return 0;
}

void l2_outage_counts(smb_client *c, smb_outage_counts *sum)
{
    sum->reconnects += SMB_COUNT_GET(c->reconnects);
    sum->reopened_durable += SMB_COUNT_GET(c->reopened_durable);
    sum->reopened_by_name += SMB_COUNT_GET(c->reopened_by_name);
    sum->lost += SMB_COUNT_GET(c->lost);
}
