#include "req_sync.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "clock.h"

static void on_done(sfs_req *req)
{
    ((sfs_sync *)req->engine_priv)->done = 1;
}

int sfs_sync_run(sfs_sync *s, sfs_req *r, const char *path, uint64_t timeout_ns)
{
    const char *slash = strrchr(path, '/');
    if (slash) {
        snprintf(s->dir, sizeof s->dir, "%.*s", (int)(slash - path), path);
        snprintf(s->name, sizeof s->name, "%s", slash + 1);
    } else {
        s->dir[0] = '\0';
        snprintf(s->name, sizeof s->name, "%s", path);
    }
    r->path = path; r->dir = s->dir; r->name = s->name;
    if (!r->path2) r->path2 = "";
    r->done = on_done; r->engine_priv = s;
    s->done = 0;
    int rc = s->be->submit(s->ctx, r);
    if (rc < 0) return rc;
    uint64_t deadline = sfs_now_ns() + timeout_ns;
    while (!s->done) {
        if (!s->be->poll || s->be->poll(s->ctx, 100000000) < 0 || sfs_now_ns() > deadline)
            return s->done ? r->status : -ETIMEDOUT;
    }
    return r->status;
}
