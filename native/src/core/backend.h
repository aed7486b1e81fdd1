/* A backend: how one abstract operation reaches the server.
 *
 * Changes (additive, engine helper):
 *  - registration: SFS_REGISTER_BACKEND(var) in the backend's own .c file
 *    replaces the central table (sfs_backend_register / sfs_backend_find /
 *    sfs_backend_names in registry.c);
 *  - sfs_req.objects (INIT progress), sfs_req.expect_status (a failure the
 *    workload expects, e.g. -ENOENT of a lookup of a missing name: counted
 *    as a successful op), sfs_backend.pollfd (optional, async);
 *  - sfs_backend.error (optional, nfs helper): the backend's reason for a
 *    dead connection, added to the engine's failure message;
 *  - the per-op use of the request fields is fixed in the table below;
 *  - conventions: status -ENOTSUP = "op not supported by this backend"
 *    (validation prints SKIP); sfs_status_is_fatal() = the connection or
 *    target is gone (the engine fails the phase, naming proc and target);
 *  - sfs_backend.op_unavailable (optional, smb helper): ops a backend can
 *    never issue, with the reason (workloads skip them, validation SKIPs);
 *  - open() must create every missing component of 'root' (mkdir -p);
 *  - setattr with mode 0 sets the times to now (posix: utimensat).
 *
 * Backends and workloads are separate axes: a workload decides which request
 * comes next (workload.h); a backend executes it (posix syscalls, libnfs raw
 * NFSv3 RPCs, libsmbclient).  Adding a backend = one .c file ending with
 * SFS_REGISTER_BACKEND(its_var).
 *
 * Requests name objects by path relative to the proc's root directory (the
 * proc's own subtree of its mount point); backends that need handles (NFS
 * file handles) keep their own path -> handle cache, filled on create/lookup.
 *
 * Request fields per op (name ops always get dir+name AND the full path):
 *   null, root, fsstat, fsinfo, pathconf, ECHO, QUERY_FS_INFO: path ("" = proc root)
 *     results: fsstat result_bytes = bytes available, attr.size = total bytes
 *     (0 if unknown); fsinfo result_bytes = preferred transfer size, attr.size =
 *     maximum transfer (0 if unknown); pathconf result_bytes = name max
 *   getattr, access, readlink, QUERY_PATH_INFO: path
 *   setattr: path, mode (permission bits to set; 0 = set the times to now)
 *   lookup: dir, name, path
 *   read, wrcache, write: path, offset, length, buf (read: NULL = discard;
 *     write: source), stable, append (offset is then the current size)
 *   commit: path (offset/length 0 = whole file)
 *   create, mknod (a fifo), mkdir: dir, name, path, mode
 *   remove, rmdir: dir, name, path
 *   rename: path (old), path2 (new), dir+name (new)
 *   link: path (existing file), path2 (new link), dir+name (new link)
 *   symlink: dir+name+path (new symlink), path2 (its contents)
 *   readdir, readdirplus, FIND_FIRST2: path (directory); result_bytes = entries
 *   NT_CREATE_ANDX: path, slot; mode != 0 = create if missing (O_CREAT)
 *   CLOSE, QUERY_FILE_INFO, SET_FILE_INFO (times = now; smb: end of file
 *     set to length, or kept at the current size when length is 0), FLUSH,
 *   QUERY_SECURITY_DESC: slot (path for information/logs)
 *   READ_ANDX, WRITE_ANDX: slot, offset, length, buf
 *   LOCKING_ANDX: slot, offset, length; mode 0 = lock, 1 = unlock
 * A proc has one request outstanding, or up to outstanding_ios with that
 * key (async backends, and sync backends through queue()); a request's
 * strings and buf stay valid until done() is called.
 *
 * Synchronous backends (posix, smb) execute the request inside submit() and
 * call req->done before returning; the engine then runs one proc per
 * thread.  Asynchronous backends (nfs3) queue the request and call
 * req->done from poll(); the engine runs many procs per thread on one
 * event loop.
 */
#ifndef SFS_BACKEND_H
#define SFS_BACKEND_H

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include "sfs_ops.h"

struct sfs_cfg;            /* parsed engine configuration (config.h) */

#define SFS_MAX_HANDLES 64 /* open-file slots per proc (stateful workloads; client.txt
                            * keeps up to 23 files open) */

typedef struct sfs_attr {
    uint64_t size;
    uint32_t mode;         /* permission bits + S_IF* type */
    uint32_t nlink;
    uint64_t mtime_ns;
    uint64_t atime_ns;
    uint32_t uid, gid;
} sfs_attr;

typedef struct sfs_req sfs_req;
typedef void (*sfs_done_fn)(sfs_req *req);

