/* The win32 backend (Windows engine, run under Wine by ctest win32): every
 * declared op on a temporary folder, Windows errors as engine errors, the
 * other platform's file backend refused by name, queued mode keeping 8
 * overlapped transfers on the completion port, and an access run at
 * outstanding_ios=8 whose achieved queue depth (Little's law) is about 8. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include "check.h"
#include "backend.h"
#include "config.h"
#include "sfsengine.h"
#include "win32_priv.h"

static char dir[MAX_PATH];
static int completed;
static void on_done(sfs_req *r) { (void)r; completed++; }

static void rm_tree(const char *path)
{
    char pat[MAX_PATH + 4], sub[MAX_PATH * 2];
    WIN32_FIND_DATAA fd;
    snprintf(pat, sizeof pat, "%s\\*", path);
    HANDLE f = FindFirstFileA(pat, &fd);
    if (f != INVALID_HANDLE_VALUE) {
        do {
            if (!strcmp(fd.cFileName, ".") || !strcmp(fd.cFileName, "..")) continue;
            snprintf(sub, sizeof sub, "%s\\%s", path, fd.cFileName);
            if (fd.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) rm_tree(sub);
            else { SetFileAttributesA(sub, FILE_ATTRIBUTE_NORMAL); DeleteFileA(sub); }
        } while (FindNextFileA(f, &fd));
        FindClose(f);
    }
    RemoveDirectoryA(path);
}

static const sfs_backend *be;

/* one synchronous request; its status */
static int op(void *ctx, sfs_req *r, int code, const char *path, const char *path2)
{
    memset(r, 0, sizeof *r);
    r->op = code;
    r->path = path;
    r->path2 = path2;
    r->done = on_done;
    completed = 0;
    CHECK(be->submit(ctx, r) == 0 && completed == 1, "%s %s: completed in submit", sfs_op_name(code), path);
    return r->status;
}

