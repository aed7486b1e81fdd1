/* smb_client.h implemented over libsmbclient (Samba 4.17).
 *
 * libsmbclient hides the SMB2 requests behind POSIX-like calls; the
 * physical request counts below are what Samba 4.17 puts on the wire for
 * each call, measured with tshark against smbd 4.17 (docs/smb.md, "Wire
 * cost"), and checked by SmbWireIT on every test run.
 */
#include "smb_client.h"
#include "smb_threads.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/time.h>
#include <libsmbclient.h>

/* SMB2 requests per libsmbclient call (Samba 4.17 client and server) */
#define WIRE_OPEN      1u  /* CREATE */
#define WIRE_CLOSE     1u  /* CLOSE */
#define WIRE_FSTAT     1u  /* QUERY_INFO (file) */
#define WIRE_STAT      3u  /* CREATE + QUERY_INFO + CLOSE */
#define WIRE_SET_EOF   1u  /* SET_INFO (end of file) */
#define WIRE_UTIMES    3u  /* CREATE + SET_INFO + CLOSE */
#define WIRE_FSTATVFS  6u  /* 2 x (CREATE + QUERY_INFO(fs) + CLOSE) on the share root */
#define WIRE_SECDESC   3u  /* CREATE + QUERY_INFO (security) + CLOSE */
#define WIRE_MKDIR     2u  /* CREATE + CLOSE */
#define WIRE_RMDIR     3u  /* CREATE + SET_INFO (delete on close) + CLOSE */
#define WIRE_UNLINK    2u
#define WIRE_RENAME    3u  /* CREATE + SET_INFO (rename) + CLOSE */
#define WIRE_LIST_BASE 3u  /* CREATE + QUERY_DIRECTORY (entries) + CLOSE ... */
#define WIRE_LIST_END  1u  /* ... + the QUERY_DIRECTORY answering NO_MORE_FILES */
#define WIRE_IO_CHUNK  (8u << 20) /* largest READ/WRITE Samba 4.17 negotiates */

struct smb_client {
    SMBCCTX *ctx;
    char    *url_base;          /* "smb://server:port/share/" */
    char     user[128];
    char     domain[128];
    char     password[256];     /* only read by auth_cb */
    smbc_open_fn     f_open;
    smbc_close_fn    f_close;
    smbc_read_fn     f_read;
    smbc_write_fn    f_write;
    smbc_lseek_fn    f_lseek;
    smbc_stat_fn     f_stat;
    smbc_fstat_fn    f_fstat;
    smbc_ftruncate_fn f_ftruncate;
    smbc_utimes_fn   f_utimes;
    smbc_fstatvfs_fn f_fstatvfs;
    smbc_opendir_fn  f_opendir;
    smbc_readdir_fn  f_readdir;
    smbc_closedir_fn f_closedir;
    smbc_getxattr_fn f_getxattr;
    smbc_mkdir_fn    f_mkdir;
    smbc_rmdir_fn    f_rmdir;
    smbc_unlink_fn   f_unlink;
    smbc_rename_fn   f_rename;
};

struct smb_file {
    SMBCFILE *fh;
};

/* Context creation and destruction are serialised: concurrent
 * smbc_init_context/smbc_free_context calls have crashed in the wild. */
static pthread_mutex_t ctx_lock = PTHREAD_MUTEX_INITIALIZER;
static int protocols_set;

static const char *sc_version(void)
{
    static char buf[64];
    pthread_mutex_lock(&ctx_lock);
    if (!buf[0])
        snprintf(buf, sizeof buf, "libsmbclient %s", smbc_version());
    pthread_mutex_unlock(&ctx_lock);
    return buf;
}

static void auth_cb(SMBCCTX *ctx, const char *srv, const char *shr,
                    char *wg, int wglen, char *un, int unlen, char *pw, int pwlen)
{
    (void)srv; (void)shr;
    const smb_client *c = smbc_getOptionUserData(ctx);
    if (!c)
        return;
    if (c->domain[0])
        snprintf(wg, (size_t)wglen, "%s", c->domain);
    snprintf(un, (size_t)unlen, "%s", c->user);
    snprintf(pw, (size_t)pwlen, "%s", c->password);
}

