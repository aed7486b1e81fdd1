/* win32 backend: the cache of open data files.  Handles are opened for
 * overlapped I/O (FILE_FLAG_OVERLAPPED) so that queued mode can keep several
 * transfers in flight on one; a synchronous transfer waits for its own
 * event.  4-way set associative by path, as posix's fd cache: a miss costs
 * CreateFile + CloseHandle.  Entries of a removed or renamed path are
 * dropped first: Windows keeps an open file's name until its last handle. */
#include <stdio.h>
#include <string.h>
#include "win32_priv.h"

static unsigned path_set(const char *p)
{
    unsigned h = 2166136261u;
    for (; *p; p++) h = (h ^ (unsigned char)*p) * 16777619u;
    return h % H_SETS;
}

static struct h_entry *cache_find(struct w32_ctx *c, const char *path)
{
    struct h_entry *set = &c->cache[path_set(path) * H_WAYS];
    for (int w = 0; w < H_WAYS; w++)
        if (set[w].h != INVALID_HANDLE_VALUE && strcmp(set[w].path, path) == 0)
            return &set[w];
    return NULL;
}

HANDLE w32_open_data(struct w32_ctx *c, const char *path, DWORD *err)
{
    wchar_t full[W32_PATH];
    if (w32_path(c, path, full, W32_PATH)) { *err = ERROR_FILENAME_EXCED_RANGE; return INVALID_HANDLE_VALUE; }
    const DWORD share = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;
    HANDLE h = CreateFileW(full, GENERIC_READ | GENERIC_WRITE, share, NULL, OPEN_EXISTING,
                           FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OVERLAPPED, NULL);
    if (h == INVALID_HANDLE_VALUE && GetLastError() == ERROR_ACCESS_DENIED)
        h = CreateFileW(full, GENERIC_READ, share, NULL, OPEN_EXISTING,
                        FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OVERLAPPED, NULL);
    if (h == INVALID_HANDLE_VALUE) { *err = GetLastError(); return h; }
    if (c->port && CreateIoCompletionPort(h, c->port, 0, 0) == NULL) {
        *err = GetLastError();
        CloseHandle(h);
        return INVALID_HANDLE_VALUE;
    }
    return h;
}

HANDLE w32_cached_handle(struct w32_ctx *c, const char *path, DWORD *err)
{
    struct h_entry *e = cache_find(c, path);
    if (e) return e->h;
    HANDLE h = w32_open_data(c, path, err);
    if (h == INVALID_HANDLE_VALUE || strlen(path) >= sizeof e->path)
        return h;   /* not cacheable: the caller closes it (strlen check again) */
    unsigned s = path_set(path);
    e = &c->cache[s * H_WAYS + c->evict[s]];
    c->evict[s] = (c->evict[s] + 1) % H_WAYS;
    if (e->h != INVALID_HANDLE_VALUE) {
        /* a handle with a queued transfer is never closed under it */
        int busy = 0;
        for (int i = 0; i < c->nqio; i++)
            if (c->qio[i].req && c->qio[i].h == e->h) { c->qio[i].cached = 0; busy = 1; }
        if (!busy) CloseHandle(e->h);   /* else the transfer's completion closes it */
    }
    e->h = h;
    snprintf(e->path, sizeof e->path, "%s", path);
    return h;
}

void w32_forget(struct w32_ctx *c, const char *path)
{
    struct h_entry *e = cache_find(c, path);
    if (!e) return;
    int busy = 0;
    for (int i = 0; i < c->nqio; i++)
        if (c->qio[i].req && c->qio[i].h == e->h) { c->qio[i].cached = 0; busy = 1; }
    if (!busy) CloseHandle(e->h);   /* else the transfer's completion closes it */
    e->h = INVALID_HANDLE_VALUE;
}

void w32_close_handles(struct w32_ctx *c)
{
    for (int i = 0; i < H_CACHE; i++)
        if (c->cache[i].h != INVALID_HANDLE_VALUE) {
            CloseHandle(c->cache[i].h);
            c->cache[i].h = INVALID_HANDLE_VALUE;
        }
}

DWORD w32_sync_xfer(struct w32_ctx *c, HANDLE h, int write, void *buf, DWORD len, uint64_t off,
                    DWORD *n)
{
    OVERLAPPED ov;
    memset(&ov, 0, sizeof ov);
    ov.Offset = (DWORD)off;
    ov.OffsetHigh = (DWORD)(off >> 32);
    /* the low bit set: no completion packet on the port for this transfer */
    ov.hEvent = (HANDLE)((ULONG_PTR)c->event | 1);
    *n = 0;
    BOOL ok = write ? WriteFile(h, buf, len, NULL, &ov) : ReadFile(h, buf, len, NULL, &ov);
    DWORD err = ok ? 0 : GetLastError();
    if (ok || err == ERROR_IO_PENDING) {
        ok = GetOverlappedResult(h, &ov, n, TRUE);
        err = ok ? 0 : GetLastError();
    }
    return err == ERROR_HANDLE_EOF ? 0 : err;
}
