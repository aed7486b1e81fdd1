/* sfs_engine_clean: find and remove the file sets runs left (sfs_<suffix>/
 * folders under each target), through the backend's own requests (readdir
 * with req->entry, getattr, remove, rmdir), so posix, nfs3 and smb targets
 * are cleaned alike (docs/running.md, "File sets left behind"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <sys/stat.h>
#include "sfsengine.h"
#include "backend.h"
#include "config.h"
#include "req_sync.h"
#include "platform.h"

#define CLEAN_TIMEOUT_NS 60000000000ULL
#define CLEAN_PATH SFS_SYNC_PATH

struct names {              /* entries of one directory, NUL-separated */
    char  *buf;
    size_t used, cap;
    int    oom;
};

struct tally {
    uint64_t files, dirs, bytes;
    char     error[512];     /* the first failure, "" if none */
};

struct cl {
    const sfs_backend *be;
    void   *ctx;
    int     dry_run;
    sfs_req req;
    sfs_sync sync;
    struct names *into;      /* where readdir's entries go */
};

static void on_entry(sfs_req *req, const char *name)
{
    struct names *n = ((struct cl *)req->user)->into;
    size_t l = strlen(name) + 1;
    if (n->used + l > n->cap) {
        size_t cap = n->cap ? n->cap * 2 : 4096;
        while (cap < n->used + l) cap *= 2;
        char *b = realloc(n->buf, cap);
        if (!b) { n->oom = 1; return; }
        n->buf = b;
        n->cap = cap;
    }
    memcpy(n->buf + n->used, name, l);
    n->used += l;
}

/* one request to completion; its status */
static int run(struct cl *c, int op, const char *path, struct names *into)
{
    sfs_req *r = &c->req;
    memset(r, 0, sizeof *r);
    r->op = op; r->user = c;
    c->into = into;
    if (into) r->entry = on_entry;
    c->sync.be = c->be; c->sync.ctx = c->ctx;
    return sfs_sync_run(&c->sync, r, path, CLEAN_TIMEOUT_NS);
}

static void failed(struct tally *t, const char *what, const char *path, int status)
{
    if (!t->error[0])
        snprintf(t->error, sizeof t->error, "%s %.400s: %s", what, path, strerror(-status));
}

/* count (and unless dry_run remove) everything below dir, then dir itself */
static void walk(struct cl *c, const char *dir, struct tally *t)
{
    struct names n = { 0 };
    int rc = run(c, SFS_OP_READDIR, dir, &n);
    if (rc == 0 && n.oom) rc = -ENOMEM;
    if (rc != 0) {
        failed(t, "readdir", dir, rc);
        free(n.buf);
        return;
    }
    char path[CLEAN_PATH];
    for (size_t off = 0; off < n.used; off += strlen(n.buf + off) + 1) {
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, n.buf + off) >= sizeof path) {
            failed(t, "path", path, -ENAMETOOLONG);
            continue;
        }
        if ((rc = run(c, SFS_OP_GETATTR, path, NULL)) != 0) {
            failed(t, "getattr", path, rc);
            continue;
        }
        if (S_ISDIR(c->req.attr.mode)) {
            walk(c, path, t);
        } else {
            t->files++;
            t->bytes += c->req.attr.size;
            if (!c->dry_run && (rc = run(c, SFS_OP_REMOVE, path, NULL)) != 0)
                failed(t, "remove", path, rc);
        }
    }
    free(n.buf);
    t->dirs++;
    if (!c->dry_run && (rc = run(c, SFS_OP_RMDIR, dir, NULL)) != 0)
        failed(t, "rmdir", dir, rc);
}

static void out(char *report, size_t len, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void out(char *report, size_t len, size_t *used, const char *fmt, ...)
{
    if (*used + 1 >= len) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(report + *used, len - *used, fmt, ap);
    va_end(ap);
    if (n > 0) *used += (size_t)n < len - *used ? (size_t)n : len - *used - 1;
}

/* The folders directly under one target whose names match the pattern. */
static int clean_target(struct cl *c, const char *target, const char *pattern,
                        char *report, size_t len, size_t *used)
{
    struct names top = { 0 };
    int errors = 0;
    int rc = run(c, SFS_OP_READDIR, "", &top);
    if (rc == 0 && top.oom) rc = -ENOMEM;
    if (rc != 0) {
        out(report, len, used, "%s\t-\t0\t0\t0\terror: readdir of the target: %s\n", target, strerror(-rc));
        free(top.buf);
        return 1;
    }
    for (size_t off = 0; off < top.used; off += strlen(top.buf + off) + 1) {
        const char *name = top.buf + off;
        if (sfs_glob_match(pattern, name) != 0) continue;
        struct tally t = { 0 };
        if ((rc = run(c, SFS_OP_GETATTR, name, NULL)) != 0) {
            failed(&t, "getattr", name, rc);
        } else if (!S_ISDIR(c->req.attr.mode)) {
            continue;          /* only folders are file sets */
        } else {
            walk(c, name, &t);
        }
        errors += t.error[0] != 0;
        out(report, len, used, "%s\t%s\t%llu\t%llu\t%llu\t%s%s\n", target, name,
            (unsigned long long)t.files, (unsigned long long)t.dirs, (unsigned long long)t.bytes,
            t.error[0] ? "error: " : c->dry_run ? "found" : "removed", t.error);
    }
    free(top.buf);
    return errors;
}

int sfs_engine_clean(const char *config, const char *pattern, int dry_run, char *report, int reportlen)
{
    size_t len = report && reportlen > 0 ? (size_t)reportlen : 0, used = 0;
    if (len) report[0] = '\0';
    struct sfs_cfg cfg;
    char err[1024] = "";
    if (!pattern || !pattern[0] || strchr(pattern, '/')) {
        out(report, len, &used, "pattern '%s': a folder name (glob) under the targets", pattern ? pattern : "");
        return -1;
    }
    if (sfs_cfg_parse(config, &cfg, err, sizeof err)) {
        out(report, len, &used, "%s", err);
        return -1;
    }
    struct cl c = { 0 };
    c.dry_run = dry_run;
    c.be = sfs_backend_find(cfg.backend);
    int errors = -1;
    if (!c.be) {
        out(report, len, &used, "backend=%s: unknown backend (available: %s)", cfg.backend,
            sfs_backend_names());
        goto done;
    }
    errors = 0;
    for (int i = 0; i < cfg.procs; i++) {
        int seen = 0;
        for (int j = 0; j < i && !seen; j++) seen = strcmp(cfg.target[i], cfg.target[j]) == 0;
        if (seen) continue;
        /* root "": the target itself (every backend's open makes no folder for it) */
        if (c.be->open(&cfg, i, "", &c.ctx, err, sizeof err)) {
            out(report, len, &used, "%s\t-\t0\t0\t0\terror: %s\n", cfg.target[i], err);
            errors++;
            continue;
        }
        errors += clean_target(&c, cfg.target[i], pattern, report, len, &used);
        c.be->close(c.ctx);
    }
done:
    sfs_cfg_free(&cfg);
    return errors;
}
