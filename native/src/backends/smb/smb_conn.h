/* The asynchronous client's (libsmb2's) side of the smb backend: shared
 * connections, and the jobs that run each request's op in a task of its
 * own on them (smb_conn.c). */
#ifndef SFS_SMB_CONN_H
#define SFS_SMB_CONN_H
#include "config.h"
#include "smb_ctx.h"

/* x's connection: the one of cfg's target and group, made by the first
 * proc's open and shared by the later ones.  0, or -1 with a message. */
int smb_conn_get(struct smb_ctx *x, const struct sfs_cfg *cfg, const char *target, int group,
                 const smb_conn_params *p, char *err, size_t errlen);
/* Close, first part: x's requests still in flight are cancelled (backend.h,
 * request lifecycle), without waiting on a server that left requests
 * unanswered.  x's handles are closed after this, then smb_conn_release. */
void smb_conn_cancel(struct smb_ctx *x);
/* Drop x's reference to its connection; the last one disconnects. */
void smb_conn_release(struct smb_ctx *x);
/* Start req's op in a job of x's connection: 0 (done() follows), or a
 * negative errno (not started, done() is not called). */
int smb_conn_submit(struct smb_ctx *x, sfs_req *req);

#endif