static void test_ops(void *ctx)
{
    sfs_req r;
    static unsigned char src[70000], dst[70000];
    for (size_t i = 0; i < sizeof src; i++) src[i] = (unsigned char)(i * 13 + 1);
    CHECK(op(ctx, &r, SFS_OP_MKDIR, "d", NULL) == 0, "mkdir: %d", r.status);
    CHECK(op(ctx, &r, SFS_OP_CREATE, "d/f", NULL) == 0, "create: %d", r.status);
    op(ctx, &r, SFS_OP_WRITE, "d/f", NULL);
    r.length = sizeof src; r.buf = src; r.stable = 1; r.status = -1;
    completed = 0;
    be->submit(ctx, &r);
    CHECK(r.status == 0 && r.result_bytes == sizeof src && r.physical == 2, "stable write: %d %llu %u",
          r.status, (unsigned long long)r.result_bytes, r.physical);
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_READ; r.path = "d/f"; r.length = sizeof dst + 100; r.buf = dst; r.done = on_done;
    be->submit(ctx, &r);
    CHECK(r.status == 0 && r.result_bytes == sizeof src && memcmp(src, dst, sizeof src) == 0,
          "read back: %d %llu", r.status, (unsigned long long)r.result_bytes);
    CHECK(op(ctx, &r, SFS_OP_GETATTR, "d/f", NULL) == 0 && r.attr.size == sizeof src &&
          S_ISREG(r.attr.mode) && r.attr.mtime_ns > 1600000000ULL * 1000000000ULL,
          "getattr: %d size %llu mode %o", r.status, (unsigned long long)r.attr.size, r.attr.mode);
    CHECK(op(ctx, &r, SFS_OP_LOOKUP, "d", NULL) == 0 && S_ISDIR(r.attr.mode), "lookup dir: %o", r.attr.mode);
    CHECK(op(ctx, &r, SFS_OP_ROOT, "", NULL) == 0 && S_ISDIR(r.attr.mode), "root");
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_SETATTR; r.path = "d/f"; r.mode = 0444; r.done = on_done;
    be->submit(ctx, &r);
    CHECK(r.status == 0 && op(ctx, &r, SFS_OP_GETATTR, "d/f", NULL) == 0 && (r.attr.mode & 0222) == 0,
          "setattr 0444: read-only (%o)", r.attr.mode);
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_SETATTR; r.path = "d/f"; r.mode = 0644; r.done = on_done;
    be->submit(ctx, &r);
    CHECK(r.status == 0 && op(ctx, &r, SFS_OP_GETATTR, "d/f", NULL) == 0 && (r.attr.mode & 0200),
          "setattr 0644: writable again (%o)", r.attr.mode);
    CHECK(op(ctx, &r, SFS_OP_SETATTR, "d/f", NULL) == 0, "setattr times: %d", r.status);
    CHECK(op(ctx, &r, SFS_OP_ACCESS, "d/f", NULL) == 0, "access: %d", r.status);
    CHECK(op(ctx, &r, SFS_OP_COMMIT, "d/f", NULL) == 0, "commit: %d", r.status);
    CHECK(op(ctx, &r, SFS_OP_LINK, "d/f", "d/hard") == 0, "link: %d (Windows error %d)", r.status, r.proto_status);
    CHECK(op(ctx, &r, SFS_OP_RENAME, "d/hard", "d/g") == 0, "rename: %d", r.status);
    CHECK(op(ctx, &r, SFS_OP_READDIR, "d", NULL) == 0 && r.result_bytes == 4, "readdir: . .. f g = %llu",
          (unsigned long long)r.result_bytes);
    CHECK(op(ctx, &r, SFS_OP_READDIRPLUS, "d", NULL) == 0 && r.result_bytes == 4, "readdirplus");
    CHECK(op(ctx, &r, SFS_OP_FSSTAT, "", NULL) == 0 && r.result_bytes > 0 && r.attr.size >= r.result_bytes,
          "fsstat: %llu of %llu", (unsigned long long)r.result_bytes, (unsigned long long)r.attr.size);
    CHECK(op(ctx, &r, SFS_OP_FSINFO, "", NULL) == 0 && r.result_bytes >= 512, "fsinfo: %d %llu", r.status,
          (unsigned long long)r.result_bytes);
    CHECK(op(ctx, &r, SFS_OP_PATHCONF, "", NULL) == 0 && r.result_bytes >= 12, "pathconf: %d %llu", r.status,
          (unsigned long long)r.result_bytes);
    CHECK(op(ctx, &r, SFS_OP_NULL, "", NULL) == 0, "null");

    /* CIFS ops on a slot */
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_CIFS_NT_CREATE_ANDX; r.path = "d/c"; r.slot = 3; r.mode = 0644; r.done = on_done;
    be->submit(ctx, &r);
    CHECK(r.status == 0, "NT_CREATE_ANDX (create): %d", r.status);
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_CIFS_WRITE_ANDX; r.slot = 3; r.length = 5000; r.offset = 100; r.buf = src; r.done = on_done;
    be->submit(ctx, &r);
    CHECK(r.status == 0 && r.result_bytes == 5000, "WRITE_ANDX: %d", r.status);
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_CIFS_READ_ANDX; r.slot = 3; r.length = 5000; r.offset = 100; r.buf = dst; r.done = on_done;
    be->submit(ctx, &r);
    CHECK(r.status == 0 && r.result_bytes == 5000 && memcmp(src, dst, 5000) == 0, "READ_ANDX: %d", r.status);
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_CIFS_QUERY_FILE_INFO; r.slot = 3; r.done = on_done;
    be->submit(ctx, &r);
    CHECK(r.status == 0 && r.attr.size == 5100, "QUERY_FILE_INFO: %d %llu", r.status, (unsigned long long)r.attr.size);
    static const int slot_ops[] = { SFS_OP_CIFS_SET_FILE_INFO, SFS_OP_CIFS_FLUSH, SFS_OP_CIFS_QUERY_SECDESC,
                                    SFS_OP_CIFS_LOCKING_ANDX, SFS_OP_CIFS_LOCKING_ANDX, SFS_OP_CIFS_CLOSE };
    for (int k = 0; k < 6; k++) {
        memset(&r, 0, sizeof r);
        r.op = slot_ops[k]; r.slot = 3; r.offset = 0; r.length = 4096; r.mode = k == 4; r.done = on_done;
        be->submit(ctx, &r);
        CHECK(r.status == 0, "%s: %d (Windows error %d)", sfs_op_name(r.op), r.status, r.proto_status);
    }
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_CIFS_NT_CREATE_ANDX; r.path = "d"; r.slot = 4; r.done = on_done;   /* a folder */
    be->submit(ctx, &r);
    CHECK(r.status == 0, "NT_CREATE_ANDX of a folder: %d", r.status);
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_CIFS_FIND_FIRST2; r.path = "d"; r.done = on_done;
    be->submit(ctx, &r);
    CHECK(r.status == 0 && r.result_bytes == 5, "FIND_FIRST2: %llu", (unsigned long long)r.result_bytes);
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_CIFS_CLOSE; r.slot = 4; r.done = on_done;
    be->submit(ctx, &r);
    CHECK(r.status == 0, "CLOSE of the folder: %d", r.status);

    /* errors: Windows codes as engine errors, the code kept as proto_status */
    CHECK(op(ctx, &r, SFS_OP_GETATTR, "d/missing", NULL) == -ENOENT && r.proto_status == ERROR_FILE_NOT_FOUND,
          "missing file: %d (%d)", r.status, r.proto_status);
    CHECK(op(ctx, &r, SFS_OP_CREATE, "d/f", NULL) == -EEXIST, "create existing: %d (%d)", r.status, r.proto_status);
    CHECK(op(ctx, &r, SFS_OP_MKDIR, "d", NULL) == -EEXIST, "mkdir existing: %d", r.status);
    CHECK(op(ctx, &r, SFS_OP_RMDIR, "d", NULL) == -ENOTEMPTY, "rmdir non-empty: %d (%d)", r.status, r.proto_status);
    CHECK(op(ctx, &r, SFS_OP_REMOVE, "nodir/x", NULL) == -ENOENT, "remove in a missing folder: %d", r.status);
    CHECK(op(ctx, &r, SFS_OP_SYMLINK, "d/s", "f") == -ENOTSUP, "symlink not supported: %d", r.status);
    CHECK(!(be->ops & SFS_OP_BIT(SFS_OP_SYMLINK)) && (be->ops & SFS_OPS_CIFS) == SFS_OPS_CIFS,
          "descriptor: all CIFS ops, no symlink");
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_CIFS_CLOSE; r.slot = 3; r.done = on_done;
    be->submit(ctx, &r);
    CHECK(r.status == -EBADF, "CLOSE of a closed slot: %d", r.status);
    CHECK(w32_errno(ERROR_BAD_NETPATH) == -ENETUNREACH && sfs_status_is_fatal(w32_errno(ERROR_NETNAME_DELETED)) &&
          w32_errno(ERROR_DISK_FULL) == -ENOSPC && w32_errno(ERROR_SHARING_VIOLATION) == -EBUSY,
          "network and disk errors");

    CHECK(op(ctx, &r, SFS_OP_REMOVE, "d/f", NULL) == 0, "remove f: %d", r.status);
    CHECK(op(ctx, &r, SFS_OP_REMOVE, "d/g", NULL) == 0, "remove g: %d", r.status);
    CHECK(op(ctx, &r, SFS_OP_REMOVE, "d/c", NULL) == 0, "remove c: %d", r.status);
    CHECK(op(ctx, &r, SFS_OP_RMDIR, "d", NULL) == 0, "rmdir: %d", r.status);
}

