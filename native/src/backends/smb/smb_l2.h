/* The libsmb2 client's calls in flight (smb_client_libsmb2.c's private
 * part): a call is one compound or a set of parallel requests, each
 * request a part whose answer a callback records; smb_l2_call.c runs the
 * calls and builds the requests. */
#ifndef SFS_SMB_L2_H
#define SFS_SMB_L2_H
#include "smb_client.h"
#include "smb_task.h"
#include "smb_outage.h"

#include <stdint.h>
#include <smb2/smb2.h>
#include <smb2/libsmb2.h>
#include <smb2/libsmb2-raw.h>

#define SMB_IO_PARTS   64        /* requests of one call in flight at most */

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
    struct call *next, *prev;    /* the client's waiting list, held FIFO or ready list */
    int      waiting;            /* task yielded until the parts are answered */
    int      held;               /* task yielded until its requests may be handed over */
    int      want;               /* requests it hands over (while held) */
    int      handed;             /* its requests handed to libsmb2, unanswered */
    int      parked;             /* task yielded until the connection is made again */
    uint64_t since_ms;           /* when it began waiting (the request timeout's start) */
    struct part part[SMB_IO_PARTS];
    int      nparts, pending;
    smb2_file_id created;        /* file id of the last CREATE answered */
    int      durable;            /* that CREATE was granted a durable handle */
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
    struct call *waiting;        /* calls whose tasks yielded, answers not all in, newest first */
    struct call *oldest;         /* the last of them, the first to time out */
    struct call *ready;          /* their answers are in (or the connection died): resume */
    /* Requests handed to libsmb2 and not yet answered, at most (the
     * smb_conn_requests key; a call bigger than that goes alone).  libsmb2
     * appends each sent request to the tail of a singly linked wait list
     * and finds each answer's request by walking it, so its cost per
     * request grows with the requests it holds; calls beyond the cap wait
     * in the held FIFO (O(1)) and are handed over as answers free room.
     * smbd serves a connection's requests one after the other, so a deeper
     * queue there adds no throughput. */
    int      cap;
    int      handed;             /* requests handed to libsmb2, unanswered */
    struct call *held, *held_last; /* calls waiting for room under the cap, oldest first */
    uint64_t scanned_ns;         /* last look for a call past the timeout (l2_expire) */
    char     where[320];         /* the server and share, for messages */
    /* what a session is made with (l2_session), kept to make it again */
    char     server[300], share[256], user[128], password[256], domain[128];
    /* riding through an outage (smb_l2_ride.c) */
    int      outage_max_ms;      /* 0: a lost connection stays lost */
    const struct sfs_cfg *ride_cfg; /* the engine's outage record (core/outage.h) */
    int      gone;               /* lost for good: outage_max ran out, or given up */
    uint64_t down_ms;            /* when the connection was lost (0: it is not) */
    uint64_t retry_ms;           /* the next attempt to connect again, not before */
    struct call *parked, *parked_last; /* tasks waiting for the connection, oldest first */
    struct smb_file *files;      /* open files, re-opened on a new session */
    uint64_t reconnects, reopened_durable, reopened_by_name, lost; /* SMB_COUNT_ADD */
};

/* An open file, and how to open it again on a new session. */
struct smb_file {
    smb2_file_id id;
    struct smb_file *prev, *next; /* the client's open files */
    char    *path;
    int      flags;              /* SMB_OPEN_READ | SMB_OPEN_WRITE | SMB_OPEN_DURABLE of its open */
    int      durable;            /* the server granted a durable handle (batch oplock) */
    int      lost;               /* not re-opened after an outage: its calls fail */
};

/* r's status from an NTSTATUS (0: none) or errno; returns -errno */
int l2_fail(smb_result *r, uint32_t status, int err);
/* the connection is lost (fmt with one %s): every waiting call fails */
void l2_mark_dead(smb_client *c, const char *fmt, const char *arg);
/* The connection is lost if its oldest waiting call has waited timeout_ms
 * (libsmb2's own timeout is off once connected: it scans every request in
 * flight on each smb2_service, O(requests) per reply). */
void l2_expire(smb_client *c);
/* A client of p's settings (timeout, cap), not connected yet; NULL if out
 * of memory.  l2_free frees one that never connected. */
smb_client *l2_client_new(const smb_conn_params *p);
void l2_free(smb_client *c);
/* Negotiate, session setup and tree connect of c's settings on smb2,
 * waiting up to timeout_s: 0, or -1 (smb2_get_error and
 * smb2_get_nterror say why). */
