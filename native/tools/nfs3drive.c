/* nfs3drive: drive one NFSv3 procedure of the nfs3 client unpaced, as fast
 * as the server answers, with a fixed number of requests in flight.
 *
 *   nfs3drive TARGET OP SECONDS [depth=N] [size=BYTES] [block=BYTES] [biod=N] [file=PATH]
 *
 * OP: an SFS mix op name (getattr, read, write, create, ...) or "seqread"
 * (read FILE, or a file of 'size' bytes it writes first, sequentially in
 * 256 KiB logical reads).  Prints one line:
 *   op=<op> ops=<n> secs=<s> ops_per_s=<x> cpu_us_per_op=<y> mb_per_s=<z> errors=<e>
 * and, on a dead connection, "ERROR <message>" with exit status 3.  remove and
 * rmdir stop early when the 20000 victims made beforehand are gone.
 * Used by bench/nfs and by NfsEngineGaneshaIT (a hung server). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include "nfs3_client.h"

static nfs3_client *cl;
static int op_id;
static int depth = 1;
static uint64_t size = 8192, fsize, seq_off;
static long seq = 0;                   /* unique names */
static uint64_t ok_ops, err_ops, bytes;
static int stopping;
static long budget = -1;               /* remove/rmdir: ops limited to the victims made */
static char names[64][32];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static double cpu(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

static void sync_done(sfs_req *r) { *(int *)r->engine_priv = 1; }

static int run(sfs_req *r)
{
    int flag = 0;
    r->done = sync_done;
    r->engine_priv = &flag;
    int rc = nfs3_submit(cl, r);
    if (rc < 0)
        return rc;
    while (!flag)
        if (nfs3_poll(cl, 100000000LL) < 0 && !flag)
            return -ENOTCONN;
    return r->status;
}

/* fill r with the next request of the measured op */
static void next_req(sfs_req *r, int slot)
{
    char *nm = names[slot];
    memset(r, 0, offsetof(sfs_req, status));
    r->op = op_id;
    switch (op_id) {
    case SFS_OP_READ:
        r->path = "f";
        r->length = size;
        if (fsize > size)
            r->offset = (uint64_t)(seq++ % (long)(fsize / size)) * size;
        break;
    case SFS_OP_WRITE: case SFS_OP_WRCACHE:
        r->path = "f"; r->length = size;
        r->offset = (uint64_t)(seq++ % 64) * size;
        break;
    case SFS_OP_LOOKUP: r->dir = ""; r->name = "f"; break;
    case SFS_OP_READLINK: r->path = "s"; break;
    case SFS_OP_READDIR: case SFS_OP_READDIRPLUS: r->path = "d"; break;
    case SFS_OP_CREATE: case SFS_OP_MKDIR: case SFS_OP_MKNOD: case SFS_OP_SYMLINK:
        snprintf(nm, sizeof names[0], "n%ld", seq++);
        r->dir = "n"; r->name = nm; r->path2 = "f"; r->mode = 0644;
        break;
    case SFS_OP_REMOVE: case SFS_OP_RMDIR:
        snprintf(nm, sizeof names[0], "n%ld", seq++);
        r->dir = "n"; r->name = nm;
        break;
    case SFS_OP_LINK:
        snprintf(nm, sizeof names[0], "n/l%ld", seq++);
        r->path = "f"; r->path2 = nm;
        break;
    case SFS_OP_RENAME: {              /* each slot moves its own file back and forth */
        static char from[64][32], to[64][32];
        static int side[64];
        snprintf(from[slot], sizeof from[0], "n/r%d%c", slot, side[slot] ? 'b' : 'a');
        snprintf(to[slot], sizeof to[0], "n/r%d%c", slot, side[slot] ? 'a' : 'b');
        side[slot] ^= 1;
        r->path = from[slot]; r->path2 = to[slot];
        break;
    }
    case -1:                            /* seqread */
        r->op = SFS_OP_READ; r->path = "big"; r->length = 256 * 1024;
        r->offset = seq_off;
        seq_off += r->length;
        if (seq_off >= fsize)
            seq_off = 0;
        break;
    default:
        r->path = "f";
        if (op_id == SFS_OP_SETATTR)
            r->mode = 0644;
    }
}

static sfs_req reqs[64];
static void load_done(sfs_req *r);

static void issue(int slot)
{
    if (budget >= 0 && seq >= budget)
        return;                         /* no victims left: the slot goes idle */
    next_req(&reqs[slot], slot);
    reqs[slot].done = load_done;
    reqs[slot].user = (void *)(intptr_t)slot;
    if (nfs3_submit(cl, &reqs[slot]) < 0)
        err_ops++;
}

static void load_done(sfs_req *r)
{
    if (r->status == 0) {
        ok_ops++;
        bytes += r->result_bytes;
    } else {
        err_ops++;
    }
    if (!stopping)
        issue((int)(intptr_t)r->user);
}

/* make n victims "n/n<i>" (files or dirs) with 16 requests in flight */
static long bulk_next, bulk_n, bulk_err;
static int bulk_op;
static sfs_req bulk_reqs[16];
static char bulk_names[16][32];

static void bulk_issue(int k);

static void bulk_done(sfs_req *r)
{
    if (r->status < 0 && r->status != -EEXIST)
        bulk_err++;
    bulk_issue((int)(intptr_t)r->user);
}

static void bulk_issue(int k)
{
    if (bulk_next >= bulk_n)
        return;
    snprintf(bulk_names[k], sizeof bulk_names[0], "n%ld", bulk_next++);
    bulk_reqs[k] = (sfs_req){ .op = bulk_op, .dir = "n", .name = bulk_names[k], .mode = 0755,
                              .done = bulk_done, .user = (void *)(intptr_t)k };
    if (nfs3_submit(cl, &bulk_reqs[k]) < 0)
        bulk_err++;
}

static int bulk(int op, long n)
{
    bulk_op = op;
    bulk_n = n;
    bulk_next = bulk_err = 0;
    for (int k = 0; k < 16; k++)
        bulk_issue(k);
    while (nfs3_inflight(cl) > 0)
        if (nfs3_poll(cl, 100000000LL) < 0)
            return -ENOTCONN;
    return bulk_err ? -EIO : 0;
}

/* objects the measured op needs: f (file), s (symlink), d (dir with 30 files), n (scratch) */
static int prepare(const char *file)
{
    sfs_req r;
    int rc;
    r = (sfs_req){ .op = SFS_OP_CREATE, .dir = "", .name = "f", .mode = 0644 };
    if ((rc = run(&r)) < 0) return rc;
    fsize = size * 64 > (1u << 20) ? size * 64 : (1u << 20);
    r = (sfs_req){ .op = SFS_OP_WRITE, .path = "f", .length = fsize, .stable = 1 };
    if ((rc = run(&r)) < 0) return rc;
    r = (sfs_req){ .op = SFS_OP_SYMLINK, .dir = "", .name = "s", .path2 = "f" };
    rc = run(&r);
    r = (sfs_req){ .op = SFS_OP_MKDIR, .dir = "", .name = "d", .mode = 0755 };
    rc = run(&r);
    for (int i = 0; i < 30 && rc != -EEXIST; i++) {
        char nm[16];
        snprintf(nm, sizeof nm, "e%d", i);
        r = (sfs_req){ .op = SFS_OP_CREATE, .dir = "d", .name = nm };
        run(&r);
    }
    r = (sfs_req){ .op = SFS_OP_MKDIR, .dir = "", .name = "n", .mode = 0755 };
    run(&r);
    if (op_id == SFS_OP_REMOVE || op_id == SFS_OP_RMDIR) {
        /* victims made up front, not measured; the run ends when they are gone */
        budget = 20000;
        if ((rc = bulk(op_id == SFS_OP_RMDIR ? SFS_OP_MKDIR : SFS_OP_CREATE, budget)) < 0)
            return rc;
    }
    if (op_id == SFS_OP_RENAME) {
        for (int k = 0; k < depth; k++) {
            char nm[32];
            snprintf(nm, sizeof nm, "r%da", k);
            r = (sfs_req){ .op = SFS_OP_CREATE, .dir = "n", .name = nm };
            if ((rc = run(&r)) < 0) return rc;
        }
    }
    if (op_id == -1 && !file) {
        r = (sfs_req){ .op = SFS_OP_CREATE, .dir = "", .name = "big" };
        if ((rc = run(&r)) < 0) return rc;
        r = (sfs_req){ .op = SFS_OP_WRITE, .path = "big", .length = size };
        if ((rc = run(&r)) < 0) return rc;
    }
    if (op_id == -1) {
        r = (sfs_req){ .op = SFS_OP_GETATTR, .path = "big" };
        if ((rc = run(&r)) < 0) return rc;
        fsize = r.attr.size;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s TARGET OP SECONDS [depth=N] [size=B] [block=B] [biod=N] [root=DIR] [file=NAME]\n",
                argv[0]);
        return 2;
    }
    double secs = atof(argv[3]);
    nfs3_opts o = { .target = argv[1], .uid = -1, .gid = -1, .biod_reads = 2,
                    .biod_writes = 2, .timeout_s = 5, .xid_base = 0x20000001u };
    char root[64];
    snprintf(root, sizeof root, "drive-%d", (int)getpid());
    const char *file = NULL;
    for (int i = 4; i < argc; i++) {
        if (!strncmp(argv[i], "depth=", 6)) depth = atoi(argv[i] + 6);
        else if (!strncmp(argv[i], "size=", 5)) size = strtoull(argv[i] + 5, NULL, 0);
        else if (!strncmp(argv[i], "block=", 6)) o.block_size = (uint32_t)atoi(argv[i] + 6);
        else if (!strncmp(argv[i], "biod=", 5)) o.biod_reads = o.biod_writes = atoi(argv[i] + 5);
        else if (!strncmp(argv[i], "root=", 5)) snprintf(root, sizeof root, "%s", argv[i] + 5);
        else if (!strncmp(argv[i], "file=", 5)) file = argv[i] + 5;
        else { fprintf(stderr, "nfs3drive: unknown argument '%s'\n", argv[i]); return 2; }
    }
    if (depth < 1 || depth > 64) { fprintf(stderr, "nfs3drive: depth must be 1..64\n"); return 2; }
    o.root = root;
    op_id = strcmp(argv[2], "seqread") == 0 ? -1 : sfs_op_from_name(argv[2]);
    if (op_id < -1 || op_id >= SFS_OP_CIFS_ECHO) {
        fprintf(stderr, "nfs3drive: unknown op '%s'\n", argv[2]);
        return 2;
    }
    char err[2048];
    cl = nfs3_open(&o, err, sizeof err);
    if (!cl) { printf("ERROR %s\n", err); return 3; }
    int rc = prepare(file);
    if (rc < 0) { printf("ERROR preparing fixture: %s %s\n", strerror(-rc), nfs3_error(cl)); return 3; }
    double t0 = now(), c0 = cpu();
    for (int i = 0; i < depth; i++)
        issue(i);
    int dead = 0;
    while (now() - t0 < secs && nfs3_inflight(cl) > 0)
        if (nfs3_poll(cl, 50000000LL) < 0) { dead = 1; break; }
    stopping = 1;
    double t1 = now(), c1 = cpu();
    while (!dead && nfs3_inflight(cl) > 0)
        if (nfs3_poll(cl, 50000000LL) < 0) dead = 1;
    double el = t1 - t0;
    uint64_t n = ok_ops + err_ops;
    printf("op=%s ops=%llu secs=%.2f ops_per_s=%.0f cpu_us_per_op=%.1f mb_per_s=%.1f errors=%llu\n",
           argv[2], (unsigned long long)n, el, n / el, n ? (c1 - c0) * 1e6 / n : 0.0,
           bytes / el / 1e6, (unsigned long long)err_ops);
    if (dead) {
        printf("ERROR %s\n", nfs3_error(cl));
        nfs3_close(cl);
        return 3;
    }
    nfs3_close(cl);
    return 0;
}