/* queued mode: 8 reads in flight on the port at once, each with its data */
static void test_queued(void *ctx)
{
    enum { N = 8, LEN = 65536 };
    static unsigned char src[N * LEN], dst[N][LEN];
    char err[256] = "";
    sfs_req r, q[N];
    CHECK(be->queue(ctx, N, err, sizeof err) == 0, "queue: %s", err);
    for (size_t i = 0; i < sizeof src; i++) src[i] = (unsigned char)(i * 7 + i / 4096);
    CHECK(op(ctx, &r, SFS_OP_CREATE, "q", NULL) == 0, "create q");
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_WRITE; r.path = "q"; r.length = sizeof src; r.buf = src; r.done = on_done;
    completed = 0;
    CHECK(be->submit(ctx, &r) == 0 && be->inflight(ctx) == 1, "write queued: %d", be->inflight(ctx));
    for (int i = 0; i < 1000 && completed < 1; i++) CHECK(be->poll(ctx, 10000000) == 0, "poll");
    CHECK(r.status == 0 && r.result_bytes == sizeof src, "queued write: %d %llu", r.status,
          (unsigned long long)r.result_bytes);
    completed = 0;
    for (int k = 0; k < N; k++) {
        memset(&q[k], 0, sizeof q[k]);
        q[k].op = SFS_OP_READ; q[k].path = "q"; q[k].offset = (uint64_t)(N - 1 - k) * LEN;
        q[k].length = LEN; q[k].buf = dst[k]; q[k].done = on_done;
        CHECK(be->submit(ctx, &q[k]) == 0, "submit read %d", k);
    }
    CHECK(be->inflight(ctx) == N && completed == 0, "%d reads in flight, %d completed in submit",
          be->inflight(ctx), completed);
    for (int i = 0; i < 1000 && completed < N; i++) CHECK(be->poll(ctx, 10000000) == 0, "poll");
    for (int k = 0; k < N; k++)
        CHECK(q[k].status == 0 && q[k].result_bytes == LEN &&
              memcmp(dst[k], src + (size_t)(N - 1 - k) * LEN, LEN) == 0, "read %d: %d", k, q[k].status);
    /* a stable write waits in submit on a handle of the port: no packet may reach the port */
    memset(&r, 0, sizeof r);
    r.op = SFS_OP_WRITE; r.path = "q"; r.length = LEN; r.buf = src; r.stable = 1; r.done = on_done;
    completed = 0;
    be->submit(ctx, &r);
    CHECK(completed == 1 && r.status == 0 && r.result_bytes == LEN && be->inflight(ctx) == 0,
          "stable write in queued mode: completed in submit (%d), %d", completed, r.status);
    DWORD n;
    ULONG_PTR key;
    OVERLAPPED *stray = NULL;
    CHECK(!GetQueuedCompletionStatus(((struct w32_ctx *)ctx)->port, &n, &key, &stray, 50) && !stray &&
          GetLastError() == WAIT_TIMEOUT, "no packet on the port for a synchronous transfer");
    memset(&r, 0, sizeof r);   /* past the end: 0 bytes, no error */
    r.op = SFS_OP_READ; r.path = "q"; r.offset = sizeof src + 4096; r.length = 4096; r.buf = dst[0];
    r.done = on_done;
    completed = 0;
    be->submit(ctx, &r);
    for (int i = 0; i < 1000 && completed < 1; i++) be->poll(ctx, 10000000);
    CHECK(completed == 1 && r.status == 0 && r.result_bytes == 0, "read past the end: %d %llu", r.status,
          (unsigned long long)r.result_bytes);
    CHECK(be->inflight(ctx) == 0, "nothing left in flight");
}

