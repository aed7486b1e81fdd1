/* Every NFSv3 procedure of the nfs3 client against a live server.
 *
 *   nfs3_live_test TARGET [ROOTDIR [UID GID]]
 *
 * TARGET is host:/export or nfs://host/export?nfsport=N&mountport=M (the
 * test server script src/test/servers/ganesha.sh prints both into its env
 * file).  Prints one PASS/FAIL line per check; exit status = failures.
 * Not a ctest (needs a server): run by GaneshaNfs3IT. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "nfs3_client.h"

#define NFS3ERR_EXIST_NUM 17   /* RFC 1813 */

static nfs3_client *cl;
static int failures;

static void done_cb(sfs_req *r) { *(int *)r->engine_priv = 1; }

static int run(sfs_req *r)
{
    int flag = 0;
    r->done = done_cb;
    r->engine_priv = &flag;
    int rc = nfs3_submit(cl, r);
    if (rc < 0)
        return rc;
    while (!flag)
        if (nfs3_poll(cl, 200000000LL) < 0 && !flag)
            return -ENOTCONN;
    return r->status;
}

static int run_on(nfs3_client *c, sfs_req *r)
{
    nfs3_client *keep = cl;
    cl = c;
    int rc = run(r);
    cl = keep;
    return rc;
}

