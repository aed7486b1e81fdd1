/* A backend: how one abstract operation reaches the server.
 *
 * Request lifecycle (every backend follows it; docs/engine.md):
 *  1. submit(ctx, req) returns 0: the backend owns req until it calls
 *     req->done(req), exactly once.  It returns < 0: done is never called.
 *  2. done is called only on the thread that drives ctx, from inside
 *     submit() (synchronous backends, and ops a queued ctx completes at
 *     once) or poll() (asynchronous backends, queued mode), never from
 *     another thread, a library callback outside those calls, or close().
 *     A dead connection completes what it had in flight from poll(), with
 *     an error status.
 *  3. close(ctx) runs after the thread driving ctx has ended and before the
 *     engine frees the workload state and the request slots.  A request
 *     still in flight then is cancelled: close stops the library and the
 *     kernel from touching it (req, its strings and buf) and does NOT call
 *     done; the engine has already counted it as unanswered.  close returns
 *     in bounded time whether the server answers or not.
 *  4. The engine's side: after stop, an engine thread waits up to 10 s
 *     (engine_run.c, STOP_DRAIN_NS) for its requests in flight; if some
 *     remain, the engine fails with "the server did not answer N
 *     request(s) within 10 s of stop", and close then cancels them as in 3.
 *
 * Backends and workloads are separate axes: a workload decides which request
 * comes next (workload.h); a backend executes it (posix syscalls, libnfs raw
 * NFSv3 RPCs, libsmbclient, nothing at all for null).  Adding a backend =
 * one folder native/src/backends/<name>/ whose .c file ends with
 * SFS_REGISTER_BACKEND(its_var), an SFS_WITH_<NAME> option in
 * native/CMakeLists.txt, and one entry of the Java backend descriptor
 * (org.sfsbench.engine.Backend).
 *
 * Like a fio engine, a backend declares what it is: the ops it implements
 * ('ops'), its capability flags, the workload its protocol runs by default
 * and its own configuration keys ('options' into a struct of 'opts_size'
 * bytes that config.c fills and hands over as cfg->backend_opts).  The
 * engine catalog (sfsengine.h) publishes all of it.
 *
 * Conventions: status -ENOTSUP = "op not supported by this backend"
 * (validation prints SKIP); sfs_status_is_fatal() = the connection or
 * target is gone (the engine fails the phase, naming proc and target);
 * open() creates every missing component of 'root' (mkdir -p); setattr
 * with mode 0 sets the times to now.
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
 * strings and buf stay valid until done() is called or close() returns.
 *
 * Synchronous backends (posix, smb with libsmbclient) execute the request
 * inside submit() and call req->done before returning; the engine then runs
 * one proc per thread.  Asynchronous backends (nfs3, smb with libsmb2)
 * queue the request and call req->done from poll(); the engine runs their
 * procs on its event loops ('loops', one thread each, evloop.h), spreading
 * the procs of every target over them.  Contexts of one loop may share one
 * connection (sfs_cfg_loop tells a proc's loop at open): their pollfd()
 * then returns the same fd, and poll() of one of them services all.  Never
 * share between loops: done would run on another thread than the one
 * driving the request's context.
 */
#ifndef SFS_BACKEND_H
#define SFS_BACKEND_H

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include "sfs_ops.h"

struct sfs_cfg;            /* parsed engine configuration (config.h) */
struct sfs_option;         /* a declared configuration key (options.h) */

#define SFS_OP_BIT(op) (1ULL << (op))
/* ops 0..23: the SFS MIXFILE (NFS) ops; 24..36: the guide's CIFS table */
#define SFS_OPS_NFS  (SFS_OP_BIT(SFS_OP_READDIRPLUS + 1) - 1)
#define SFS_OPS_CIFS ((SFS_OP_BIT(SFS_OP_COUNT) - 1) & ~SFS_OPS_NFS)
#define SFS_OPS_ALL  (SFS_OP_BIT(SFS_OP_COUNT) - 1)

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
    /* readdir, readdirplus, FIND_FIRST2: if set, the backend calls it with
     * the name of every entry but "." and ".." before done() (sfs clean
     * walks trees with it); NULL for load ops */
    void      (*entry)(sfs_req *req, const char *name);
    /* --- filled by the backend --- */
    int         status;    /* 0 = ok, else a negative errno-like value */
    int32_t     proto_status; /* raw protocol status (NFS3ERR_*, NTSTATUS, errno) for error tables */
    uint64_t    result_bytes; /* bytes moved / entries listed */
    uint32_t    physical;  /* physical requests used (RPCs incl. COMMIT) */
    uint32_t    retries;   /* times the server said "try again later" and the
                            * request was re-sent (NFS3ERR_JUKEBOX) */
    sfs_attr    attr;      /* attributes, where the op returns them */
    /* --- engine bookkeeping --- */
    uint64_t    t_intended_ns, t_sent_ns, t_done_ns;
    uint32_t    objects;   /* INIT: file-set objects this request completes
                            * (summed into SFS_S_INIT_DONE when it succeeds) */
    sfs_done_fn done;
    void       *engine_priv;
};

/* A small stack for a sync backend's thread per proc that only makes system
 * calls: thousands of threads then reserve little address space and few page
 * tables.  A posix proc running sfs2008-nfs touches 12 KiB of it, TLS
 * included; its largest frames (a 4 KiB path, a failure message through
 * vsnprintf) and an ASan build's redzones stay well below. */