/* the engine: access at outstanding_ios=8 on this folder keeps 8 in flight */
static void test_access_depth(void)
{
    static uint64_t s[SFS_SAMPLE_WORDS];
    char cfg[1024], err[1024] = "";
    snprintf(cfg, sizeof cfg, "workload=access\ntarget.0=%s\nprocs=1\noutstanding_ios=8\n"
             "file_size=4194304\naccess_spec=4096,100,67,100,0,1,0,0\n", dir);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);   /* backend: win32, the default */
    CHECK(e != NULL, "open: %s", err);
    if (!e) return;
    int st;
    CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0, "INIT");
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    CHECK(st == SFS_STATE_DONE, "INIT state %d", st);
    CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 0.2) == 0, "WARMUP");
    Sleep(300);
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, 1.5) == 0, "RUN");
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    sfs_engine_error(e, err, sizeof err);
    CHECK(st == SFS_STATE_DONE, "RUN state %d: %s", st, err);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    sfs_engine_close(e);
#define W(op, word) s[SFS_S_HEADER_WORDS + (op) * SFS_O_WORDS + (word)]
    uint64_t ops = W(SFS_OP_READ, SFS_O_OPS) + W(SFS_OP_WRCACHE, SFS_O_OPS);
    uint64_t errors = W(SFS_OP_READ, SFS_O_ERRORS) + W(SFS_OP_WRCACHE, SFS_O_ERRORS);
    double lat = (double)(W(SFS_OP_READ, SFS_O_LAT_SUM) + W(SFS_OP_WRCACHE, SFS_O_LAT_SUM));
    double qd = lat / (double)s[SFS_S_ELAPSED_US];   /* Little's law: in flight on average */
    fprintf(stderr, "access at outstanding_ios=8: %llu ops, %llu errors, achieved queue depth %.2f\n",
            (unsigned long long)ops, (unsigned long long)errors, qd);
    CHECK(ops > 100 && errors == 0, "%llu ops, %llu errors", (unsigned long long)ops, (unsigned long long)errors);
    CHECK(qd > 7.0 && qd < 8.2, "achieved queue depth %.2f, want about 8", qd);
