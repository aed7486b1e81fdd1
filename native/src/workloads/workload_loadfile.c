/* loadfile: replay a dbench loadfile (loadfile.h) as one simulated client
 * per proc, or with loadfile_dir one loadfile per proc (loadfile_set.c: a
 * capture's recorded clients), each in its own directory: "client1" in the file's paths
 * becomes clientN (N = global proc index, as dbench numbers its clients
 * from 0), so client.txt works in clients/clientN under the run's root.
 *
 * Every loadfile line becomes one or a few requests of the backend ops
 * table (docs/loadfile.md has the mapping).  Backends with open-file
 * handles (posix, smb) replay handle ops on slots; nfs3 replays them on
 * paths (a handle remembers its path; Close commits unstable writes).  An
 * op the backend cannot express is counted as not issued (error table,
 * SFS_STATUS_NOT_ISSUED) with the backend's reason, never dropped.  The
 * line's status is checked by judge(); the first mismatches of each client
 * are printed on stderr (the client log).
 *
 * Timing: as fast as possible (closed loop), or loadfile_timing=timestamps
 * (each pass through the file starts a clock; a line is due at its
 * timestamp, divided by loadfile_speed), or target_mbps (a line is due when the bytes before it fit
 * the rate).  Latency counts from the due time, so lateness shows.
 * loadfile_passes=N (rc LOADFILE_PASSES) stops a client after N passes; when every
 * client has stopped, RUN ends there (SFS_WL_NO_MORE, workload.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <pthread.h>
#include "workload.h"
#include "config.h"
#include "fileset.h"
#include "rng.h"
#include "loadfile_client.h"

#define SHOW_MISMATCHES 5

/* The parsed file is shared by the procs of one engine (parsed once). */
static struct shared {
    pthread_mutex_t lock;
    lf_file *f;
    int refs;
} shared = { PTHREAD_MUTEX_INITIALIZER, NULL, 0 };

static lf_file *shared_get(const char *path, char *err, size_t errlen)
{
    pthread_mutex_lock(&shared.lock);
    if (shared.f && strcmp(shared.f->name, path) != 0 && shared.refs == 0) {
        lf_free(shared.f);
        shared.f = NULL;
    }
    if (shared.f && strcmp(shared.f->name, path) != 0) {
        snprintf(err, errlen, "loadfile=%s: this engine already replays %s", path, shared.f->name);
        pthread_mutex_unlock(&shared.lock);
        return NULL;
    }
    if (!shared.f)
        shared.f = lf_parse(path, err, errlen);
    lf_file *f = shared.f;
    if (f) shared.refs++;
    pthread_mutex_unlock(&shared.lock);
    return f;
}

static void shared_put(void)
{
    pthread_mutex_lock(&shared.lock);
    if (--shared.refs == 0) {
        lf_free(shared.f);
        shared.f = NULL;
    }
    pthread_mutex_unlock(&shared.lock);
}


static int lf_open(const struct sfs_cfg *cfg, int proc, struct sfs_fileset *fs, void **state,
                   char *err, size_t errlen)
{
    (void)fs;
    if (!cfg->loadfile[0] == !cfg->loadfile_dir[0]) {
        snprintf(err, errlen, "loadfile: %s", cfg->loadfile[0]
                 ? "the loadfile and loadfile_dir keys both name what to replay: one of the two"
                 : "the loadfile key names the dbench loadfile to replay (or loadfile_dir one per proc)");
        return -1;
    }
    if (cfg->loadfile_speed != 1 && !(cfg->loadfile_timestamps && cfg->target_mbps == 0)) {
        snprintf(err, errlen, "loadfile_speed=%g: it scales the file's timestamps, which only"
                 " loadfile_timing=timestamps follows", cfg->loadfile_speed);
        return -1;
    }
    struct client *w = calloc(1, sizeof *w);
    if (!w) { snprintf(err, errlen, "out of memory"); return -1; }
    char own[2048];
    if (cfg->loadfile_dir[0]) {   /* the proc's own file: parsed for it alone */
        if (lf_set_pick(cfg->loadfile_dir, proc, cfg->procs, own, sizeof own, err, errlen) != 0) {
            free(w);
            return -1;
        }
        w->f = lf_parse(own, err, errlen);
        w->own_file = 1;
    } else {
        w->f = shared_get(cfg->loadfile, err, errlen);
    }
    if (!w->f) { free(w); return -1; }
    w->cfg = cfg;
    w->be = sfs_backend_find(cfg->backend);
    w->id = cfg->proc_first + proc;
    w->cname_len = (size_t)snprintf(w->cname, sizeof w->cname, "client%d", w->id);
    w->nclients = cfg->procs_total > 0 ? cfg->procs_total : cfg->procs;
    w->handles = w->be && (!w->be->op_unavailable ||
                           !w->be->op_unavailable(cfg, SFS_OP_CIFS_NT_CREATE_ANDX));
    sfs_rng_seed(&w->rng, sfs_hash3(cfg->seed, (uint64_t)w->id, 0xDB3C));
    w->ns_per_byte = cfg->target_mbps > 0 ? 1e3 / cfg->target_mbps : 0;
    *state = w;
    return 0;
}

