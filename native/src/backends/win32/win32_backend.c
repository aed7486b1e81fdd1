/* win32 backend: the Windows file backend (docs/engine.md, "The win32
 * backend").  Every op as Windows calls (CreateFile, ReadFile, WriteFile and
 * the metadata calls) on a local folder (C:\sfs) or a UNC path
 * (\\server\share\dir: the Windows SMB redirector, how SPECsfs2008's Windows
 * clients measured CIFS servers).  Synchronous: one proc per engine thread;
 * with outstanding_ios (queue()) reads and writes are overlapped and complete
 * through an I/O completion port in poll() (win32_iocp.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "win32_priv.h"
#include "win32_descriptor.h"
#include "config.h"

/* UTF-8 text into wide characters at out (room: outlen), '/' as '\';
 * the characters written, or -1 when it does not fit. */
static int widen(const char *s, wchar_t *out, size_t outlen)
{
    if (!s[0]) return 0;
    int n = MultiByteToWideChar(CP_UTF8, 0, s, -1, out, (int)outlen);
    if (n <= 0) return -1;
    for (int i = 0; i < n; i++)
        if (out[i] == L'/') out[i] = L'\\';
    return n - 1;
}

int w32_path(const struct w32_ctx *c, const char *rel, wchar_t *out, size_t outlen)
{
    if (c->rootlen + 2 > outlen) return -ENAMETOOLONG;
    memcpy(out, c->root, (c->rootlen + 1) * sizeof *out);
    if (!rel || !rel[0]) return 0;
    out[c->rootlen] = L'\\';
    return widen(rel, out + c->rootlen + 1, outlen - c->rootlen - 1) < 0 ? -ENAMETOOLONG : 0;
}

/* The target as a \\?\ path (long names, no rewriting by Windows): a drive
 * folder C:\dir or C:/dir, or a UNC path \\server\share\dir or //server/share/dir. */
static int root_of(const char *target, struct w32_ctx *c)
{
    int unc = (target[0] == '\\' || target[0] == '/') && (target[1] == '\\' || target[1] == '/');
    int drive = ((target[0] | 0x20) >= 'a' && (target[0] | 0x20) <= 'z') && target[1] == ':' &&
                (target[2] == '\\' || target[2] == '/');
    if (!unc && !drive) return -1;
    wcscpy(c->root, unc ? L"\\\\?\\UNC\\" : L"\\\\?\\");
    size_t l = wcslen(c->root);
    int n = widen(unc ? target + 2 : target, c->root + l, W32_PATH - l);
    if (n < 0) return -1;
    /* one separator between components, none at the end (\\?\ takes the path as it is) */
    wchar_t *w = c->root + l;
    for (wchar_t *r = c->root + l; *r; r++)
        if (!(*r == L'\\' && (w == c->root + l || w[-1] == L'\\'))) *w++ = *r;
    if (w > c->root + l + 3 && w[-1] == L'\\') w--;   /* C:\ keeps its separator */
    *w = L'\0';
    c->rootlen = (size_t)(w - c->root);
    snprintf(c->rootshow, sizeof c->rootshow, "%s", target);
    return 0;
}

/* Add one component to the root: created when missing (mkdir -p). */
static int add_component(struct w32_ctx *c, const char *name, char *err, size_t errlen)
{
    wchar_t next[W32_PATH];
    if (w32_path(c, name, next, W32_PATH)) {
        snprintf(err, errlen, "%s\\%s: path too long", c->rootshow, name);
        return -1;
    }
    size_t l = strlen(c->rootshow);
    snprintf(c->rootshow + l, sizeof c->rootshow - l, "\\%s", name);
    if (!CreateDirectoryW(next, NULL) && GetLastError() != ERROR_ALREADY_EXISTS) {
        DWORD e = GetLastError();
        snprintf(err, errlen, "cannot create %s: %s%s", c->rootshow, w32_message(e),
                 e == ERROR_ACCESS_DENIED || e == ERROR_WRITE_PROTECT ? " (folder not writable)" :
                 e == ERROR_DISK_FULL ? " (disk full)" : "");
        return -1;
    }
    wcscpy(c->root, next);
    c->rootlen = wcslen(next);
    return 0;
}

static void w32_close(void *ctx)
{
    struct w32_ctx *c = ctx;
    w32_iocp_close(c);
    for (int i = 0; i < SFS_MAX_HANDLES; i++)
        if (c->slots[i] != INVALID_HANDLE_VALUE) CloseHandle(c->slots[i]);
    w32_close_handles(c);
    if (c->event) CloseHandle(c->event);
    sfs_aligned_free(c->rbuf);
    free(c);
}