struct sfs_req {
    /* --- filled by the workload --- */
    int         op;        /* enum sfs_op */
    const char *path;      /* object (file/dir/symlink) path under the proc root */
    const char *dir;       /* parent directory for name ops ("" = proc root) */
    const char *name;      /* name within dir (lookup/create/remove/mkdir/...) */
    const char *path2;     /* rename/link target path, symlink contents */
    uint64_t    offset;    /* read/write offset */
    uint64_t    length;    /* read/write logical length (<= 256 KiB in SFS mixes) */
    uint32_t    mode;      /* setattr/create mode */
    int         stable;    /* write: 1 = must be on stable storage when done */
    int         append;    /* write: 1 = append at end of file */
    int         slot;      /* open-handle slot for stateful ops, 0..SFS_MAX_HANDLES-1 */
    void       *buf;       /* read: destination (may be NULL = discard); write: source */
    void       *user;      /* workload's own cookie */
    int         expect_status; /* a failure status that counts as success (0 = none) */
    const char *not_issued; /* set: do not send; why (the backend cannot express
                             * it).  Counted in the error table with status
                             * SFS_STATUS_NOT_ISSUED, not as an op or error. */
    /* --- filled by the backend --- */
    int         status;    /* 0 = ok, else a negative errno-like value */
    int32_t     proto_status; /* raw protocol status (NFS3ERR_*, NTSTATUS, errno) for error tables */
    uint64_t    result_bytes; /* bytes moved / entries listed */
    uint32_t    physical;  /* physical requests used (RPCs incl. COMMIT) */
    sfs_attr    attr;      /* attributes, where the op returns them */
    /* --- engine bookkeeping --- */
    uint64_t    t_intended_ns, t_sent_ns, t_done_ns;
    uint32_t    objects;   /* INIT: file-set objects this request completes
                            * (summed into SFS_S_INIT_DONE when it succeeds) */
    sfs_done_fn done;
    void       *engine_priv;
};

typedef struct sfs_backend {
    const char *name;       /* "posix", "nfs3", "smb" */
    int         async;      /* 1: submit queues, poll completes */
    /* Open the backend for one proc: connect/mount cfg's target for proc
     * index 'proc' and make sure the proc root directory 'root' (relative
     * to the mount point) exists.  *ctx receives the backend's state. */
    int  (*open)(const struct sfs_cfg *cfg, int proc, const char *root,
                 void **ctx, char *err, size_t errlen);
    /* Execute or queue one request; returns 0 if accepted (done will be
     * called exactly once), or a negative errno if it cannot be issued. */
    int  (*submit)(void *ctx, sfs_req *req);
    /* Async backends: service the connection for at most timeout_ns,
     * completing finished requests.  Returns <0 if the connection died. */
    int  (*poll)(void *ctx, int64_t timeout_ns);
    /* Number of requests in flight (async), 0 for sync backends. */
    int  (*inflight)(void *ctx);
    void (*close)(void *ctx);
    /* Optional (async backends, may be NULL): the fd the engine should
     * poll(2) for this ctx and the events wanted (POLLIN/POLLOUT).  With it
     * the engine waits on all of a thread's contexts at once and then calls
     * poll(ctx, 0) on the ready ones; without it, it polls each context in
     * turn with a short timeout.  Returns -1 if there is no fd right now. */
    int  (*pollfd)(void *ctx, short *events);
    /* Optional (may be NULL): why the connection failed, naming the server
     * ("" if it did not).  The engine adds it to its failure message. */
    const char *(*error)(void *ctx);
    /* Optional (may be NULL = every op can be issued): NULL if this backend
     * can put 'op' on the wire with the settings of cfg (backend options such
     * as smb_client; NULL = defaults), else a sentence saying why not.  Stateful
     * workloads skip such ops (sfs2008-cifs) and report them with a 0 share
     * in target_mix; validation prints SKIP with the sentence.  (smb helper) */
    const char *(*op_unavailable)(const struct sfs_cfg *cfg, int op);
    /* Optional (may be NULL): the client libraries this backend can use,
     * with their versions, for sfs_engine_version ("" if none). */
    const char *(*libraries)(void);
    /* Optional (sync backends, may be NULL): switch ctx to queued operation
     * with up to 'depth' requests in flight (outstanding_ios): submit() then
     * queues reads and writes and poll() completes them, as an async
     * backend does (other ops may still complete inside submit()).  0, or a
     * negative errno with a reason in err when it cannot (posix without
     * io_uring). */
    int  (*queue)(void *ctx, int depth, char *err, size_t errlen);
} sfs_backend;

/* Status conventions (req->status, negative errno values). */
#include <errno.h>
/* The connection or target is gone (not an op-level error like -ENOENT). */
static inline int sfs_status_is_fatal(int status)
{
    switch (-status) {
    case ENOTCONN: case ECONNRESET: case ECONNABORTED: case ECONNREFUSED:
    case ESHUTDOWN: case EPIPE: case EHOSTUNREACH: case ENETUNREACH:
    case ENETDOWN: case ENODEV: case ENXIO:
        return 1;
    default:
        return 0;
    }
}

/* Registry: each backend's .c file ends with SFS_REGISTER_BACKEND(its_var). */
void sfs_backend_register(const sfs_backend *b);
const sfs_backend *sfs_backend_find(const char *name);
/* Space-separated names of the registered backends (static buffer). */
const char *sfs_backend_names(void);
/* The client libraries of the backends that have some, with versions
 * ("smb: libsmb2 6.2 (default), libsmbclient 4.17.12"; static buffer). */
const char *sfs_backend_libraries(void);

#define SFS_REGISTER_BACKEND(var) \
    __attribute__((constructor)) static void sfs_register_backend_##var(void) \
    { sfs_backend_register(&(var)); }

#endif
