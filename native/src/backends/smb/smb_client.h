/* The SMB client interface used by the smb backend.
 *
 * Every SMB specific lives behind this interface so that the backend and
 * the sfs2008-cifs workload do not depend on one client library.  Two
 * implementations: libsmb2 (smb_client_libsmb2.c, the default) and
 * libsmbclient (smb_client_libsmbclient.c, Samba 4.17), chosen per run by
 * the smb_client key (docs/smb.md).
 *
 * One smb_client is one authenticated SMB2/3 session + tree connect, used
 * by exactly one thread.  Calls are blocking, except that a library with
 * service() (libsmb2) lets calls made inside an smb_task (smb_task.h) wait
 * by yielding: many tasks' calls are then in flight on the connection at
 * once, and its owner drives it with fd() and service().  Paths are
 * relative to the share root, '/'-separated, without a leading '/'.
 *
 * Every call returns 0 (or a byte/entry count) on success and a negative
 * errno on failure; smb_result carries what the caller needs for its
 * counters: the protocol status where the library exposes one, and the
 * number of SMB2 requests the call put on the wire.
 */
#ifndef SFS_SMB_CLIENT_H
#define SFS_SMB_CLIENT_H

#include <stddef.h>
#include <stdint.h>
#include "backend.h"

typedef struct smb_client smb_client;
typedef struct smb_file smb_file;
struct smb_outage_counts;

/* Connection parameters.  'password' is only ever copied into the
 * library's authentication callback; it never appears in a message. */
typedef struct smb_conn_params {
    const char *server;      /* host name or IPv4 literal */
    int         port;        /* 0 = 445 */
    const char *share;
    const char *user;
    const char *password;
    const char *domain;      /* may be "" */
    int         timeout_ms;  /* per request; 0 = library default */
    /* An asynchronous client's requests handed to its library and not yet
     * answered, at most (the smb_conn_requests key); 0 = the default. */
    int         max_requests;
    /* Riding through an outage (the outage_max key): how long a lost
     * connection is made again, ms; 0 = a lost connection fails its calls. */
    int         outage_max_ms;
    /* the engine's outage record, told what the ride does (core/outage.h) */
    const struct sfs_cfg *ride_cfg;
} smb_conn_params;

/* smb_conn_requests' default; its range in the option table (smb_backend.c) */
#define SMB_CONN_REQUESTS_DEFAULT 64
#define SMB_CONN_REQUESTS_MAX     8192

typedef struct smb_result {
    int32_t  proto_status;   /* NTSTATUS if known, else the errno (positive) */
    uint32_t physical;       /* SMB2 requests issued by this call */
    /* list_dir: if set, called with each entry's name but "." and ".."
     * (UTF-8), before list_dir returns (sfs clean) */
    void   (*entry)(void *arg, const char *name);
    void    *entry_arg;
} smb_result;

/* Capabilities: which optional requests this implementation can issue. */
#define SMB_CAP_ECHO  0x1u   /* SMB2 ECHO */
#define SMB_CAP_FLUSH 0x2u   /* SMB2 FLUSH */
#define SMB_CAP_LOCK  0x4u   /* SMB2 LOCK (byte ranges) */

/* open flags */
#define SMB_OPEN_READ   0x01
#define SMB_OPEN_WRITE  0x02
#define SMB_OPEN_CREATE 0x04
#define SMB_OPEN_EXCL   0x08
#define SMB_OPEN_TRUNC  0x10
/* the handle stays open across ops (an open-file slot): a durable handle
 * is asked for when riding through an outage (outage_max) */
#define SMB_OPEN_DURABLE 0x20

/* One implementation of the interface (a client library).  Every call
 * except connect takes the smb_client that implementation's connect made. */