static void lf_close(void *state)
{
    struct client *w = state;
    if (w->own_file)
        lf_free(w->f);
    else
        shared_put();
    free(w);
}

static int lf_next_init(void *state, sfs_req *req)
{
    (void)state; (void)req;
    return 0;   /* the loadfile makes its own files (Deltree, Mkdir first) */
}


static void lf_next(void *state, sfs_req *req)
{
    struct client *w = state;
    const lf_op *op = &w->f->ops[w->pc];
    memset(req, 0, sizeof *req);
    req->path = req->dir = req->name = req->path2 = "";
    if (w->step == 0) {   /* each repetition evaluates its expressions anew */
        w->cur[0] = lf_eval(w, op->num[0], 0);
        w->cur[1] = lf_eval(w, op->num[1], 1);
        w->prev[0] = w->cur[0];
        w->prev[1] = w->cur[1];
    }
    w->cur_op = op;
    w->cur_open = -1;
    w->bad_handle = 0;
    int last = lf_fill(w, op, req);
    if (req->not_issued && (w->own_file || w->id == w->cfg->proc_first) && req->op < 64 && !(w->told >> req->op & 1)) {
        w->told |= 1ULL << req->op;   /* once per op and file: the engine's first client, or each of loadfile_dir */
        fprintf(stderr, "loadfile: %s line %u: %s (%s) not issued: %s\n", w->f->name, op->line,
                lf_kind_name(op->kind), sfs_op_name(req->op), req->not_issued);
    }
    if (!req->not_issued && (req->op == SFS_OP_READ || req->op == SFS_OP_WRCACHE ||
                             req->op == SFS_OP_WRITE || req->op == SFS_OP_CIFS_READ_ANDX ||
                             req->op == SFS_OP_CIFS_WRITE_ANDX))
        w->bytes_sched += req->length;
    if (!last) { w->step++; return; }
    w->step = 0;
    if (++w->rep < op->repeat) return;
    w->rep = 0;
    if (++w->pc == w->f->nops) {   /* a new pass through the file */
        w->pc = 0;
        w->pass_start_ns = 0;
        w->passes++;
    }
}

static uint64_t lf_intended(void *state, uint64_t now_ns)
{
    struct client *w = state;
    if (w->cfg->loadfile_passes && w->passes >= w->cfg->loadfile_passes)
        return SFS_WL_NO_MORE;   /* its passes are done */
    if (w->ns_per_byte > 0) {
        if (!w->rate_start_ns) w->rate_start_ns = now_ns;
        return w->rate_start_ns + (uint64_t)((double)w->bytes_sched * w->ns_per_byte);
    }
    if (!w->cfg->loadfile_timestamps || !w->f->timestamped || w->step || w->rep)
        return 0;
    if (!w->pass_start_ns) w->pass_start_ns = now_ns;
    return w->pass_start_ns + (uint64_t)((double)w->f->ops[w->pc].t_us * 1000.0 / w->cfg->loadfile_speed);
}

static const char *want_text(const struct client *w, char *buf, size_t len)
{
    switch (w->want) {
    case W_OK:    return "success";
    case W_ANY:   return "any status";
    case W_FAIL:  return "a failure";
    case W_ERRNO: snprintf(buf, len, "%s", strerror(w->want_err)); return buf;
    default:      snprintf(buf, len, "success or %s", strerror(w->want_err)); return buf;
    }
}

static int lf_judge(void *state, const sfs_req *req)
{
    struct client *w = state;
    int st = req->status, ok;
    switch (w->want) {
    case W_ANY:   ok = 1; break;
    case W_FAIL:  ok = st != 0; break;
    case W_ERRNO: ok = st == -w->want_err || (w->want_err == ENOENT && st == -ENOTDIR); break;
    case W_OK_OR: ok = st == 0 || st == -w->want_err; break;
    default:      ok = st == 0; break;
    }
    if (w->bad_handle) ok = 0;
    if (!ok && w->shown < SHOW_MISMATCHES) {
        char b[80];
        w->shown++;
        fprintf(stderr, "loadfile: client%d %s:%u %s %s: expected %s, got %s%s\n", w->id,
                w->f->name, w->cur_op->line, lf_kind_name(w->cur_op->kind), req->path,
                want_text(w, b, sizeof b), st ? strerror(-st) : "success",
                w->bad_handle ? " (its handle is not open)" : "");
    }
    return ok;
}

static void lf_completed(void *state, sfs_req *req)
{
    struct client *w = state;
    /* an open that failed leaves no handle */
    if (w->cur_open >= 0 && req->status != 0)
        w->h[w->cur_open].used = 0;
}

static const sfs_workload loadfile = {
    .name = "loadfile",
    .description = "replays a dbench loadfile, one simulated client per proc (docs/loadfile.md)",
    .flags = SFS_WORKLOAD_RC,
    .rules = SFS_RULES_LOADFILE,
    /* no fixed op set: the loadfile's lines decide, so it runs on every
     * backend, and lf_judge reports the lines a backend cannot express */
    .ops = 0,
    .open = lf_open,
    .next_init = lf_next_init,
    .next = lf_next,
    .completed = lf_completed,
    .close = lf_close,
    .intended = lf_intended,
    .judge = lf_judge,
    .own_namespace = 1,
};
SFS_REGISTER_WORKLOAD(loadfile)
