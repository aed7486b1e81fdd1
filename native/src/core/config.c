/* Parser of the engine configuration (config.h, docs/engine.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include "config.h"

static void set_defaults(struct sfs_cfg *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->backend, sizeof c->backend, "posix");
    snprintf(c->workload, sizeof c->workload, "sfs2008-nfs");
    c->procs = 1;
    snprintf(c->root, sizeof c->root, "sfs_bench");
    c->access_pcnt = 30;
    c->fileset_mb_per_op = 120.0;
    c->fileset_scale = 1.0;
    c->dir_count = 30;
    c->symlink_count = 20;
    c->append_pcnt = 70;
    c->biod_reads = 2;
    c->biod_writes = 2;
    c->seed = 1;
    c->sample_us = 100000;
}

void sfs_cfg_free(struct sfs_cfg *c)
{
    if (c->target) {
        for (int i = 0; i < c->procs; i++)
            free(c->target[i]);
        free(c->target);
        c->target = NULL;
    }
    /* scrub the password from memory we hand back */
    memset(c->password, 0, sizeof c->password);
}

/* --- value parsers: 0 ok, -1 with message --- */

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

static int parse_i64(int line, const char *key, const char *v, long long lo, long long hi,
                     long long *out, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (!*v || *end || errno)
        BAD("config line %d: %s=%s is not an integer", line, key, v);
    if (x < lo || x > hi)
        BAD("config line %d: %s=%s out of range (allowed %lld..%lld)", line, key, v, lo, hi);
    *out = x;
    return 0;
}

static int parse_dbl(int line, const char *key, const char *v, double lo, double hi,
                     double *out, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    if (!*v || *end || errno || !isfinite(x))
        BAD("config line %d: %s=%s is not a number", line, key, v);
    if (x < lo || x > hi)
        BAD("config line %d: %s=%s out of range (allowed %g..%g)", line, key, v, lo, hi);
    *out = x;
    return 0;
}

static int copy_str(int line, const char *key, const char *v, char *dst, size_t dlen,
                    char *err, size_t errlen)
{
    if (strlen(v) >= dlen)
        BAD("config line %d: %s is too long (at most %zu characters)", line, key, dlen - 1);
    memcpy(dst, v, strlen(v) + 1);
    return 0;
}

int sfs_cfg_parse_mix(const char *val, double pct[SFS_OP_COUNT], char *err, size_t errlen)
{
    memset(pct, 0, sizeof(double) * SFS_OP_COUNT);
    char buf[2048];
    if (strlen(val) >= sizeof buf)
        BAD("mix: value too long");
    strcpy(buf, val);
    double total = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        while (isspace((unsigned char)*tok)) tok++;
        char *colon = strchr(tok, ':');
        if (!colon)
            BAD("mix: '%s' is not op:percent (e.g. getattr:26)", tok);
        *colon = '\0';
        int op = sfs_op_from_name(tok);
        if (op < 0)
            BAD("mix: unknown op '%s' (allowed: mixfile op names such as null, getattr, "
                "lookup, read, write, ... or the CIFS table names)", tok);
        char *end;
        double p = strtod(colon + 1, &end);
        while (isspace((unsigned char)*end)) end++;
        if (end == colon + 1 || *end || !isfinite(p) || p < 0 || p > 100)
            BAD("mix: %s:%s is not a percentage 0..100", tok, colon + 1);
        pct[op] += p;
        total += p;
    }
    if (fabs(total - 100.0) > 0.01)
        BAD("mix: percentages add up to %g, must be 100", total);
    return 0;
}

