/* sfs_engine_validate: exercise every op of a backend against the target and
 * check the answers (guide -v).  Written against backend.h only, so it
 * validates posix, nfs3 and smb alike.  An op answered with -ENOTSUP is
 * reported as SKIP. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>
#include <sys/stat.h>
#include "sfsengine.h"
#include "backend.h"
#include "config.h"
#include "fileset.h"
#include "clock.h"
#include "req_sync.h"

#define VAL_TIMEOUT_NS 30000000000ULL

struct val {
    const sfs_backend *be;
    const struct sfs_cfg *cfg;
    void *ctx;
    char *out;
    size_t len, used;
    int failures;
    sfs_req req;
    sfs_sync sync;
    unsigned char buf[65536];
};

static void line(struct val *v, const char *verdict, int op, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void line(struct val *v, const char *verdict, int op, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (strcmp(verdict, "FAIL") == 0) v->failures++;
    if (v->used + 1 < v->len) {
        int n = snprintf(v->out + v->used, v->len - v->used, "%s %s %s\n", verdict,
                         op >= 0 ? sfs_op_name(op) : "setup", msg);
        if (n > 0) v->used += (size_t)n < v->len - v->used ? (size_t)n : v->len - v->used - 1;
    }
}

/* run one request to completion; returns its status */
static int run(struct val *v, int op, const char *path, const char *path2, uint64_t off,
               uint64_t len, uint32_t mode, void *buf)
{
    sfs_req *r = &v->req;
    memset(r, 0, sizeof *r);
    r->op = op; r->path2 = path2;
    r->offset = off; r->length = len; r->mode = mode; r->buf = buf;
    v->sync.be = v->be; v->sync.ctx = v->ctx;
    return sfs_sync_run(&v->sync, r, path, VAL_TIMEOUT_NS);
}

/* check an op's status: PASS/FAIL/SKIP line; returns 1 if it succeeded */
static void skip(struct val *v, int op, const char *what)
{
    const char *why = v->be->op_unavailable ? v->be->op_unavailable(v->cfg, op) : NULL;
    line(v, "SKIP", op, "%s: not supported by backend %s%s%s", what, v->be->name,
         why ? ": " : "", why ? why : "");
}

static int expect_ok(struct val *v, int op, int st, const char *what)
{
    if (st == -ENOTSUP) { skip(v, op, what); return 0; }
    if (st != 0) { line(v, "FAIL", op, "%s: %s", what, strerror(-st)); return 0; }
    return 1;
}

static void expect_err(struct val *v, int op, int st, int want, const char *what)
{
    if (st == -ENOTSUP) skip(v, op, what);
    else if (st == want) line(v, "PASS", op, "%s: %s as expected", what, strerror(-want));
    else line(v, "FAIL", op, "%s: got %s, expected %s", what, st ? strerror(-st) : "success",
              strerror(-want));
}

