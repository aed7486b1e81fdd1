/* One replaying client of the loadfile workload: its state, shared by
 * workload_loadfile.c (the workload's entry points) and loadfile_request.c
 * (a loadfile line -> the backend request). */
#ifndef SFS_LOADFILE_CLIENT_H
#define SFS_LOADFILE_CLIENT_H
#include <stdint.h>
#include "workload.h"
#include "rng.h"
#include "loadfile.h"

/* what the request in flight must end with */
enum want { W_OK, W_ANY, W_FAIL, W_ERRNO, W_OK_OR };

struct handle {
    int      used;
    uint32_t key;          /* fnum, or the path id (SMB names) */
    uint32_t path;
    int      dirty;        /* path mode: unstable writes since the open */
    int      dir;          /* a directory, opened as a path query */
    uint64_t seq;          /* order of the opens */
};

struct client {
    const struct sfs_cfg *cfg;
    const sfs_backend *be;
    lf_file *f;
    int own_file;          /* f is this proc's alone (loadfile_dir), not the shared one */
    int id, nclients;
    int handles;           /* backend has open-file handles */
    sfs_rng rng;
    size_t pc;             /* current op */
    uint32_t rep, step;    /* repetition of the op, request within it */
    uint64_t prev[2], cur[2];  /* offset/length of the previous and current line */
    uint64_t pass_start_ns, rate_start_ns, bytes_sched;
    int passes;            /* completed passes through the file */
    double ns_per_byte;    /* target_mbps pacing, 0 = none */
    struct handle h[SFS_MAX_HANDLES];
    uint64_t seq;
    /* the request in flight */
    enum want want;
    int want_err;
    const lf_op *cur_op;
    int cur_open;          /* handle entry an open fills, -1 */
    int bad_handle;        /* the line names a handle that is not open */
    int shown;
    uint64_t told;         /* ops already reported as not issued (bit per op id) */
    char cname[24];        /* "clientN" */
    size_t cname_len;
    char path[1400], dir[1400], name[1400], path2[1400];
};

/* a path or number expression of the current line, evaluated (which: 0 offset, 1 length) */
uint64_t lf_eval(struct client *w, uint32_t id, int which);
/* Fill the request for step w->step of op; returns 1 if it is the op's last. */
int lf_fill(struct client *w, const lf_op *op, sfs_req *req);

#endif