static int w32_open(const struct sfs_cfg *cfg, int proc, const char *root, void **ctxp, char *err,
                    size_t errlen)
{
    const char *target = cfg->target[proc];
    struct w32_ctx *c = calloc(1, sizeof *c);
    if (!c) { snprintf(err, errlen, "out of memory"); return -1; }
    for (int i = 0; i < SFS_MAX_HANDLES; i++) c->slots[i] = INVALID_HANDLE_VALUE;
    for (int i = 0; i < H_CACHE; i++) c->cache[i].h = INVALID_HANDLE_VALUE;
    c->rbuf = sfs_aligned_alloc(4096, SFS_XFER_MAX);
    c->event = CreateEventW(NULL, TRUE, FALSE, NULL);
    if (!c->rbuf || !c->event) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    if (root_of(target, c)) {
        snprintf(err, errlen, "target.%d=%s: the win32 backend needs a folder as an absolute path: "
                 "a drive folder (C:\\sfs) or a UNC path (\\\\server\\share\\sfs)", proc, target);
        goto fail;
    }
    DWORD a = GetFileAttributesW(c->root);
    if (a == INVALID_FILE_ATTRIBUTES) {
        DWORD e = GetLastError();
        snprintf(err, errlen, "target.%d=%s: %s%s", proc, target, w32_message(e),
                 w32_errno(e) == -ENETUNREACH ? " (is the share reachable from this client?)" : "");
        goto fail;
    }
    if (!(a & FILE_ATTRIBUTE_DIRECTORY)) {
        snprintf(err, errlen, "target.%d=%s: not a folder%s", proc, target, cfg->target_objects ?
                 " (the win32 backend tests the files it creates in a folder; an existing file "
                 "or block device is tested in place on posix only)" : "");
        goto fail;
    }
    char comp[4096], *save = NULL;
    snprintf(comp, sizeof comp, "%s", root);
    for (char *p = strtok_r(comp, "/", &save); p; p = strtok_r(NULL, "/", &save))
        if (add_component(c, p, err, errlen)) goto fail;
    /* a folder we cannot write to fails here, not as errors of every op */
    wchar_t probe[W32_PATH];
    if (w32_path(c, ".sfs_write_probe", probe, W32_PATH) == 0) {
        HANDLE h = CreateFileW(probe, GENERIC_WRITE, 0, NULL, CREATE_ALWAYS,
                               FILE_ATTRIBUTE_TEMPORARY | FILE_FLAG_DELETE_ON_CLOSE, NULL);
        if (h == INVALID_HANDLE_VALUE) {
            DWORD e = GetLastError();
            snprintf(err, errlen, "%s: %s (folder not writable)", c->rootshow, w32_message(e));
            goto fail;
        }
        CloseHandle(h);
    }
    *ctxp = c;
    return 0;
fail:
    w32_close(c);
    return -1;
}

/* After a "not found": is the proc root itself still there?  A removed
 * root or a lost share turns the op-level error into -ENODEV (fatal). */
static int check_target(struct w32_ctx *c, int rc)
{
    if (rc != -ENOENT && rc != -EIO) return rc;
    if (GetFileAttributesW(c->root) != INVALID_FILE_ATTRIBUTES) return rc;
    snprintf(c->why, sizeof c->why, "%s: %s", c->rootshow, w32_message(GetLastError()));
    return -ENODEV;
}

void w32_complete(struct w32_ctx *c, sfs_req *req, int rc, DWORD winerr)
{
    if (rc < 0 && rc != req->expect_status)
        rc = check_target(c, rc);
    req->status = rc;
    req->proto_status = (int32_t)winerr;
    if (req->done) req->done(req);
}

static int w32_submit(void *ctx, sfs_req *req)
{
    struct w32_ctx *c = ctx;
    req->physical = 0;
    req->result_bytes = 0;
    if (w32_iocp_takes(c, req))
        return w32_iocp_submit(c, req);
    DWORD e = w32_do_op(c, req);
    w32_complete(c, req, w32_errno(e), e);
    return 0;
}

static int w32_poll(void *ctx, int64_t timeout_ns)
{
    return w32_iocp_poll(ctx, timeout_ns);
}

static int w32_inflight(void *ctx)
{
    return ((struct w32_ctx *)ctx)->qinflight;
}

static const char *w32_error(void *ctx)
{
    return ((struct w32_ctx *)ctx)->why;
}

static const sfs_backend win32_backend = {
    SFS_WIN32_DESCRIPTOR,
    .async = 0,
    .open = w32_open,
    .submit = w32_submit,
    .poll = w32_poll,
    .inflight = w32_inflight,
    .close = w32_close,
    .error = w32_error,
    .queue = w32_queue,
};
SFS_REGISTER_BACKEND(win32_backend)