static void check(int ok, const char *op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#include <stdarg.h>
static void check(int ok, const char *op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s %s ", ok ? "PASS" : "FAIL", op);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    failures += !ok;
}

#define REQ(...) ((sfs_req){ __VA_ARGS__ })

/* Clients opened with one share key use one connection: the requests of
 * both are answered while only one of them is polled, a client closed with
 * a request in flight leaves the other working (its reply names an op the
 * connection keeps), and another group gets a connection of its own. */
static void check_shared(const nfs3_opts *base, const char *root)
{
    static const int owner = 0;
    char r1[96], r2[96], r3[96], err[512];
    snprintf(r1, sizeof r1, "%s/s1", root);
    snprintf(r2, sizeof r2, "%s/s2", root);
    snprintf(r3, sizeof r3, "%s/s3", root);
    nfs3_opts o = *base;
    o.share_owner = &owner;
    o.root = r1;
    nfs3_client *a = nfs3_open(&o, err, sizeof err);
    o.root = r2;
    nfs3_client *b = a ? nfs3_open(&o, err, sizeof err) : NULL;
    o.root = r3;
    o.share_group = 1;
    nfs3_client *g = b ? nfs3_open(&o, err, sizeof err) : NULL;
    check(a && b && g, "share-open", "%s", a && b && g ? "" : err);
    if (!a || !b || !g) {
        nfs3_close(a);
        nfs3_close(b);
        nfs3_close(g);
        return;
    }
    short ev;
    int fa = nfs3_pollfd(a, &ev), fb = nfs3_pollfd(b, &ev), fg = nfs3_pollfd(g, &ev);
    check(fa >= 0 && fa == fb && fg >= 0 && fg != fa, "share-fd", "fds %d %d, other group %d",
          fa, fb, fg);
    int done[2] = { 0, 0 };
    sfs_req ra = REQ(.op = SFS_OP_GETATTR, .path = "", .done = done_cb, .engine_priv = &done[0]);
    sfs_req rb = REQ(.op = SFS_OP_GETATTR, .path = "", .done = done_cb, .engine_priv = &done[1]);
    int sa = nfs3_submit(a, &ra), sb = nfs3_submit(b, &rb);
    for (int i = 0; i < 50 && !(done[0] && done[1]); i++)
        nfs3_poll(a, 100000000LL);
    check(sa == 0 && sb == 0 && done[0] && done[1] && ra.status == 0 && rb.status == 0 &&
          S_ISDIR(ra.attr.mode) && S_ISDIR(rb.attr.mode), "share-poll",
          "submit %d/%d, done %d/%d, status %d/%d", sa, sb, done[0], done[1], ra.status, rb.status);
    done[0] = done[1] = 0;
    sa = nfs3_submit(a, &ra);
    sb = nfs3_submit(b, &rb);
    nfs3_close(a);                  /* its GETATTR still in flight */
    for (int i = 0; i < 50 && !done[1]; i++)
        nfs3_poll(b, 100000000LL);
    sfs_req again = REQ(.op = SFS_OP_GETATTR, .path = "");
    int st = done[1] ? run_on(b, &again) : -1;
    check(sa == 0 && sb == 0 && !done[0] && done[1] && rb.status == 0 && st == 0, "share-close",
          "a's request not completed (%d), b's %d status %d, next %d", done[0], done[1], rb.status, st);
    nfs3_close(b);
    nfs3_close(g);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s host:/export|nfs://... [rootdir]\n", argv[0]);
        return 2;
    }
    char root[64];
    snprintf(root, sizeof root, "%s", argc > 2 ? argv[2] : "live");
    int uid = argc > 4 ? atoi(argv[3]) : -1, gid = argc > 4 ? atoi(argv[4]) : -1;
    nfs3_opts o = { .target = argv[1], .root = root, .uid = uid, .gid = gid,
                    .block_size = 65536, .biod_reads = 2, .biod_writes = 2,
                    .timeout_s = 10, .xid_base = 0x10000001u };
    char err[512];
    cl = nfs3_open(&o, err, sizeof err);
    if (!cl) {
        printf("FAIL open %s\n", err);
        return 1;
    }
    nfs3_info in;
    nfs3_get_info(cl, &in);
    check(in.rtmax >= in.rtpref && in.rtpref > 0 && in.wtmax >= in.wtpref && in.wtpref > 0,
          "fsinfo", "rtmax=%u rtpref=%u wtmax=%u wtpref=%u dtpref=%u", in.rtmax, in.rtpref,
          in.wtmax, in.wtpref, in.dtpref);
    check(in.rsize == 65536 && in.wsize == 65536, "blocksize", "rsize=%u wsize=%u (block_size=65536)",
          in.rsize, in.wsize);

    sfs_req r;
    int rc;
    r = REQ(.op = SFS_OP_NULL);
    rc = run(&r);
    check(rc == 0 && r.physical == 1, "null", "status=%d", r.status);
    r = REQ(.op = SFS_OP_ROOT);
    rc = run(&r);
    check(rc == 0 && S_ISDIR(r.attr.mode), "root", "status=%d mode=%o", r.status, r.attr.mode);
    r = REQ(.op = SFS_OP_FSSTAT);
    rc = run(&r);
    check(rc == 0 && r.attr.size >= r.result_bytes && r.attr.size > 0, "fsstat",
          "tbytes=%llu fbytes=%llu", (unsigned long long)r.attr.size,
          (unsigned long long)r.result_bytes);
    r = REQ(.op = SFS_OP_PATHCONF);
    rc = run(&r);
    check(rc == 0 && r.result_bytes > 0, "pathconf", "name_max=%llu",
          (unsigned long long)r.result_bytes);
    r = REQ(.op = SFS_OP_FSINFO);
    rc = run(&r);
    check(rc == 0 && r.attr.size >= r.result_bytes, "fsinfo-op", "status=%d", r.status);

    r = REQ(.op = SFS_OP_MKDIR, .dir = "", .name = "d", .mode = 0755);
    rc = run(&r);
    check(rc == 0 || rc == -EEXIST, "mkdir", "status=%d", rc);
    r = REQ(.op = SFS_OP_CREATE, .dir = "d", .name = "f", .mode = 0644);
    rc = run(&r);
    check(rc == 0 && S_ISREG(r.attr.mode), "create", "status=%d", r.status);
    if (uid >= 0)
        check(r.attr.uid == (uint32_t)uid && r.attr.gid == (uint32_t)gid, "credentials",
              "new file owned by %u:%u (AUTH_SYS %d:%d)", r.attr.uid, r.attr.gid, uid, gid);

    r = REQ(.op = SFS_OP_CREATE, .dir = "d", .name = "f", .mode = 0644);
    rc = run(&r);
    check(rc == -EEXIST && r.proto_status == NFS3ERR_EXIST_NUM, "create-exists", "status=%d", rc);

    enum { LEN = 300 * 1024 };
    char *wb = malloc(LEN), *rb = calloc(1, LEN);
    for (int i = 0; i < LEN; i++)
        wb[i] = (char)(i * 7 + 3);
    r = REQ(.op = SFS_OP_WRITE, .path = "d/f", .offset = 0, .length = LEN, .buf = wb);
    rc = run(&r);
    nfs3_get_info(cl, &in);
    check(rc == 0 && r.result_bytes == LEN && r.physical == 5 + (in.commits > 0),
          "write", "status=%d bytes=%llu physical=%u (5 WRITEs of 64 KiB%s)", rc,
          (unsigned long long)r.result_bytes, r.physical,
          in.unstable_writes ? " + COMMIT after UNSTABLE replies" : ", stable replies");
    r = REQ(.op = SFS_OP_READ, .path = "d/f", .offset = 0, .length = LEN, .buf = rb);
    rc = run(&r);
    check(rc == 0 && r.result_bytes == LEN && memcmp(wb, rb, LEN) == 0 && r.physical == 5,
          "read", "status=%d bytes=%llu physical=%u data %s", rc,
          (unsigned long long)r.result_bytes, r.physical, memcmp(wb, rb, LEN) ? "differs" : "equal");
    r = REQ(.op = SFS_OP_READ, .path = "d/f", .offset = LEN - 100, .length = 8192, .buf = rb);
    rc = run(&r);
    check(rc == 0 && r.result_bytes == 100, "read-eof", "bytes=%llu",
          (unsigned long long)r.result_bytes);
    r = REQ(.op = SFS_OP_WRITE, .path = "d/f", .offset = 0, .length = 1000, .append = 1);
    rc = run(&r);
    check(rc == 0, "append", "status=%d", r.status);
    r = REQ(.op = SFS_OP_GETATTR, .path = "d/f");
    rc = run(&r);
    check(rc == 0 && r.attr.size == LEN + 1000, "getattr", "size=%llu (expect %d)",
          (unsigned long long)r.attr.size, LEN + 1000);
    r = REQ(.op = SFS_OP_WRCACHE, .path = "d/f", .offset = 4096, .length = 4096);
    rc = run(&r);
    check(rc == 0 && r.physical == 1, "wrcache", "status=%d physical=%u", r.status, r.physical);
    r = REQ(.op = SFS_OP_COMMIT, .path = "d/f");
    rc = run(&r);
    check(rc == 0 && r.physical == 1, "commit", "status=%d", r.status);
    r = REQ(.op = SFS_OP_SETATTR, .path = "d/f", .mode = 0600);
    rc = run(&r);
    sfs_req g = REQ(.op = SFS_OP_GETATTR, .path = "d/f");
    run(&g);
    check(r.status == 0 && (g.attr.mode & 07777) == 0600, "setattr", "status=%d mode=%o",
          r.status, g.attr.mode & 07777);
    r = REQ(.op = SFS_OP_ACCESS, .path = "d/f");
    rc = run(&r);
    check(rc == 0 && r.result_bytes != 0, "access", "granted=0x%llx",
          (unsigned long long)r.result_bytes);
    r = REQ(.op = SFS_OP_LOOKUP, .dir = "d", .name = "f");
    rc = run(&r);
    check(rc == 0 && r.attr.size == LEN + 1000, "lookup", "status=%d", r.status);
    r = REQ(.op = SFS_OP_LOOKUP, .dir = "d", .name = "missing");
    rc = run(&r);
    check(rc == -ENOENT && r.proto_status == 2, "lookup-miss", "status=%d proto=%d",
          r.status, r.proto_status);
    r = REQ(.op = SFS_OP_SYMLINK, .dir = "d", .name = "s", .path2 = "f");
    rc = run(&r);
    check(rc == 0, "symlink", "status=%d", r.status);
    r = REQ(.op = SFS_OP_READLINK, .path = "d/s");
    rc = run(&r);
    check(rc == 0 && r.result_bytes == 1, "readlink", "status=%d len=%llu", r.status,
          (unsigned long long)r.result_bytes);
    r = REQ(.op = SFS_OP_LINK, .path = "d/f", .path2 = "d/h");
    rc = run(&r);
    check(rc == 0 && r.attr.nlink == 2, "link", "status=%d nlink=%u", r.status, r.attr.nlink);
    r = REQ(.op = SFS_OP_RENAME, .path = "d/h", .path2 = "d/h2");
    rc = run(&r);
    check(rc == 0, "rename", "status=%d", r.status);
    r = REQ(.op = SFS_OP_GETATTR, .path = "d/h2");
    rc = run(&r);
    check(rc == 0 && r.physical == 1, "rename-cache", "status=%d physical=%u", r.status,
          r.physical);
    r = REQ(.op = SFS_OP_MKNOD, .dir = "d", .name = "p");
    rc = run(&r);
    check(rc == 0 && S_ISFIFO(r.attr.mode), "mknod", "status=%d mode=%o", r.status, r.attr.mode);
    r = REQ(.op = SFS_OP_READDIR, .path = "d");
    rc = run(&r);
    check(rc == 0 && r.result_bytes >= 4, "readdir", "entries=%llu",
          (unsigned long long)r.result_bytes);
    r = REQ(.op = SFS_OP_READDIRPLUS, .path = "d");
    rc = run(&r);
    check(rc == 0 && r.result_bytes >= 4, "readdirplus", "entries=%llu",
          (unsigned long long)r.result_bytes);
    const char *names[] = { "f", "s", "h2", "p" };
    for (int i = 0; i < 4; i++) {
        r = REQ(.op = SFS_OP_REMOVE, .dir = "d", .name = names[i]);
        rc = run(&r);
        check(rc == 0, "remove", "%s status=%d", names[i], r.status);
    }
    r = REQ(.op = SFS_OP_RMDIR, .dir = "", .name = "d");
    rc = run(&r);
    check(rc == 0, "rmdir", "status=%d", r.status);
    r = REQ(.op = SFS_OP_GETATTR, .path = "d/f");
    rc = run(&r);
    check(rc == -ENOENT, "getattr-gone", "status=%d", r.status);
    nfs3_get_info(cl, &in);
    printf("INFO unstable_writes=%llu commits=%llu verf_changes=%llu extra_lookups=%llu\n",
           (unsigned long long)in.unstable_writes, (unsigned long long)in.commits,
           (unsigned long long)in.verf_changes, (unsigned long long)in.extra_lookups);
    check_shared(&o, root);
    nfs3_close(cl);
    free(wb);
    free(rb);
    return failures;
}
