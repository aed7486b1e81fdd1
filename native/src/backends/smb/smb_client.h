/* The SMB client interface used by the smb backend.
 *
 * Every SMB specific lives behind this interface so that the backend and
 * the sfs2008-cifs workload do not depend on one client library.  Today it
 * is implemented by libsmbclient (smb_client_libsmbclient.c, Samba 4.17);
 * a libsmb2 implementation can provide the same functions where that
 * library is installed (see docs/smb.md, "Other client libraries").
 *
 * One smb_client is one authenticated SMB2/3 session + tree connect, used
 * by exactly one thread.  Calls are blocking.  Paths are relative to the
 * share root, '/'-separated, without a leading '/'.
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
} smb_conn_params;

typedef struct smb_result {
    int32_t  proto_status;   /* NTSTATUS if known, else the errno (positive) */
    uint32_t physical;       /* SMB2 requests issued by this call */
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

const char *smb_client_impl(void);   /* "libsmbclient 4.17.12" */
unsigned    smb_client_caps(void);
/* Why the requests missing from smb_client_caps() cannot be issued. */
const char *smb_client_caps_reason(void);

/* Connect and authenticate; the tree connect happens here so that a wrong
 * password or a missing share fails now.  Message in err never contains
 * the password. */
int  smb_connect(const smb_conn_params *p, smb_client **out, char *err, size_t errlen);
void smb_disconnect(smb_client *c);

int  smb_open(smb_client *c, const char *path, int flags, smb_file **f, smb_result *r);
int  smb_close(smb_client *c, smb_file *f, smb_result *r);
/* Returns bytes read (short at end of file). buf may not be NULL. */
int64_t smb_read(smb_client *c, smb_file *f, uint64_t off, void *buf, size_t len, smb_result *r);
int64_t smb_write(smb_client *c, smb_file *f, uint64_t off, const void *buf, size_t len, smb_result *r);
int  smb_fstat(smb_client *c, smb_file *f, sfs_attr *a, smb_result *r);        /* handle QUERY_INFO */
int  smb_stat(smb_client *c, const char *path, sfs_attr *a, smb_result *r);    /* path query */
int  smb_set_eof(smb_client *c, smb_file *f, uint64_t size, smb_result *r);    /* handle SET_INFO */
int  smb_set_times(smb_client *c, const char *path, uint64_t mtime_ns, smb_result *r);
/* File-system size information through an open handle. */
int  smb_query_fs(smb_client *c, smb_file *f, uint64_t *free_bytes, smb_result *r);
/* Lists a directory; returns the number of entries (without . and ..). */
int64_t smb_list_dir(smb_client *c, const char *path, smb_result *r);
/* Security descriptor of path; returns its length in bytes of text form. */
int64_t smb_get_secdesc(smb_client *c, const char *path, smb_result *r);
int  smb_mkdir(smb_client *c, const char *path, smb_result *r);
int  smb_rmdir(smb_client *c, const char *path, smb_result *r);
int  smb_unlink(smb_client *c, const char *path, smb_result *r);
int  smb_rename(smb_client *c, const char *from, const char *to, smb_result *r);
/* Optional requests: -ENOTSUP unless the matching SMB_CAP_ bit is set. */
int  smb_echo(smb_client *c, smb_result *r);
int  smb_flush(smb_client *c, smb_file *f, smb_result *r);
int  smb_lock(smb_client *c, smb_file *f, uint64_t off, uint64_t len, int unlock, smb_result *r);

#endif