static int is_url_safe(unsigned char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.' ||
           ch == '~' || ch == '/';
}

/* url_base + percent-encoded path; caller frees. */
static char *make_url(const smb_client *c, const char *path)
{
    size_t bl = strlen(c->url_base), pl = path ? strlen(path) : 0;
    char *u = malloc(bl + 3 * pl + 1);
    if (!u)
        return NULL;
    memcpy(u, c->url_base, bl);
    char *o = u + bl;
    for (size_t i = 0; i < pl; i++) {
        unsigned char ch = (unsigned char)path[i];
        if (i == 0 && ch == '/')
            continue;
        if (is_url_safe(ch)) {
            *o++ = (char)ch;
        } else {
            o += sprintf(o, "%%%02X", ch);
        }
    }
    *o = 0;
    return u;
}

/* A path call that fails (missing name, name exists, access denied) fails
 * at its first request, the CREATE: one request instead of the sequence. */
static uint32_t path_wire(int rc, uint32_t wire)
{
    return rc < 0 ? 1u : wire;
}

static int fail(smb_result *r, int err)
{
    if (err <= 0)
        err = EIO;
    if (r)
        r->proto_status = err;
    return -err;
}

static void free_ctx_locked(SMBCCTX *ctx)
{
    smbc_free_context(ctx, 1);
}

static void sc_disconnect(smb_client *c);

static int sc_connect(const smb_conn_params *p, smb_client **out, char *err, size_t errlen)
{
    if (smb_threads_install() < 0) {
        snprintf(err, errlen, "libsmbclient: cannot register thread functions "
                 "(smb_thread_set_functions not found in libsamba-util)");
        return -ENOSYS;
    }
    smb_client *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "out of memory");
        return -ENOMEM;
    }
    snprintf(c->user, sizeof c->user, "%s", p->user ? p->user : "");
    snprintf(c->domain, sizeof c->domain, "%s", p->domain ? p->domain : "");
    snprintf(c->password, sizeof c->password, "%s", p->password ? p->password : "");
    size_t ul = strlen(p->server) + strlen(p->share) + 32;
    c->url_base = malloc(ul);
    if (!c->url_base) {
        free(c);
        snprintf(err, errlen, "out of memory");
        return -ENOMEM;
    }
    if (p->port > 0)
        snprintf(c->url_base, ul, "smb://%s:%d/%s/", p->server, p->port, p->share);
    else
        snprintf(c->url_base, ul, "smb://%s/%s/", p->server, p->share);

    pthread_mutex_lock(&ctx_lock);
    SMBCCTX *ctx = smbc_new_context();
    if (!ctx) {
        pthread_mutex_unlock(&ctx_lock);
        snprintf(err, errlen, "smbc_new_context failed: %s", strerror(errno));
        sc_disconnect(c);
        return -ENOMEM;
    }
    smbc_setDebug(ctx, 0);
    smbc_setOptionUserData(ctx, c);
    smbc_setFunctionAuthDataWithContext(ctx, auth_cb);
    smbc_setOptionNoAutoAnonymousLogin(ctx, 1);   /* wrong password must not become guest */
    smbc_setOptionUseKerberos(ctx, 0);
    smbc_setOptionFallbackAfterKerberos(ctx, 1);
    smbc_setOptionUseCCache(ctx, 0);
    if (p->timeout_ms > 0)
        smbc_setTimeout(ctx, p->timeout_ms);
    if (p->port > 0)
        smbc_setPort(ctx, (uint16_t)p->port);   /* the IPC$ connection ignores the URL's port */
    if (!protocols_set) {
        /* process-wide in 4.17: every context of this process speaks SMB2+ */
        if (!smbc_setOptionProtocols(ctx, "SMB2_02", "SMB3")) {
            free_ctx_locked(ctx);
            pthread_mutex_unlock(&ctx_lock);
            snprintf(err, errlen, "libsmbclient refused protocol range SMB2_02..SMB3");
            sc_disconnect(c);
            return -EINVAL;
        }
        protocols_set = 1;
    }
    if (!smbc_init_context(ctx)) {
        int e = errno;
        free_ctx_locked(ctx);
        pthread_mutex_unlock(&ctx_lock);
        snprintf(err, errlen, "smbc_init_context failed: %s", strerror(e));
        sc_disconnect(c);
        return -(e ? e : EIO);
    }
    pthread_mutex_unlock(&ctx_lock);
    c->ctx = ctx;
    c->f_open = smbc_getFunctionOpen(ctx);
    c->f_close = smbc_getFunctionClose(ctx);
    c->f_read = smbc_getFunctionRead(ctx);
    c->f_write = smbc_getFunctionWrite(ctx);
    c->f_lseek = smbc_getFunctionLseek(ctx);
    c->f_stat = smbc_getFunctionStat(ctx);
    c->f_fstat = smbc_getFunctionFstat(ctx);
    c->f_ftruncate = smbc_getFunctionFtruncate(ctx);
    c->f_utimes = smbc_getFunctionUtimes(ctx);
    c->f_fstatvfs = smbc_getFunctionFstatVFS(ctx);
    c->f_opendir = smbc_getFunctionOpendir(ctx);
    c->f_readdir = smbc_getFunctionReaddir(ctx);
    c->f_closedir = smbc_getFunctionClosedir(ctx);
    c->f_getxattr = smbc_getFunctionGetxattr(ctx);
    c->f_mkdir = smbc_getFunctionMkdir(ctx);
    c->f_rmdir = smbc_getFunctionRmdir(ctx);
    c->f_unlink = smbc_getFunctionUnlink(ctx);
    c->f_rename = smbc_getFunctionRename(ctx);

    /* Negotiate, session setup and tree connect now, so that a wrong
     * password or a missing share is reported at open time. */
    struct stat st;
    if (c->f_stat(ctx, c->url_base, &st) < 0) {
        int e = errno ? errno : EIO;
        const char *hint = smb_connect_hint(e);
        snprintf(err, errlen, "cannot connect to \\\\%s:%d\\%s as user '%s'%s%s: %s",
                 p->server, p->port > 0 ? p->port : 445, p->share, c->user,
                 c->domain[0] ? " domain " : "", c->domain, hint ? hint : strerror(e));
        sc_disconnect(c);
        return -e;
    }
    *out = c;
    return 0;
}