#undef W
}

int main(void)
{
    char tmp[MAX_PATH], err[512] = "", text[1200];
    GetTempPathA(sizeof tmp, tmp);
    snprintf(dir, sizeof dir, "%ssfs-win32-test-%lu", tmp, (unsigned long)GetCurrentProcessId());
    CHECK(CreateDirectoryA(dir, NULL), "mkdir %s", dir);
    be = sfs_backend_find("win32");
    CHECK(be != NULL, "win32 backend registered");
    if (!be) return check_result("test_win32_backend");

    struct sfs_cfg cfg;
    /* posix is listed by its descriptor (posix_elsewhere.c) and refuses to open, naming win32 */
    const sfs_backend *posix = sfs_backend_find("posix");
    int parsed = posix && sfs_cfg_parse("backend=posix\ntarget.0=C:\\x\n", &cfg, err, sizeof err) == 0;
    CHECK(parsed, "posix listed: %s", err);
    if (parsed) {
        void *none = NULL;
        CHECK(posix->open(&cfg, 0, "r", &none, err, sizeof err) != 0 && strstr(err, "win32"),
              "posix refused, naming win32: %s", err);
        sfs_cfg_free(&cfg);
    }
    snprintf(text, sizeof text, "target.0=%s\n", dir);
    CHECK(sfs_cfg_parse(text, &cfg, err, sizeof err) == 0 && strcmp(cfg.backend, "win32") == 0,
          "win32 by default: %s", err);
    void *ctx = NULL;
    struct sfs_cfg rel;
    CHECK(sfs_cfg_parse("target.0=sfs\\dir\n", &rel, err, sizeof err) == 0, "cfg: %s", err);
    CHECK(be->open(&rel, 0, "r", &ctx, err, sizeof err) != 0 && strstr(err, "absolute"),
          "a relative target refused: %s", err);
    sfs_cfg_free(&rel);
    /* forward slashes and doubled separators: the same folder in its \\?\ form */
    char slashes[MAX_PATH * 2];
    snprintf(slashes, sizeof slashes, "target.0=%s//\n", dir);
    for (char *p = slashes; *p; p++) if (*p == '\\') *p = '/';
    CHECK(sfs_cfg_parse(slashes, &rel, err, sizeof err) == 0, "cfg: %s", err);
    CHECK(be->open(&rel, 0, "", &ctx, err, sizeof err) == 0, "open %s: %s", rel.target[0], err);
    if (ctx) {
        wchar_t want[W32_PATH];
        swprintf(want, W32_PATH, L"\\\\?\\%hs", dir);
        CHECK(wcscmp(((struct w32_ctx *)ctx)->root, want) == 0, "%s as %ls", rel.target[0],
              ((struct w32_ctx *)ctx)->root);
        be->close(ctx);
        ctx = NULL;
    }
    sfs_cfg_free(&rel);
    /* a UNC path: \\?\UNC\server\share; a server that is not there is named */
    CHECK(sfs_cfg_parse("target.0=\\\\sfs-no-such-server\\share\\d\n", &rel, err, sizeof err) == 0, "cfg: %s", err);
    CHECK(be->open(&rel, 0, "r", &ctx, err, sizeof err) != 0 && strstr(err, "sfs-no-such-server"),
          "a missing server: %s", err);
    sfs_cfg_free(&rel);
    CHECK(be->open(&cfg, 0, "sub/p0000", &ctx, err, sizeof err) == 0, "open: %s", err);
    if (ctx) {
        test_ops(ctx);
        test_queued(ctx);
        be->close(ctx);
    }
    sfs_cfg_free(&cfg);
    test_access_depth();
    rm_tree(dir);
    return check_result("test_win32_backend");
}