typedef struct smb_client_ops {
    const char *name;                 /* value of the smb_client key: "libsmb2" */
    const char *(*version)(void);     /* "libsmb2 6.2" */
    unsigned    caps;                 /* SMB_CAP_* */
    /* Why the requests missing from caps cannot be issued (NULL if none). */
    const char *caps_reason;

    /* Connect and authenticate; the tree connect happens here so that a
     * wrong password or a missing share fails now.  The message in err never
     * contains the password. */
    int  (*connect)(const smb_conn_params *p, smb_client **out, char *err, size_t errlen);
    void (*disconnect)(smb_client *c);

    int  (*open)(smb_client *c, const char *path, int flags, smb_file **f, smb_result *r);
    int  (*close)(smb_client *c, smb_file *f, smb_result *r);
    /* Returns bytes read (short at end of file). buf may not be NULL. */
    int64_t (*read)(smb_client *c, smb_file *f, uint64_t off, void *buf, size_t len, smb_result *r);
    int64_t (*write)(smb_client *c, smb_file *f, uint64_t off, const void *buf, size_t len,
                     smb_result *r);
    int  (*fstat)(smb_client *c, smb_file *f, sfs_attr *a, smb_result *r);       /* handle QUERY_INFO */
    int  (*stat)(smb_client *c, const char *path, sfs_attr *a, smb_result *r);   /* path query */
    int  (*set_eof)(smb_client *c, smb_file *f, uint64_t size, smb_result *r);   /* handle SET_INFO */
    int  (*set_times)(smb_client *c, const char *path, uint64_t mtime_ns, smb_result *r);
    /* File-system size information through an open handle. */
    int  (*query_fs)(smb_client *c, smb_file *f, uint64_t *free_bytes, smb_result *r);
    /* Lists a directory; returns the number of entries (without . and ..). */
    int64_t (*list_dir)(smb_client *c, const char *path, smb_result *r);
    /* Security descriptor (owner, group, DACL) of path; returns its size in
     * bytes as the library delivers it. */
    int64_t (*get_secdesc)(smb_client *c, const char *path, smb_result *r);
    int  (*mkdir)(smb_client *c, const char *path, smb_result *r);
    int  (*rmdir)(smb_client *c, const char *path, smb_result *r);
    int  (*unlink)(smb_client *c, const char *path, smb_result *r);
    int  (*rename)(smb_client *c, const char *from, const char *to, smb_result *r);
    /* Optional requests: NULL unless the matching SMB_CAP_ bit is set. */
    int  (*echo)(smb_client *c, smb_result *r);
    int  (*flush)(smb_client *c, smb_file *f, smb_result *r);
    int  (*lock)(smb_client *c, smb_file *f, uint64_t off, uint64_t len, int unlock, smb_result *r);

    /* Asynchronous use; all NULL for a blocking-only library. */
    /* The socket to wait on and the events wanted; -1 if there is none. */
    int  (*fd)(smb_client *c, short *events);
    /* Handle what poll(2) reported (revents, 0 = nothing: timeouts are
     * still checked), send what is queued and resume every task whose
     * answers are all in.  0, or -1 once the connection is lost. */
    int  (*service)(smb_client *c, short revents);
    /* Why the connection was lost, naming the server ("" if it was not). */
    const char *(*error)(smb_client *c);
    /* Give up the connection without another word to the server: calls
     * still waiting are never resumed, later calls fail at once and
     * disconnect sends nothing (backend.h, request lifecycle 3: the server
     * stopped answering). */
    void (*abandon)(smb_client *c);

    /* Riding through an outage; NULL for a library that cannot (then
     * outage_max > 0 is refused at open). */
    /* Inside a task whose call failed because the connection was lost:
     * wait (yield) until the client has connected again (a new session and
     * tree connect, its open files re-opened), 0: the op is issued again;
     * -1 when it will not be (riding is off, outage_max ran out, or the
     * connection was given up). */
    int  (*await_reconnect)(smb_client *c);
    /* Add c's outage counts into *sum (smb_outage.h). */
    void (*outage_counts)(smb_client *c, struct smb_outage_counts *sum);
} smb_client_ops;

extern const smb_client_ops smb_client_libsmb2;       /* smb_client_libsmb2.c */
extern const smb_client_ops smb_client_libsmbclient;  /* smb_client_libsmbclient.c */
/* libsmb2's name of an NTSTATUS ("STATUS_..."), or NULL (smb_client_libsmb2.c). */
const char *smb_l2_status_name(uint32_t ntstatus);

/* The implementations built in (CMake: SFS_SMB_LIBSMB2, SFS_SMB_LIBSMBCLIENT),
 * the default first; NULL-terminated. */
extern const smb_client_ops *const smb_clients[];
/* The implementation called 'name' ("" = the default), NULL if not built. */
const smb_client_ops *smb_client_find(const char *name);
/* What a failed connect's errno (connect's negative return) means for the
 * user, NULL if there is nothing to add to the library's own message. */
const char *smb_connect_hint(int err);

#endif