static void checks(struct val *v, const char *d)
{
    char f1[128], h1[128], h2[128], s1[128], p1[128], miss[128];
    snprintf(f1, sizeof f1, "%s/f1", d);
    snprintf(h1, sizeof h1, "%s/h1", d);
    snprintf(h2, sizeof h2, "%s/h2", d);
    snprintf(s1, sizeof s1, "%s/s1", d);
    snprintf(p1, sizeof p1, "%s/p1", d);
    snprintf(miss, sizeof miss, "%s/missing", d);
    const unsigned char *pat = sfs_write_pattern();
    const uint64_t n = 65536;
    int st;

    if (expect_ok(v, SFS_OP_NULL, run(v, SFS_OP_NULL, "", 0, 0, 0, 0, 0), "null"))
        line(v, "PASS", SFS_OP_NULL, "answered");
    if (expect_ok(v, SFS_OP_ROOT, run(v, SFS_OP_ROOT, "", 0, 0, 0, 0, 0), "root"))
        line(v, "PASS", SFS_OP_ROOT, "root attributes returned");
    if (!expect_ok(v, SFS_OP_MKDIR, run(v, SFS_OP_MKDIR, d, 0, 0, 0, 0755, 0), d))
        return;
    st = run(v, SFS_OP_LOOKUP, d, 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_LOOKUP, st, d)) {
        if (v->req.attr.mode && !S_ISDIR(v->req.attr.mode))
            line(v, "FAIL", SFS_OP_MKDIR, "%s is not a directory after mkdir (mode %o)", d, v->req.attr.mode);
        else
            line(v, "PASS", SFS_OP_MKDIR, "%s created, lookup finds a directory", d);
    }
    if (!expect_ok(v, SFS_OP_CREATE, run(v, SFS_OP_CREATE, f1, 0, 0, 0, 0644, 0), f1))
        return;
    line(v, "PASS", SFS_OP_CREATE, "%s created", f1);
    expect_err(v, SFS_OP_CREATE, run(v, SFS_OP_CREATE, f1, 0, 0, 0, 0644, 0), -EEXIST,
               "exclusive create of an existing file");
    st = run(v, SFS_OP_LOOKUP, f1, 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_LOOKUP, st, f1))
        line(v, "PASS", SFS_OP_LOOKUP, "%s found", f1);
    expect_err(v, SFS_OP_LOOKUP, run(v, SFS_OP_LOOKUP, miss, 0, 0, 0, 0, 0), -ENOENT,
               "lookup of a missing name");

    /* data: write, size, read back, append, wrcache, commit */
    v->req.stable = 1;
    st = run(v, SFS_OP_WRITE, f1, 0, 0, n, 0, (void *)pat);
    if (expect_ok(v, SFS_OP_WRITE, st, "64 KiB at 0"))
        line(v, "PASS", SFS_OP_WRITE, "64 KiB written (%u physical)", v->req.physical);
    st = run(v, SFS_OP_GETATTR, f1, 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_GETATTR, st, f1)) {
        if (v->req.attr.size == n) line(v, "PASS", SFS_OP_GETATTR, "size %llu after write", (unsigned long long)n);
        else line(v, "FAIL", SFS_OP_GETATTR, "size %llu after writing %llu bytes",
                  (unsigned long long)v->req.attr.size, (unsigned long long)n);
    }
    memset(v->buf, 0, sizeof v->buf);
    st = run(v, SFS_OP_READ, f1, 0, 0, n, 0, v->buf);
    if (expect_ok(v, SFS_OP_READ, st, "64 KiB at 0")) {
        if (v->req.result_bytes == n && memcmp(v->buf, pat, n) == 0)
            line(v, "PASS", SFS_OP_READ, "64 KiB read back equal to the data written");
        else
            line(v, "FAIL", SFS_OP_READ, "read %llu bytes, data %s", (unsigned long long)v->req.result_bytes,
                 memcmp(v->buf, pat, n) ? "differs" : "equal");
    }
    memset(&v->req, 0, sizeof v->req);
    v->req.append = 1;
    st = run(v, SFS_OP_WRITE, f1, 0, n, 4096, 0, (void *)pat);
    if (expect_ok(v, SFS_OP_WRITE, st, "append 4 KiB")) {
        st = run(v, SFS_OP_GETATTR, f1, 0, 0, 0, 0, 0);
        if (st == 0 && v->req.attr.size == n + 4096)
            line(v, "PASS", SFS_OP_WRITE, "append grew the file to %llu", (unsigned long long)(n + 4096));
        else
            line(v, "FAIL", SFS_OP_WRITE, "size %llu after append, expected %llu",
                 (unsigned long long)v->req.attr.size, (unsigned long long)(n + 4096));
    }
    if (expect_ok(v, SFS_OP_WRCACHE, run(v, SFS_OP_WRCACHE, f1, 0, 0, 4096, 0, (void *)pat), "4 KiB at 0"))
        line(v, "PASS", SFS_OP_WRCACHE, "4 KiB written unstable");
    if (expect_ok(v, SFS_OP_COMMIT, run(v, SFS_OP_COMMIT, f1, 0, 0, 0, 0, 0), f1))
        line(v, "PASS", SFS_OP_COMMIT, "%s committed", f1);

    /* attributes */
    if (expect_ok(v, SFS_OP_SETATTR, run(v, SFS_OP_SETATTR, f1, 0, 0, 0, 0600, 0), "mode 0600")) {
        st = run(v, SFS_OP_GETATTR, f1, 0, 0, 0, 0, 0);
        if (st == 0 && (v->req.attr.mode & 0777) == 0600)
            line(v, "PASS", SFS_OP_SETATTR, "mode 0600 read back");
        else
            line(v, "FAIL", SFS_OP_SETATTR, "mode %o after setting 0600", v->req.attr.mode & 0777);
    }
    run(v, SFS_OP_SETATTR, f1, 0, 0, 0, 0644, 0);
    if (expect_ok(v, SFS_OP_ACCESS, run(v, SFS_OP_ACCESS, f1, 0, 0, 0, 0, 0), f1))
        line(v, "PASS", SFS_OP_ACCESS, "%s readable", f1);

    /* names; 'made' counts the directory entries that exist, since a
     * backend may not support every kind of object (smb: no links, fifos) */
    int made = 1, have_s1 = 0, have_p1 = 0;
    if (expect_ok(v, SFS_OP_LINK, run(v, SFS_OP_LINK, f1, h1, 0, 0, 0, 0), h1)) {
        made++;
        st = run(v, SFS_OP_GETATTR, f1, 0, 0, 0, 0, 0);
        if (st == 0 && v->req.attr.nlink == 2) line(v, "PASS", SFS_OP_LINK, "link count 2");
        else line(v, "FAIL", SFS_OP_LINK, "link count %u after link, expected 2", v->req.attr.nlink);
    }
    if (expect_ok(v, SFS_OP_SYMLINK, run(v, SFS_OP_SYMLINK, s1, "f1", 0, 0, 0, 0), s1)) {
        made++;
        have_s1 = 1;
        line(v, "PASS", SFS_OP_SYMLINK, "%s -> f1 created", s1);
        char t[64] = "";
        st = run(v, SFS_OP_READLINK, s1, 0, 0, sizeof t - 1, 0, t);
        if (expect_ok(v, SFS_OP_READLINK, st, s1)) {
            if (strcmp(t, "f1") == 0) line(v, "PASS", SFS_OP_READLINK, "target f1");
            else line(v, "FAIL", SFS_OP_READLINK, "target '%s', expected 'f1'", t);
        }
    }
    if (expect_ok(v, SFS_OP_MKNOD, run(v, SFS_OP_MKNOD, p1, 0, 0, 0, 0644, 0), p1)) {
        made++;
        have_p1 = 1;
        st = run(v, SFS_OP_GETATTR, p1, 0, 0, 0, 0, 0);
        if (st == 0 && (!v->req.attr.mode || S_ISFIFO(v->req.attr.mode)))
            line(v, "PASS", SFS_OP_MKNOD, "fifo %s created", p1);
        else
            line(v, "FAIL", SFS_OP_MKNOD, "%s: mode %o is not a fifo", p1, v->req.attr.mode);
    }
    if (made == 1) {   /* no hard link: a plain file to rename and remove */
        if (run(v, SFS_OP_CREATE, h1, 0, 0, 0, 0644, 0) == 0) made++;
    }
    uint64_t before = 0;
    st = run(v, SFS_OP_READDIR, d, 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_READDIR, st, d)) {
        before = v->req.result_bytes;
        if (before >= (uint64_t)made) line(v, "PASS", SFS_OP_READDIR, "%llu entries after %d creates",
                                           (unsigned long long)before, made);
        else line(v, "FAIL", SFS_OP_READDIR, "%llu entries, expected at least %d",
                  (unsigned long long)before, made);
    }
    st = run(v, SFS_OP_READDIRPLUS, d, 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_READDIRPLUS, st, d)) {
        if (v->req.result_bytes == before) line(v, "PASS", SFS_OP_READDIRPLUS, "%llu entries, same as readdir",
                                                (unsigned long long)before);
        else line(v, "FAIL", SFS_OP_READDIRPLUS, "%llu entries, readdir had %llu",
                  (unsigned long long)v->req.result_bytes, (unsigned long long)before);
    }
    if (expect_ok(v, SFS_OP_RENAME, run(v, SFS_OP_RENAME, h1, h2, 0, 0, 0, 0), "h1 -> h2")) {
        int a = run(v, SFS_OP_LOOKUP, h1, 0, 0, 0, 0, 0), b = run(v, SFS_OP_LOOKUP, h2, 0, 0, 0, 0, 0);
        if (a == -ENOENT && b == 0) line(v, "PASS", SFS_OP_RENAME, "old name gone, new name found");
        else line(v, "FAIL", SFS_OP_RENAME, "after rename: old %s, new %s", a ? strerror(-a) : "found",
                  b ? strerror(-b) : "found");
    }
    int removed = 0;
    if (have_s1) removed += run(v, SFS_OP_REMOVE, s1, 0, 0, 0, 0, 0) == 0;
    if (have_p1) removed += run(v, SFS_OP_REMOVE, p1, 0, 0, 0, 0, 0) == 0;
    st = run(v, SFS_OP_REMOVE, h2, 0, 0, 0, 0, 0);
    removed += st == 0;
    if (expect_ok(v, SFS_OP_REMOVE, st, h2)) {
        expect_err(v, SFS_OP_REMOVE, run(v, SFS_OP_LOOKUP, h2, 0, 0, 0, 0, 0), -ENOENT, "lookup after remove");
        st = run(v, SFS_OP_READDIR, d, 0, 0, 0, 0, 0);
        if (st == 0 && before && v->req.result_bytes == before - (uint64_t)removed)
            line(v, "PASS", SFS_OP_REMOVE, "listing shrank by %d", removed);
        else if (st == 0 && before)
            line(v, "FAIL", SFS_OP_REMOVE, "listing has %llu entries after %d removes (was %llu)",
                 (unsigned long long)v->req.result_bytes, removed, (unsigned long long)before);
    }

    /* file system information */
    st = run(v, SFS_OP_FSSTAT, "", 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_FSSTAT, st, "root")) {
        /* backends that know it put the total size in attr.size (NFS tbytes) */
        uint64_t avail = v->req.result_bytes, total = v->req.attr.size;
        if (avail > 0 && (total == 0 || total >= avail))
            line(v, "PASS", SFS_OP_FSSTAT, "%llu bytes free of %llu", (unsigned long long)avail,
                 (unsigned long long)total);
        else if (avail == 0) line(v, "FAIL", SFS_OP_FSSTAT, "no free space reported");
        else line(v, "FAIL", SFS_OP_FSSTAT, "%llu bytes free exceeds the total %llu",
                  (unsigned long long)avail, (unsigned long long)total);
    }
    st = run(v, SFS_OP_FSINFO, "", 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_FSINFO, st, "root")) {
        /* backends that know it put the maximum transfer in attr.size (NFS rtmax) */
        uint64_t pref = v->req.result_bytes, max = v->req.attr.size;
        if (pref > 0 && (max == 0 || max >= pref))
            line(v, "PASS", SFS_OP_FSINFO, "block/transfer size %llu (max %llu)",
                 (unsigned long long)pref, (unsigned long long)max);
        else
            line(v, "FAIL", SFS_OP_FSINFO, "implausible transfer sizes: preferred %llu, max %llu",
                 (unsigned long long)pref, (unsigned long long)max);
    }
    st = run(v, SFS_OP_PATHCONF, "", 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_PATHCONF, st, "root")) {
        if (v->req.result_bytes >= 14) line(v, "PASS", SFS_OP_PATHCONF, "name max %llu",
                                            (unsigned long long)v->req.result_bytes);
        else line(v, "FAIL", SFS_OP_PATHCONF, "name max %llu is implausible",
                  (unsigned long long)v->req.result_bytes);
    }

    /* CIFS ops on an open-file slot */
    memset(&v->req, 0, sizeof v->req);
    st = run(v, SFS_OP_CIFS_NT_CREATE_ANDX, f1, 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_CIFS_NT_CREATE_ANDX, st, f1)) {
        line(v, "PASS", SFS_OP_CIFS_NT_CREATE_ANDX, "%s opened in slot 0", f1);
        st = run(v, SFS_OP_CIFS_QUERY_FILE_INFO, f1, 0, 0, 0, 0, 0);
        if (expect_ok(v, SFS_OP_CIFS_QUERY_FILE_INFO, st, f1)) {
            if (v->req.attr.size == n + 4096) line(v, "PASS", SFS_OP_CIFS_QUERY_FILE_INFO, "size %llu",
                                                   (unsigned long long)(n + 4096));
            else line(v, "FAIL", SFS_OP_CIFS_QUERY_FILE_INFO, "size %llu, expected %llu",
                      (unsigned long long)v->req.attr.size, (unsigned long long)(n + 4096));
        }
        memset(v->buf, 0, sizeof v->buf);
        st = run(v, SFS_OP_CIFS_READ_ANDX, f1, 0, 8192, 8192, 0, v->buf);
        if (expect_ok(v, SFS_OP_CIFS_READ_ANDX, st, "8 KiB at 8 KiB")) {
            if (memcmp(v->buf, pat + 8192, 8192) == 0) line(v, "PASS", SFS_OP_CIFS_READ_ANDX, "data equal");
            else line(v, "FAIL", SFS_OP_CIFS_READ_ANDX, "data differs from what was written");
        }
        if (expect_ok(v, SFS_OP_CIFS_WRITE_ANDX, run(v, SFS_OP_CIFS_WRITE_ANDX, f1, 0, 0, 4096, 0, (void *)pat),
                      "4 KiB at 0"))
            line(v, "PASS", SFS_OP_CIFS_WRITE_ANDX, "4 KiB written");
        if (expect_ok(v, SFS_OP_CIFS_LOCKING_ANDX, run(v, SFS_OP_CIFS_LOCKING_ANDX, f1, 0, 0, 4096, 0, 0), "lock") &&
            expect_ok(v, SFS_OP_CIFS_LOCKING_ANDX, run(v, SFS_OP_CIFS_LOCKING_ANDX, f1, 0, 0, 4096, 1, 0), "unlock"))
            line(v, "PASS", SFS_OP_CIFS_LOCKING_ANDX, "lock and unlock of 4 KiB");
        if (expect_ok(v, SFS_OP_CIFS_SET_FILE_INFO, run(v, SFS_OP_CIFS_SET_FILE_INFO, f1, 0, 0, 0, 0, 0), f1)) {
            /* posix sets the times, smb the end of file (to the current size):
             * either way the file must keep its size */
            st = run(v, SFS_OP_CIFS_QUERY_FILE_INFO, f1, 0, 0, 0, 0, 0);
            if (st == 0 && v->req.attr.size == n + 4096)
                line(v, "PASS", SFS_OP_CIFS_SET_FILE_INFO, "answered, size %llu kept", (unsigned long long)(n + 4096));
            else
                line(v, "FAIL", SFS_OP_CIFS_SET_FILE_INFO, "size %llu after set-info, expected %llu",
                     (unsigned long long)v->req.attr.size, (unsigned long long)(n + 4096));
        }
        if (expect_ok(v, SFS_OP_CIFS_QUERY_SECDESC, run(v, SFS_OP_CIFS_QUERY_SECDESC, f1, 0, 0, 0, 0, 0), f1))
            line(v, "PASS", SFS_OP_CIFS_QUERY_SECDESC, "descriptor read");
        if (expect_ok(v, SFS_OP_CIFS_FLUSH, run(v, SFS_OP_CIFS_FLUSH, f1, 0, 0, 0, 0, 0), f1))
            line(v, "PASS", SFS_OP_CIFS_FLUSH, "flushed");
        if (expect_ok(v, SFS_OP_CIFS_CLOSE, run(v, SFS_OP_CIFS_CLOSE, f1, 0, 0, 0, 0, 0), f1))
            line(v, "PASS", SFS_OP_CIFS_CLOSE, "slot 0 closed");
        expect_err(v, SFS_OP_CIFS_CLOSE, run(v, SFS_OP_CIFS_CLOSE, f1, 0, 0, 0, 0, 0), -EBADF,
                   "close of a closed slot");
    }
    st = run(v, SFS_OP_CIFS_QUERY_PATH_INFO, f1, 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_CIFS_QUERY_PATH_INFO, st, f1))
        line(v, "PASS", SFS_OP_CIFS_QUERY_PATH_INFO, "size %llu", (unsigned long long)v->req.attr.size);
    if (expect_ok(v, SFS_OP_CIFS_QUERY_FS_INFO, run(v, SFS_OP_CIFS_QUERY_FS_INFO, "", 0, 0, 0, 0, 0), "root"))
        line(v, "PASS", SFS_OP_CIFS_QUERY_FS_INFO, "answered");
    st = run(v, SFS_OP_CIFS_FIND_FIRST2, d, 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_CIFS_FIND_FIRST2, st, d))
        line(v, "PASS", SFS_OP_CIFS_FIND_FIRST2, "%llu entries", (unsigned long long)v->req.result_bytes);
    if (expect_ok(v, SFS_OP_CIFS_ECHO, run(v, SFS_OP_CIFS_ECHO, "", 0, 0, 0, 0, 0), "echo"))
        line(v, "PASS", SFS_OP_CIFS_ECHO, "answered");

    /* clean up */
    if (expect_ok(v, SFS_OP_REMOVE, run(v, SFS_OP_REMOVE, f1, 0, 0, 0, 0, 0), f1))
        line(v, "PASS", SFS_OP_REMOVE, "%s removed", f1);
    st = run(v, SFS_OP_RMDIR, d, 0, 0, 0, 0, 0);
    if (expect_ok(v, SFS_OP_RMDIR, st, d)) {
        expect_err(v, SFS_OP_RMDIR, run(v, SFS_OP_LOOKUP, d, 0, 0, 0, 0, 0), -ENOENT, "lookup after rmdir");
    }
}