static void sc_disconnect(smb_client *c)
{
    if (!c)
        return;
    if (c->ctx) {
        pthread_mutex_lock(&ctx_lock);
        free_ctx_locked(c->ctx);
        pthread_mutex_unlock(&ctx_lock);
    }
    memset(c->password, 0, sizeof c->password);
    free(c->url_base);
    free(c);
}

static int sc_open(smb_client *c, const char *path, int flags, smb_file **f, smb_result *r)
{
    int oflags = 0;
    if ((flags & SMB_OPEN_READ) && (flags & SMB_OPEN_WRITE))
        oflags = O_RDWR;
    else if (flags & SMB_OPEN_WRITE)
        oflags = O_WRONLY;
    else
        oflags = O_RDONLY;
    if (flags & SMB_OPEN_CREATE) oflags |= O_CREAT;
    if (flags & SMB_OPEN_EXCL)   oflags |= O_EXCL;
    if (flags & SMB_OPEN_TRUNC)  oflags |= O_TRUNC;
    char *url = make_url(c, path);
    if (!url)
        return fail(r, ENOMEM);
    r->physical += WIRE_OPEN;
    errno = 0;
    SMBCFILE *fh = c->f_open(c->ctx, url, oflags, 0644);
    int e = errno;
    free(url);
    if (!fh)
        return fail(r, e);
    smb_file *sf = malloc(sizeof *sf);
    if (!sf) {
        c->f_close(c->ctx, fh);
        return fail(r, ENOMEM);
    }
    sf->fh = fh;
    *f = sf;
    return 0;
}

static int sc_close(smb_client *c, smb_file *f, smb_result *r)
{
    r->physical += WIRE_CLOSE;
    errno = 0;
    int rc = c->f_close(c->ctx, f->fh);
    int e = errno;
    free(f);
    return rc < 0 ? fail(r, e) : 0;
}

static uint32_t io_chunks(size_t len)
{
    return len == 0 ? 1u : (uint32_t)((len + WIRE_IO_CHUNK - 1) / WIRE_IO_CHUNK);
}

