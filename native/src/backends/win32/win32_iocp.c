/* win32 backend, queued mode (outstanding_ios): reads and writes are issued
 * as overlapped ReadFile/WriteFile on handles associated with the proc's I/O
 * completion port, up to outstanding_ios of them in flight, and complete in
 * poll() from GetQueuedCompletionStatusEx -- the Windows counterpart of the
 * posix backend's io_uring ring.  Other ops still run inside submit(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "win32_priv.h"
#include "config.h"

int w32_queue(void *ctx, int depth, char *err, size_t errlen)
{
    struct w32_ctx *c = ctx;
    c->qio = calloc((size_t)depth, sizeof *c->qio);
    if (!c->qio) {
        snprintf(err, errlen, "out of memory");
        return -ENOMEM;
    }
    /* one thread drives the proc: the port lets one run at a time */
    c->port = CreateIoCompletionPort(INVALID_HANDLE_VALUE, NULL, 0, 1);
    if (!c->port) {
        snprintf(err, errlen, "CreateIoCompletionPort: %s", w32_message(GetLastError()));
        free(c->qio);
        c->qio = NULL;
        return -ENOMEM;
    }
    c->nqio = depth;
    /* handles opened before (none in practice) join the port too */
    for (int i = 0; i < H_CACHE; i++)
        if (c->cache[i].h != INVALID_HANDLE_VALUE && !CreateIoCompletionPort(c->cache[i].h, c->port, 0, 0)) {
            CloseHandle(c->cache[i].h);
            c->cache[i].h = INVALID_HANDLE_VALUE;
        }
    return 0;
}

int w32_iocp_takes(const struct w32_ctx *c, const sfs_req *req)
{
    int write = req->op == SFS_OP_WRITE || req->op == SFS_OP_WRCACHE;
    return c->port && (req->op == SFS_OP_READ || write) && !req->append && !req->stable;
}

static void finish(struct w32_ctx *c, struct w32_qio *q, DWORD err, DWORD bytes)
{
    sfs_req *req = q->req;
    if (!q->cached) CloseHandle(q->h);
    q->req = NULL;
    req->physical = 1;
    req->result_bytes = err ? 0 : bytes;
    if (err == ERROR_HANDLE_EOF) err = 0;   /* a read at or past the end: 0 bytes */
    w32_complete(c, req, w32_errno(err), err);
}

int w32_iocp_submit(struct w32_ctx *c, sfs_req *req)
{
    struct w32_qio *q = NULL;
    for (int i = 0; i < c->nqio && !q; i++)
        if (!c->qio[i].req) q = &c->qio[i];
    if (!q) return -EAGAIN;   /* more requests than outstanding_ios */
    DWORD err = 0;
    HANDLE h = w32_cached_handle(c, req->path, &err);
    if (h == INVALID_HANDLE_VALUE) {
        w32_complete(c, req, w32_errno(err), err);
        return 0;
    }
    int write = req->op != SFS_OP_READ;
    unsigned char *buf = req->buf ? req->buf : c->rbuf;
    uint64_t len = req->length;
    if (!req->buf && len > SFS_XFER_MAX) len = SFS_XFER_MAX;
    memset(q, 0, sizeof *q);
    q->req = req;
    q->h = h;
    q->cached = strlen(req->path) < sizeof c->cache[0].path;
    q->ov.Offset = (DWORD)req->offset;
    q->ov.OffsetHigh = (DWORD)(req->offset >> 32);
    BOOL ok = write ? WriteFile(h, buf, (DWORD)len, NULL, &q->ov)
                    : ReadFile(h, buf, (DWORD)len, NULL, &q->ov);
    err = ok ? 0 : GetLastError();
    if (ok || err == ERROR_IO_PENDING) {   /* either way the port gets its completion */
        c->qinflight++;
        return 0;
    }
    finish(c, q, err, 0);   /* refused at once: no completion will come */
    return 0;
}

/* complete the transfers of up to n packets of the port, waiting ms for the first */
static int drain(struct w32_ctx *c, DWORD ms, int complete)
{
    OVERLAPPED_ENTRY e[64];
    ULONG got = 0;
    if (!GetQueuedCompletionStatusEx(c->port, e, 64, &got, ms, FALSE)) {
        DWORD err = GetLastError();
        if (err == WAIT_TIMEOUT) return 0;
        snprintf(c->why, sizeof c->why, "GetQueuedCompletionStatusEx: %s", w32_message(err));
        return -1;
    }
    for (ULONG i = 0; i < got; i++) {
        struct w32_qio *q = (struct w32_qio *)e[i].lpOverlapped;
        if (!q) continue;
        DWORD n = 0, err = 0;
        if (!GetOverlappedResult(q->h, &q->ov, &n, FALSE)) err = GetLastError();
        c->qinflight--;
        if (complete) finish(c, q, err, n);
        else if (!q->cached) CloseHandle(q->h);
    }
    return (int)got;
}

int w32_iocp_poll(struct w32_ctx *c, int64_t timeout_ns)
{
    if (!c->port || c->qinflight == 0) return 0;
    /* rounded up: a wait shorter than the timer's 1 ms would spin */
    DWORD ms = timeout_ns > 0 ? (DWORD)((timeout_ns + 999999) / 1000000) : 0;
    return drain(c, ms, 1) < 0 ? -1 : 0;
}

void w32_iocp_close(struct w32_ctx *c)
{
    if (c->port) {
        for (int i = 0; i < c->nqio; i++)
            if (c->qio[i].req) CancelIoEx(c->qio[i].h, &c->qio[i].ov);
        /* Windows must be done with the buffers before they are freed;
         * a cancelled transfer completes at once, a slow share within 10 s */
        ULONGLONG until = GetTickCount64() + 10000;
        while (c->qinflight > 0 && GetTickCount64() < until)
            if (drain(c, 100, 0) < 0) break;
        CloseHandle(c->port);
        c->port = NULL;
    }
    free(c->qio);
    c->qio = NULL;
}
