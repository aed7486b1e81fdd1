/* Internals of the win32 backend (the Windows file backend): win32_backend.c
 * (open, close, submit, the descriptor), win32_meta.c (every op as a
 * synchronous Windows call), win32_iocp.c (queued mode: overlapped reads and
 * writes completing through an I/O completion port), win32_handles.c (the
 * cache of open data files), win32_errors.c (Windows errors as engine errors). */
#ifndef SFS_WIN32_PRIV_H
#define SFS_WIN32_PRIV_H

#include <stdint.h>
#include <windows.h>
#include "backend.h"

#define H_SETS 64                /* cache of open data files: 64 sets x 4 ways */
#define H_WAYS 4
#define H_CACHE (H_SETS * H_WAYS)
#define W32_PATH 1024            /* wide characters of a full path (\\?\ form) */

struct h_entry { HANDLE h; char path[128]; };

/* One read or write of queued mode: a single overlapped ReadFile/WriteFile. */
struct w32_qio {
    OVERLAPPED ov;               /* first: a completion's OVERLAPPED is its qio */
    sfs_req *req;                /* NULL = free */
    HANDLE h;
    int cached;                  /* h belongs to the handle cache (else closed after) */
};

struct w32_ctx {
    wchar_t root[W32_PATH];      /* the proc root, \\?\C:\... or \\?\UNC\server\share\... */
    size_t rootlen;              /* its characters */
    char rootshow[W32_PATH];     /* the same as the user wrote it, for messages */
    unsigned char *rbuf;         /* destination of reads with buf == NULL */
    HANDLE event;                /* synchronous transfers on overlapped handles */
    HANDLE slots[SFS_MAX_HANDLES]; /* CIFS open-file slots */
    int slot_dir[SFS_MAX_HANDLES]; /* the slot holds a directory */
    struct h_entry cache[H_CACHE];
    unsigned evict[H_SETS];
    HANDLE port;                 /* queued mode: the completion port, else NULL */
    struct w32_qio *qio;         /* [nqio] requests in flight */
    int nqio;
    int qinflight;               /* reads and writes the port owes a completion */
    char why[1200];              /* why the target is gone ("" while it is there) */
};

/* win32_errors.c */
/* A Windows error (GetLastError) as a negative errno; the lost-target ones
 * (network name gone, device not ready) are fatal (sfs_status_is_fatal). */
int w32_errno(DWORD err);
/* The message of a Windows error, in one line (static buffer). */
const char *w32_message(DWORD err);

/* win32_backend.c */
/* The full path of req's rel ("" = the proc root) into out; -ENAMETOOLONG. */
int w32_path(const struct w32_ctx *c, const char *rel, wchar_t *out, size_t outlen);
/* Set req's status (and proto_status: the Windows error) and call done. */
void w32_complete(struct w32_ctx *c, sfs_req *req, int rc, DWORD winerr);

/* win32_handles.c: data files opened for overlapped reading and writing */
/* A cached handle of path (associated with the port in queued mode), or
 * INVALID_HANDLE_VALUE with *err set. */
HANDLE w32_cached_handle(struct w32_ctx *c, const char *path, DWORD *err);
void   w32_forget(struct w32_ctx *c, const char *path);  /* removed or renamed */
void   w32_close_handles(struct w32_ctx *c);
/* Open path for data transfers (overlapped); INVALID_HANDLE_VALUE with *err. */
HANDLE w32_open_data(struct w32_ctx *c, const char *path, DWORD *err);
/* A transfer on an overlapped handle, waited for here: its completion is
 * kept off the port.  Bytes moved into *n; 0 or a Windows error. */
DWORD  w32_sync_xfer(struct w32_ctx *c, HANDLE h, int write, void *buf, DWORD len,
                     uint64_t off, DWORD *n);

/* win32_meta.c: every op synchronously; 0 or a Windows error */
DWORD  w32_do_op(struct w32_ctx *c, sfs_req *req);

/* win32_iocp.c: the backend's queue(), and queued mode */
int  w32_queue(void *ctx, int depth, char *err, size_t errlen);
int  w32_iocp_takes(const struct w32_ctx *c, const sfs_req *req);
/* Issue req overlapped; 0 (completed by w32_iocp_poll, or already here) */
int  w32_iocp_submit(struct w32_ctx *c, sfs_req *req);
int  w32_iocp_poll(struct w32_ctx *c, int64_t timeout_ns);
/* Cancel what is in flight, wait until Windows is done with it (without
 * completing it: request lifecycle), close the port. */
void w32_iocp_close(struct w32_ctx *c);

#endif
