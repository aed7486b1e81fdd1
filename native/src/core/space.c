/* The space a configuration's data will take on each target, and the check
 * of it against the target's free space before INIT creates anything.
 *
 * Rules (docs/workloads.md, Space): the SFS file set of each proc plus 10 %
 * growth (the guide: "120 MB ... for each ops/sec, with space for 10%
 * growth"); the top-speed data set and the access workload's tested region
 * as the workload sizes them (they do not grow); a loadfile replay 25 MB per
 * simulated client (dbench's own rule: it creates what the file says). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "engine_internal.h"
#include "log.h"
#include "req_sync.h"

#define LOADFILE_BYTES_PER_CLIENT (25ull * 1000 * 1000)
#define FSSTAT_TIMEOUT_NS (30ull * 1000000000ull)

static const char *rule_of(const sfs_workload *wl)
{
    if (wl->own_namespace) return "25 MB per simulated client, dbench's rule";
    if (wl->own_files) return "the workload's data set";
    return "file set + 10 % growth";
}

static uint64_t with_growth(const sfs_workload *wl, uint64_t bytes)
{
    return wl->own_namespace || wl->own_files ? bytes : bytes + bytes / 10;
}

static void human(uint64_t b, char *out, size_t len)
{
    static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
    double v = (double)b;
    int u = 0;
    while (v >= 1024 && u < 6) { v /= 1024; u++; }
    snprintf(out, len, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
}

/* bytes of procs [0, n) on target t, from what open() built */
static uint64_t need_of(const sfs_engine *e, const char *t, int *procs)
{
    uint64_t sum = 0;
    *procs = 0;
    for (int i = 0; i < e->nprocs; i++) {
        const struct sfs_proc *p = &e->procs[i];
        if (strcmp(p->target, t) != 0) continue;
        (*procs)++;
        sum += e->wl->own_namespace ? LOADFILE_BYTES_PER_CLIENT : p->fs.total_bytes;
    }
    return with_growth(e->wl, sum);
}

/* an existing file or block device the access workload tests in place: it
 * takes no new space */
static int tested_in_place(const sfs_engine *e, const char *target)
{
    struct stat st;
    return e->wl->target_objects && target[0] == '/' && stat(target, &st) == 0 &&
           !S_ISDIR(st.st_mode);
}

int sfs_space_check(sfs_engine *e, char *msg, size_t len)
{
    if (e->be->caps & SFS_CAP_NO_IO) return 0;
    for (int i = 0; i < e->nprocs; i++) {
        const struct sfs_proc *p = &e->procs[i];
        int seen = 0;
        for (int k = 0; k < i && !seen; k++)
            seen = strcmp(e->procs[k].target, p->target) == 0;
        if (seen || tested_in_place(e, p->target)) continue;
        int procs;
        uint64_t need = need_of(e, p->target, &procs);
        sfs_sync s = { .be = e->be, .ctx = p->bctx };
        sfs_req r;
        memset(&r, 0, sizeof r);
        r.op = SFS_OP_FSSTAT;
        int rc = sfs_sync_run(&s, &r, "", FSSTAT_TIMEOUT_NS);
        if (rc == 0 && r.result_bytes == 0 && r.attr.size == 0)
            rc = -ENODATA;   /* a backend that cannot tell (null: no I/O at all) */
        if (rc != 0) {   /* a server without FSSTAT: the check is left out */
            sfs_debug(&e->cfg, SFS_DBG_CHILD_SETUP, p->global, "free space of %s unknown: %s",
                      p->target, strerror(rc < 0 ? -rc : rc));
            continue;
        }
        if (need > r.result_bytes) {
            char n[32], f[32];
            human(need, n, sizeof n);
            human(r.result_bytes, f, sizeof f);
            snprintf(msg, len, "target %s: not enough space: the data set of %d proc%s needs %s (%s), "
                     "%s free; no file of it was created (lower LOAD or FILESET_SCALE, or free space)",
                     p->target, procs, procs == 1 ? "" : "s", n, rule_of(e->wl), f);
            return -1;
        }
    }
    return 0;
}

int sfs_engine_space(const char *config, char *report, int reportlen)
{
    char msg[1024] = "";
    int n = -1;
    size_t used = 0;
    sfs_engine e;
    memset(&e, 0, sizeof e);
    if (sfs_cfg_parse(config, &e.cfg, msg, sizeof msg)) goto out;
    e.wl = sfs_workload_find(e.cfg.workload);
    if (!e.wl) {
        snprintf(msg, sizeof msg, "workload=%s: unknown workload (available: %s)",
                 e.cfg.workload, sfs_workload_names());
        goto out;
    }
    if (e.cfg.direct_io) {
        /* O_DIRECT moves whole 512-byte sectors at least: the workload must keep to them */
        uint32_t a = e.wl->io_align ? e.wl->io_align(&e.cfg) : 1;
        if (a % 512) {
            snprintf(msg, sizeof msg, "direct_io=1: workload %s issues transfers and offsets in "
                     "multiples of %u byte%s, not of the 512 that O_DIRECT needs%s", e.wl->name, a,
                     a == 1 ? "" : "s", e.wl->io_align ? " (XFER_SIZE, ACCESS_SPECS or "
                     "ACCESS_FILE_SIZE sets them)" : " (it replays the byte offsets of its file)");
            goto out;
        }
    }
    n = 0;
    if (report && reportlen > 0) report[0] = '\0';
    for (int i = 0; i < e.cfg.procs && n >= 0; i++) {
        /* the procs of one target are consecutive or not: sum each target once */
        int seen = 0;
        for (int k = 0; k < i && !seen; k++)
            seen = strcmp(e.cfg.target[k], e.cfg.target[i]) == 0;
        if (seen) continue;
        uint64_t sum = 0;
        int procs = 0;
        for (int k = i; k < e.cfg.procs; k++) {
            if (strcmp(e.cfg.target[k], e.cfg.target[i]) != 0) continue;
            procs++;
            if (e.wl->own_namespace) {
                sum += LOADFILE_BYTES_PER_CLIENT;
            } else if (e.wl->own_files) {
                /* the workload sizes its own data: the same refusals as an agent's open */
                struct sfs_fileset fs;
                void *ws = NULL;
                memset(&fs, 0, sizeof fs);
                char m2[900] = "";
                if (e.wl->open(&e.cfg, k, &fs, &ws, m2, sizeof m2)) {
                    snprintf(msg, sizeof msg, "proc %d: workload %s: %s", e.cfg.proc_first + k,
                             e.wl->name, m2);
                    n = -1;
                    break;
                }
                e.wl->close(ws);
                sum += fs.total_bytes;
            } else {
                sum += (uint64_t)sfs_fileset_target_bytes(&e.cfg);
            }
        }
        if (n < 0) break;
        if (report && reportlen > 0 && used < (size_t)reportlen) {
            int w = snprintf(report + used, (size_t)reportlen - used, "%llu\t%d\t%s\t%s\n",
                             (unsigned long long)with_growth(e.wl, sum), procs, rule_of(e.wl),
                             e.cfg.target[i]);
            if (w > 0) used += (size_t)w;
        }
        n++;
    }
out:
    if (n < 0 && report && reportlen > 0) snprintf(report, (size_t)reportlen, "%s", msg);
    sfs_cfg_free(&e.cfg);
    return n;
}