/* debug: "3,4,8-10" -> bit mask */
static int parse_debug(int line, const char *v, uint64_t *mask, char *err, size_t errlen)
{
    *mask = 0;
    const char *p = v;
    while (*p) {
        char *end;
        long lo = strtol(p, &end, 10), hi;
        if (end == p)
            BAD("config line %d: debug=%s: expected flag numbers 1..63 like 3,4,8-10", line, v);
        hi = lo;
        p = end;
        if (*p == '-') {
            hi = strtol(p + 1, &end, 10);
            if (end == p + 1)
                BAD("config line %d: debug=%s: bad range", line, v);
            p = end;
        }
        if (lo < 1 || hi > 63 || lo > hi)
            BAD("config line %d: debug=%s: flags must be 1..63", line, v);
        for (long f = lo; f <= hi; f++)
            *mask |= 1ULL << f;
        if (*p == ',') p++;
        else if (*p)
            BAD("config line %d: debug=%s: unexpected '%c'", line, v, *p);
    }
    return 0;
}

static int set_key(struct sfs_cfg *c, int line, const char *key, const char *v,
                   char **targets, int ntargets, char *err, size_t errlen)
{
    long long i;
    double d;
#define INT(name, lo, hi, field) \
    if (strcmp(key, name) == 0) { \
        if (parse_i64(line, key, v, lo, hi, &i, err, errlen)) return -1; \
        c->field = i; return 0; }
#define DBL(name, lo, hi, field) \
    if (strcmp(key, name) == 0) { \
        if (parse_dbl(line, key, v, lo, hi, &d, err, errlen)) return -1; \
        c->field = d; return 0; }
#define STR(name, field) \
    if (strcmp(key, name) == 0) return copy_str(line, key, v, c->field, sizeof c->field, err, errlen);

    STR("backend", backend)
    STR("workload", workload)
    INT("procs", 1, SFS_CFG_MAX_PROCS, procs)
    INT("proc_first", 0, 1000000, proc_first)
    STR("root", root)
    DBL("rate", 0, 1e7, rate)
    DBL("fileset_rate", 0, 1e7, fileset_rate)
    INT("access_pcnt", 1, 100, access_pcnt)
    DBL("fileset_mb_per_op", 0, 1e6, fileset_mb_per_op)
    DBL("fileset_scale", 0, 1e3, fileset_scale)
    INT("dir_count", 1, 1000000, dir_count)
    INT("symlink_count", 0, 1000000, symlink_count)
    INT("append_pcnt", 0, 100, append_pcnt)
    INT("block_size", 0, 16 << 20, block_size)
    INT("biod_reads", 0, 32, biod_reads)
    INT("biod_writes", 0, 32, biod_writes)
    INT("xfer_size", 0, SFS_XFER_MAX, xfer_size)
    INT("file_size", 0, 1LL << 40, file_size)
    INT("working_set", 0, 1LL << 50, working_set)
    INT("file_count", 0, 100000000, file_count)
    INT("outstanding_ios", 0, SFS_MAX_OUTSTANDING, outstanding_ios)
    STR("access_spec", access_spec)
    INT("start_offset", 0, 1LL << 40, start_offset)
    STR("username", username)
    STR("domain", domain)
    STR("password", password)
    STR("smb_client", smb_client)
    STR("log", log)
    INT("sample_us", 1000, 10000000, sample_us)
    STR("loadfile", loadfile)
    DBL("target_mbps", 0, 1e7, target_mbps)
    INT("procs_total", 0, 1000000, procs_total)
    INT("loadfile_passes", 0, 1000000000, loadfile_passes)
    if (strcmp(key, "loadfile_timing") == 0) {
        if (strcmp(v, "asap") == 0) c->loadfile_timestamps = 0;
        else if (strcmp(v, "timestamps") == 0) c->loadfile_timestamps = 1;
        else BAD("config line %d: loadfile_timing=%s: allowed asap or timestamps", line, v);
        return 0;
    }
    if (strcmp(key, "uid") == 0 || strcmp(key, "gid") == 0) {
        if (parse_i64(line, key, v, 0, 4294967295LL, &i, err, errlen)) return -1;
        if (key[0] == 'u') { c->uid = (uint32_t)i; c->uid_set = 1; }
        else { c->gid = (uint32_t)i; c->gid_set = 1; }
        return 0;
    }
    if (strcmp(key, "seed") == 0) {
        char *end;
        errno = 0;
        unsigned long long s = strtoull(v, &end, 0);
        if (!*v || *end || errno || v[0] == '-')
            BAD("config line %d: seed=%s is not an unsigned integer", line, v);
        c->seed = s;
        return 0;
    }
    if (strcmp(key, "arrival") == 0) {
        if (strcmp(v, "constant") == 0) c->poisson = 0;
        else if (strcmp(v, "poisson") == 0) c->poisson = 1;
        else BAD("config line %d: arrival=%s: allowed constant or poisson", line, v);
        return 0;
    }
    if (strcmp(key, "mix") == 0) {
        char e2[512];
        if (sfs_cfg_parse_mix(v, c->mix, e2, sizeof e2))
            BAD("config line %d: %s", line, e2);
        c->mix_set = 1;
        return 0;
    }
    if (strcmp(key, "debug") == 0)
        return parse_debug(line, v, &c->debug, err, errlen);
    if (strncmp(key, "target.", 7) == 0) {
        char *end;
        long n = strtol(key + 7, &end, 10);
        if (!key[7] || *end || n < 0 || n >= ntargets)
            BAD("config line %d: %s: proc index must be 0..%d", line, key, ntargets - 1);
        if (!*v)
            BAD("config line %d: %s is empty", line, key);
        free(targets[n]);
        targets[n] = strdup(v);
        return 0;
    }
    BAD("config line %d: unknown key '%s' (see docs/engine.md for the keys)", line, key);
#undef INT
#undef DBL
#undef STR
}

