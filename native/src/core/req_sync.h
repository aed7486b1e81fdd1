/* One request run to completion outside the load loop: the engine's own
 * tools (validation, clean) drive a backend this way, one op at a time, on
 * sync and async backends alike. */
#ifndef SFS_REQ_SYNC_H
#define SFS_REQ_SYNC_H
#include <stdint.h>
#include "backend.h"

#define SFS_SYNC_PATH 4096

typedef struct sfs_sync {
    const sfs_backend *be;
    void *ctx;
    char  dir[SFS_SYNC_PATH], name[SFS_SYNC_PATH]; /* path split for name ops */
    int   done;
} sfs_sync;

/* Sets r's path, and dir + name split at its last '/', submits r and polls
 * the backend until it is done or timeout_ns pass.  The caller fills the
 * other fields; r->user is left to it, r->done and r->engine_priv are
 * taken.  Returns r's status, the submit error, or -ETIMEDOUT. */
int sfs_sync_run(sfs_sync *s, sfs_req *r, const char *path, uint64_t timeout_ns);

#endif