static int64_t sc_read(smb_client *c, smb_file *f, uint64_t off, void *buf, size_t len, smb_result *r)
{
    /* lseek only moves libsmbclient's own offset: no request */
    if (c->f_lseek(c->ctx, f->fh, (off_t)off, SEEK_SET) < 0)
        return fail(r, errno);
    r->physical += io_chunks(len);
    errno = 0;
    ssize_t n = c->f_read(c->ctx, f->fh, buf, len);
    if (n < 0)
        return fail(r, errno);
    if (n > 0 && (size_t)n < len)
        r->physical += 1;   /* a short READ is followed by one answered END_OF_FILE */
    return (int64_t)n;
}

static int64_t sc_write(smb_client *c, smb_file *f, uint64_t off, const void *buf, size_t len, smb_result *r)
{
    if (c->f_lseek(c->ctx, f->fh, (off_t)off, SEEK_SET) < 0)
        return fail(r, errno);
    r->physical += io_chunks(len);
    errno = 0;
    ssize_t n = c->f_write(c->ctx, f->fh, buf, len);
    return n < 0 ? fail(r, errno) : (int64_t)n;
}

static uint64_t ts_ns(struct timespec t)
{
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void fill_attr(sfs_attr *a, const struct stat *st)
{
    if (!a)
        return;
    a->size = (uint64_t)st->st_size;
    a->mode = st->st_mode;
    a->nlink = (uint32_t)st->st_nlink;
    a->mtime_ns = ts_ns(st->st_mtim);
    a->atime_ns = ts_ns(st->st_atim);
    a->uid = st->st_uid;
    a->gid = st->st_gid;
}

static int sc_fstat(smb_client *c, smb_file *f, sfs_attr *a, smb_result *r)
{
    struct stat st;
    r->physical += WIRE_FSTAT;
    errno = 0;
    if (c->f_fstat(c->ctx, f->fh, &st) < 0)
        return fail(r, errno);
    fill_attr(a, &st);
    return 0;
}

static int sc_stat(smb_client *c, const char *path, sfs_attr *a, smb_result *r)
{
    struct stat st;
    char *url = make_url(c, path);
    if (!url)
        return fail(r, ENOMEM);
    errno = 0;
    int rc = c->f_stat(c->ctx, url, &st);
    int e = errno;
    free(url);
    r->physical += path_wire(rc, WIRE_STAT);
    if (rc < 0)
        return fail(r, e);
    fill_attr(a, &st);
    return 0;
}

static int sc_set_eof(smb_client *c, smb_file *f, uint64_t size, smb_result *r)
{
    r->physical += WIRE_SET_EOF;
    errno = 0;
    return c->f_ftruncate(c->ctx, f->fh, (off_t)size) < 0 ? fail(r, errno) : 0;
}

static int sc_set_times(smb_client *c, const char *path, uint64_t mtime_ns, smb_result *r)
{
    struct timeval tv[2];
    tv[0].tv_sec = tv[1].tv_sec = (time_t)(mtime_ns / 1000000000ull);
    tv[0].tv_usec = tv[1].tv_usec = (suseconds_t)(mtime_ns % 1000000000ull / 1000);
    char *url = make_url(c, path);
    if (!url)
        return fail(r, ENOMEM);
    errno = 0;
    int rc = c->f_utimes(c->ctx, url, tv);
    int e = errno;
    free(url);
    r->physical += path_wire(rc, WIRE_UTIMES);
    return rc < 0 ? fail(r, e) : 0;
}

static int sc_query_fs(smb_client *c, smb_file *f, uint64_t *free_bytes, smb_result *r)
{
    struct statvfs sv;
    r->physical += WIRE_FSTATVFS;
    errno = 0;
    if (c->f_fstatvfs(c->ctx, f->fh, &sv) < 0)
        return fail(r, errno);
    /* libsmbclient copies FS_FULL_SIZE_INFORMATION as it comes: f_bsize is the bytes per
     * sector and f_frsize the sectors per allocation unit (Samba 4.17: 512 and 2), not POSIX's
     * fragment in bytes, which is never below a sector */
    uint64_t unit = sv.f_frsize < 512 ? (uint64_t)sv.f_frsize * sv.f_bsize : sv.f_frsize;
    if (free_bytes)
        *free_bytes = (uint64_t)sv.f_bavail * unit;
    return 0;
}

static int64_t sc_list_dir(smb_client *c, const char *path, smb_result *r)
{
    char *url = make_url(c, path);
    if (!url)
        return fail(r, ENOMEM);
    errno = 0;
    SMBCFILE *d = c->f_opendir(c->ctx, url);
    int e = errno;
    free(url);
    if (!d) {
        r->physical += path_wire(-1, WIRE_LIST_BASE);
        return fail(r, e);
    }
    r->physical += WIRE_LIST_BASE;
    int64_t n = 0;
    struct smbc_dirent *de;
    while ((de = c->f_readdir(c->ctx, d)) != NULL) {
        if (strcmp(de->name, ".") != 0 && strcmp(de->name, "..") != 0) {
            n++;
            if (r->entry) r->entry(r->entry_arg, de->name);
        }
    }
    r->physical += WIRE_LIST_END;
    c->f_closedir(c->ctx, d);
    return n;
}

static int64_t sc_get_secdesc(smb_client *c, const char *path, smb_result *r)
{
    char buf[8192];
    char *url = make_url(c, path);
    if (!url)
        return fail(r, ENOMEM);
    errno = 0;
    /* the '+' form gives numeric SIDs: no extra LSA pipe to resolve names */
    int rc = c->f_getxattr(c->ctx, url, "system.nt_sec_desc.*+", buf, sizeof buf);
    int e = errno;
    free(url);
    r->physical += path_wire(rc, WIRE_SECDESC);
    return rc < 0 ? fail(r, e) : (int64_t)strnlen(buf, sizeof buf);
}

static int path_call(smb_client *c, const char *path, int (*fn)(SMBCCTX *, const char *),
                     uint32_t wire, smb_result *r)
{
    char *url = make_url(c, path);
    if (!url)
        return fail(r, ENOMEM);
    errno = 0;
    int rc = fn(c->ctx, url);
    int e = errno;
    free(url);
    r->physical += path_wire(rc, wire);
    return rc < 0 ? fail(r, e) : 0;
}

static int mkdir_0755(SMBCCTX *ctx, const char *url)
{
    return smbc_getFunctionMkdir(ctx)(ctx, url, 0755);
}

static int sc_mkdir(smb_client *c, const char *path, smb_result *r)
{
    return path_call(c, path, mkdir_0755, WIRE_MKDIR, r);
}

static int sc_rmdir(smb_client *c, const char *path, smb_result *r)
{
    return path_call(c, path, c->f_rmdir, WIRE_RMDIR, r);
}

static int sc_unlink(smb_client *c, const char *path, smb_result *r)
{
    return path_call(c, path, c->f_unlink, WIRE_UNLINK, r);
}

static int sc_rename(smb_client *c, const char *from, const char *to, smb_result *r)
{
    char *u1 = make_url(c, from), *u2 = make_url(c, to);
    if (!u1 || !u2) {
        free(u1);
        free(u2);
        return fail(r, ENOMEM);
    }
    errno = 0;
    int rc = c->f_rename(c->ctx, u1, c->ctx, u2);
    int e = errno;
    r->physical += path_wire(rc, WIRE_RENAME);
    free(u1);
    free(u2);
    return rc < 0 ? fail(r, e) : 0;
}

const smb_client_ops smb_client_libsmbclient = {
    .name = "libsmbclient",
    .version = sc_version,
    .caps = 0,
    .caps_reason = "libsmbclient 4.17 has no call that issues SMB2 ECHO, FLUSH or LOCK "
                   "(SMB_CLIENT=libsmb2 issues them)",
    .connect = sc_connect, .disconnect = sc_disconnect,
    .open = sc_open, .close = sc_close, .read = sc_read, .write = sc_write,
    .fstat = sc_fstat, .stat = sc_stat, .set_eof = sc_set_eof, .set_times = sc_set_times,
    .query_fs = sc_query_fs, .list_dir = sc_list_dir, .get_secdesc = sc_get_secdesc,
    .mkdir = sc_mkdir, .rmdir = sc_rmdir, .unlink = sc_unlink, .rename = sc_rename,
};