int sfs_cfg_parse(const char *text, struct sfs_cfg *c, char *err, size_t errlen)
{
    set_defaults(c);
    if (!text)
        BAD("config is empty");
    char **targets = calloc(SFS_CFG_MAX_PROCS, sizeof *targets);
    if (!targets)
        BAD("out of memory");
    int rc = 0, line = 0;
    const char *p = text;
    while (*p && rc == 0) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        line++;
        char *buf = strndup(p, n);
        p += n + (nl ? 1 : 0);
        char *s = buf;
        while (isspace((unsigned char)*s)) s++;
        char *e = s + strlen(s);
        while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
        if (*s && *s != '#') {
            char *eq = strchr(s, '=');
            if (!eq) {
                snprintf(err, errlen, "config line %d: '%s' is not key=value", line,
                         strncasecmp(s, "password", 8) == 0 ? "password..." : s);
                rc = -1;
            } else {
                *eq = '\0';
                char *k = s, *ke = eq;
                while (ke > k && isspace((unsigned char)ke[-1])) *--ke = '\0';
                char *v = eq + 1;
                while (isspace((unsigned char)*v)) v++;
                rc = set_key(c, line, k, v, targets, SFS_CFG_MAX_PROCS, err, errlen);
            }
        }
        free(buf);
    }
    /* targets: one per proc; a proc without its own target uses target.0 */
    if (rc == 0) {
        if (!targets[0]) {
            snprintf(err, errlen, "config: target.0 is missing (each proc N needs target.N, "
                     "or target.0 is used for all)");
            rc = -1;
        }
        for (int i = c->procs; rc == 0 && i < SFS_CFG_MAX_PROCS; i++)
            if (targets[i]) {
                snprintf(err, errlen, "config: target.%d given but procs=%d", i, c->procs);
                rc = -1;
            }
    }
    if (rc == 0 && (!c->root[0] || strstr(c->root, "..") || c->root[0] == '/')) {
        snprintf(err, errlen, "config: root=%s must be a relative folder name without '..'",
                 c->root);
        rc = -1;
    }
    if (rc == 0) {
        c->target = calloc((size_t)c->procs, sizeof *c->target);
        for (int i = 0; i < c->procs; i++)
            c->target[i] = strdup(targets[i] ? targets[i] : targets[0]);
    }
    for (int i = 0; i < SFS_CFG_MAX_PROCS; i++)
        free(targets[i]);
    free(targets);
    if (rc)
        memset(c->password, 0, sizeof c->password);
    return rc;
}