#define SFS_PROC_STACK (256 * 1024)

typedef struct sfs_backend {
    const char *name;       /* "posix", "nfs3", "smb", "null", "win32" */
    const char *description;
    int         async;      /* 1: submit queues, poll completes (SFS_CAP_ASYNC) */
    int         caps;       /* SFS_CAP_* besides SFS_CAP_ASYNC */
    size_t      proc_stack; /* sync: stack of its thread per proc (SFS_PROC_STACK), or 0 =
                             * the platform's default (a client library of unknown depth) */
    uint64_t    ops;        /* SFS_OP_BIT of every op submit() implements */
    const char *standard_workload; /* what its protocol runs unless told otherwise */
    /* Set only in the descriptor of the other platform's file backend (win32
     * in the Linux engine, posix in the Windows one), which each engine lists
     * so that a manager plans that platform's clients from its own catalog:
     * the sentence its open, sfs_backend_open_elsewhere, refuses with. */
    const char *elsewhere;
    const struct sfs_option *options; /* its own keys, ending with { NULL } (may be NULL) */
    size_t      opts_size;  /* size of the struct the options fill (cfg->backend_opts) */
    /* Open the backend for one proc: connect/mount cfg's target for proc
     * index 'proc' and make sure the proc root directory 'root' (relative
     * to the mount point) exists.  *ctx receives the backend's state. */
    int  (*open)(const struct sfs_cfg *cfg, int proc, const char *root,
                 void **ctx, char *err, size_t errlen);
    /* Execute or queue one request; returns 0 if accepted (done will be
     * called exactly once, unless close cancels it first), or a negative
     * errno if it cannot be issued (done is not called). */
    int  (*submit)(void *ctx, sfs_req *req);
    /* Async backends: service the connection for at most timeout_ns,
     * completing finished requests.  Returns <0 if the connection died. */
    int  (*poll)(void *ctx, int64_t timeout_ns);
    /* Number of requests in flight (async), 0 for sync backends. */
    int  (*inflight)(void *ctx);
    /* Cancel what is in flight without calling done, disconnect, free ctx
     * (request lifecycle, 3). */
    void (*close)(void *ctx);
    /* Optional (async backends, may be NULL): the fd the engine should
     * poll(2) for this ctx and the events wanted (POLLIN/POLLOUT).  With it
     * the engine waits on all of a thread's contexts at once and then calls
     * poll(ctx, 0) on the ready ones; without it, it polls each context in
     * turn with a short timeout.  Returns -1 if there is no fd right now. */
    int  (*pollfd)(void *ctx, short *events);
    /* Optional (async and queued backends, may be NULL): 1 when ctx holds
     * completions known in-process that poll(ctx, 0) delivers at once (a
     * backend completing inline, null_async).  The engine asks after
     * submits and polls and serves such a context from its loop's ready
     * queue (evloop.h) without a system call; 0 = wait on pollfd. */
    int  (*ready)(void *ctx);
    /* Optional (may be NULL): why the connection failed, naming the server
     * ("" if it did not).  The engine adds it to its failure message. */
    const char *(*error)(void *ctx);
    /* Optional (may be NULL = every op can be issued): NULL if this backend
     * can put 'op' on the wire with the settings of cfg (backend options such
     * as smb_client; NULL = defaults), else a sentence saying why not.  Stateful
     * workloads skip such ops (sfs2008-cifs) and report them with a 0 share
     * in target_mix; validation prints SKIP with the sentence. */
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
    /* Optional (may be NULL = the 'async' field): whether the backend is
     * asynchronous with cfg's settings (NULL = defaults), for a backend
     * whose client library decides (smb: libsmb2 yes, libsmbclient no). */
    int  (*async_with)(const struct sfs_cfg *cfg);
    /* Optional (may be NULL = errno names): the name of one of this
     * backend's protocol status codes (sfs_req.proto_status, as in the error
     * tables), or NULL for a code it does not know. */
    const char *(*status_name)(int status);
} sfs_backend;

/* The errno name of a status (negative or positive), or NULL: the status
 * names of backends whose codes are errno values. */
const char *sfs_status_errno_name(int status);

/* Whether b runs asynchronously with cfg's settings (NULL = defaults). */
static inline int sfs_backend_async(const sfs_backend *b, const struct sfs_cfg *cfg)
{
    return b->async_with ? b->async_with(cfg) : b->async;
}

/* Status conventions (req->status, negative errno values). */
#include <errno.h>
#include "platform.h"
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
/* Registered backends, sorted by name (i in 0..count-1). */
int sfs_backend_count(void);
const sfs_backend *sfs_backend_at(int i);
/* The open of a descriptor with 'elsewhere' set: refuses with that sentence. */
int sfs_backend_open_elsewhere(const struct sfs_cfg *cfg, int proc, const char *root, void **ctx,
                               char *err, size_t errlen);
/* Name of a backend that declares option 'key', or NULL. */
const char *sfs_backend_with_option(const char *key);
/* The client libraries of the backends that have some, with versions
 * ("smb: libsmb2 6.2 (default), libsmbclient 4.17.12"; static buffer). */
const char *sfs_backend_libraries(void);

#define SFS_REGISTER_BACKEND(var) \
    __attribute__((constructor)) static void sfs_register_backend_##var(void) \
    { sfs_backend_register(&(var)); }

#endif