int l2_session(smb_client *c, struct smb2_context *smb2, int timeout_s);
/* CREATE's desired access for SMB_OPEN_* flags */
uint32_t l2_open_access(int flags);
#define L2_SHARE_ALL (SMB2_FILE_SHARE_READ | SMB2_FILE_SHARE_WRITE | SMB2_FILE_SHARE_DELETE)

/* smb_l2_ride.c: riding through an outage (smb_client_ops.await_reconnect) */
/* Called by service while the connection is lost: the next attempt to make
 * it again when due, or the end of the ride once outage_max has passed.
 * 0 while it rides, -1 once the connection is lost for good. */
int l2_ride_service(smb_client *c);
int l2_ride_await(smb_client *c);
/* The tasks waiting for the connection fail; later lost calls fail at once. */
void l2_ride_end(smb_client *c);
/* f is open (l2_open) / closed: kept in, or taken from, c's open files */
void l2_file_opened(smb_client *c, smb_file *f);
void l2_file_closed(smb_client *c, smb_file *f);
void l2_outage_counts(smb_client *c, struct smb_outage_counts *sum);
/* a new call of c: the running task's, or the client's own */
struct call *l2_begin(smb_client *c);
/* the next part of k, pending until its callback fires */
struct part *l2_new_part(struct call *k);
/* a part queued but not sent after all */
void l2_drop_part(struct call *k);
/* Room for n requests of k under the connection's cap: a call inside a
 * task waits for it (yields, in FIFO order); a call outside any task (the
 * connection's own, which runs its loop itself) takes it at once.  Then
 * the n requests count as handed to libsmb2 until answered (or returned
 * with l2_unhand): 0, or -ENOTCONN if the connection died meanwhile. */
int l2_admit(struct call *k, int n);
/* n of k's admitted requests were not queued after all */
void l2_unhand(struct call *k, int n);
/* waits until every part of k is answered: 0 or -ENOTCONN */
int l2_run(struct call *k);
/* the first failure among k's parts (ok: a status that is not one): 0 or -errno */
int l2_outcome(struct call *k, smb_result *r, uint32_t ok);

/* answer callbacks: priv is the part */
void l2_on_status(struct smb2_context *smb2, int status, void *data, void *priv);
void l2_on_read(struct smb2_context *smb2, int status, void *data, void *priv);
void l2_on_write(struct smb2_context *smb2, int status, void *data, void *priv);
void l2_on_file_info(struct smb2_context *smb2, int status, void *data, void *priv);
void l2_on_fs_info(struct smb2_context *smb2, int status, void *data, void *priv);
void l2_on_security(struct smb2_context *smb2, int status, void *data, void *priv);

/* request builders: the pdu (NULL if libsmb2 could not build it), its part taken from k */
struct smb2_pdu *l2_cmd_create(struct call *k, const char *path, uint32_t access,
                               uint32_t share, uint32_t disposition, uint32_t options);
/* A CREATE of a durable handle with a batch oplock (the server grants
 * durability only with one): its request (DHnQ) or, with id, the reconnect
 * of the durable handle id (DHnC).  k->durable tells whether it was granted. */
struct smb2_pdu *l2_cmd_create_durable(struct call *k, const char *path, uint32_t access,
                                       uint32_t disposition, uint32_t options,
                                       const smb2_file_id id);
/* libsmb2's oplock break callback: give the oplock up (libsmb2 acknowledges) */
void l2_on_oplock_break(struct smb2_context *smb2, int status,
                        struct smb2_oplock_or_lease_break_reply *rep,
                        uint8_t *new_oplock_level, uint32_t *new_lease_state);
struct smb2_pdu *l2_cmd_close(struct call *k, const smb2_file_id id);
struct smb2_pdu *l2_cmd_query_info(struct call *k, const smb2_file_id id, uint8_t type,
                                   uint8_t cls, uint32_t extra, smb2_command_cb cb);
struct smb2_pdu *l2_cmd_set_info(struct call *k, const smb2_file_id id, uint8_t cls, void *in);
struct smb2_pdu *l2_cmd_query_dir(struct call *k, const smb2_file_id id);
/* pdus[1..n-1] chained to pdus[0] as one compound, run */
int l2_compound(struct call *k, struct smb2_pdu **pdus, int n, smb_result *r, uint32_t ok);

#endif