int sfs_engine_validate(const char *config, char *report, int reportlen)
{
    struct val *v = calloc(1, sizeof *v);
    struct sfs_cfg cfg;
    char err[1024] = "";
    if (!v) { if (report && reportlen > 0) snprintf(report, (size_t)reportlen, "out of memory"); return -1; }
    v->out = report;
    v->len = report && reportlen > 0 ? (size_t)reportlen : 0;
    if (v->len) report[0] = '\0';
    if (sfs_cfg_parse(config, &cfg, err, sizeof err)) {
        if (v->len) snprintf(report, v->len, "%s", err);
        free(v);
        return -1;
    }
    int rc = -1;
    v->be = sfs_backend_find(cfg.backend);
    v->cfg = &cfg;
    if (!v->be) {
        if (v->len) snprintf(report, v->len, "backend=%s: unknown backend (available: %s)",
                             cfg.backend, sfs_backend_names());
        goto out;
    }
    char root[300], d[64];
    snprintf(root, sizeof root, "%s/validate", cfg.root);
    if (v->be->open(&cfg, 0, root, &v->ctx, err, sizeof err)) {
        if (v->len) snprintf(report, v->len, "target.0=%s: %s", cfg.target[0], err);
        goto out;
    }
    snprintf(d, sizeof d, "v%d_%llu", (int)getpid(), (unsigned long long)(sfs_now_ns() % 1000000));
    line(v, "PASS", -1, "backend %s, target %s, scratch %s/%s", v->be->name, cfg.target[0], root, d);
    checks(v, d);
    v->be->close(v->ctx);
    rc = v->failures;
out:
    sfs_cfg_free(&cfg);
    free(v);
    return rc;
}
