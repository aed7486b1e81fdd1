/* One proc's context of the smb backend (smb_backend.c, smb_conn.c) and the op that
 * turns one engine request into smb_client.h calls (smb_ops.c), shared by
 * both clients' paths: synchronous (libsmbclient) and tasks (libsmb2). */
#ifndef SFS_SMB_CTX_H
#define SFS_SMB_CTX_H
#include "backend.h"
#include "smb_client.h"

#define SMB_PATH_MAX   1024

struct smb_conn;
struct smb_job;

struct smb_ctx {
    const smb_client_ops *ops;
    smb_client *c;
    struct smb_conn *conn;        /* asynchronous client: the shared connection */
    int inflight;                 /* requests of this proc in flight (asynchronous) */
    int slot_busy;                /* a handle-slot op of this proc is running (asynchronous) */
    struct smb_job *held, **held_tail; /* handle-slot ops waiting for it, oldest first */
    char prefix[SMB_PATH_MAX / 2]; /* folder in the share + proc root, no trailing '/' */
    char path[SMB_PATH_MAX], path2[SMB_PATH_MAX]; /* the request's paths (synchronous) */
    smb_file *slot[SFS_MAX_HANDLES];
    smb_file *fsinfo;             /* handle used for QUERY_FS_INFO / fsstat */
    unsigned char *rbuf;          /* destination of reads with buf == NULL */
};

/* rel under the proc's folder, in buf (SMB_PATH_MAX bytes) */
const char *smb_full_path(struct smb_ctx *x, char *buf, const char *rel);

/* Whether op uses the proc's open-file slots (x->slot): such ops of one proc
 * run one after the other, in the order submitted, as a client issues
 * them on a handle (an op on a handle needs the CREATE's answer; a CLOSE
 * in flight must not free a handle another op still uses). */
int smb_op_uses_slot(int op);

/* Runs req's op through x's client (pbuf, pbuf2: SMB_PATH_MAX bytes each);
 * 0 or a negative errno, r filled. */
int smb_do_op(struct smb_ctx *x, sfs_req *req, char *pbuf, char *pbuf2, smb_result *r);
/* smb_do_op, its outcome into req's status, proto_status and physical */
void smb_execute(struct smb_ctx *x, sfs_req *req, char *pbuf, char *pbuf2);

/* Split a target into server, port (0: none given), share and folder;
 * 0, or -1 with a message in err. */
int smb_parse_target(const char *t, char *server, size_t slen, int *port,
                     char *share, size_t shlen, char *folder, size_t flen,
                     char *err, size_t errlen);

/* The connection settings cfg's keys give (credentials, request timeout,
 * smb_conn_requests); server, port and share are left for the target. */
struct sfs_cfg;
void smb_conn_params_of(const struct sfs_cfg *cfg, smb_conn_params *p);

/* Why security descriptors cannot be read from the engine's targets, or NULL */
const char *smb_secdesc_unavailable(void);

#endif
