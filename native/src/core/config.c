/* Parser of the engine configuration (config.h, docs/engine.md): the core
 * keys here, the rest handed to the chosen backend's option table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include "config.h"
#include "options.h"
#include "backend.h"
#include "platform.h"

void sfs_cfg_free(struct sfs_cfg *c)
{
    if (c->target) {
        for (int i = 0; i < c->procs; i++)
            free(c->target[i]);
        free(c->target);
        c->target = NULL;
    }
    free(c->proc_loop);
    free(c->proc_slot);
    c->proc_loop = c->proc_slot = NULL;
    const sfs_backend *be = sfs_backend_find(c->backend);
    if (be && c->backend_opts) {
        sfs_options_scrub(be->options, c->backend_opts);   /* passwords */
        free(c->backend_opts);
    }
    c->backend_opts = NULL;
}

int sfs_cfg_given(const struct sfs_cfg *c, const char *name)
{
    const sfs_backend *be = sfs_backend_find(c->backend);
    int i = be ? sfs_options_find(be->options, name) : -1;
    return i >= 0 && i < 64 && (c->backend_given >> i & 1);
}

/* --- value parsers: 0 ok, -1 with message --- */

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

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

#define CORE(f) SFS_OPT_AT(struct sfs_cfg, f)

static const sfs_option core_keys[] = {
    { "backend", SFS_KEY_TEXT, 0, 0, SFS_DEFAULT_BACKEND, "backend that issues the requests (catalog: backends)", CORE(backend) },
    { "workload", SFS_KEY_TEXT, 0, 0, "sfs2008-nfs", "workload that picks the requests (catalog: workloads)", CORE(workload) },
    { "procs", SFS_KEY_INT, 1, SFS_CFG_MAX_PROCS, "1", "load-generating procs in this engine", CORE(procs) },
    { "proc_first", SFS_KEY_INT, 0, 1000000, "0", "global index of proc 0 (folder names, seeds)", CORE(proc_first) },
    { "target.N", SFS_KEY_SPECIAL, 0, 0, NULL, "mount point of proc N (target.0 serves procs without their own)", 0, 0 },
    { "root", SFS_KEY_TEXT, 0, 0, "sfs_bench", "benchmark folder under each target, relative, without '..'", CORE(root) },
    { "rate", SFS_KEY_NUM, 0, 1e7, "0", "ops/s per proc (0 = as fast as possible)", CORE(rate) },
    { "fileset_rate", SFS_KEY_NUM, 0, 1e7, "0", "ops/s per proc the file set is sized for when rate=0", CORE(fileset_rate) },
    { "arrival", SFS_KEY_CHOICE, 0, 0, "constant", "constant|poisson", CORE(poisson) },
    { "mix", SFS_KEY_SPECIAL, 0, 0, NULL, "op:percent,... adding up to 100 (replaces the workload's mix)", 0, 0 },
    { "access_pcnt", SFS_KEY_INT, 1, 100, "30", "percent of the files in the working set", CORE(access_pcnt) },
    { "fileset_mb_per_op", SFS_KEY_NUM, 0, 1e6, "120", "MB of file set per requested op/s", CORE(fileset_mb_per_op) },
    /* below 0.0001 a proc's file set is a few 1 KiB files and the 1 KiB size
     * tolerance too coarse (docs/workloads.md, Tolerance) */
    { "fileset_scale", SFS_KEY_NUM, 0.0001, 1, "1", "factor on the file-set size (below 1: a trial run)", CORE(fileset_scale) },
    { "dir_count", SFS_KEY_INT, 1, 1000000, "30", "files per directory", CORE(dir_count) },
    { "symlink_count", SFS_KEY_INT, 0, 1000000, "20", "symlinks per proc", CORE(symlink_count) },
    { "append_pcnt", SFS_KEY_INT, 0, 100, "70", "percent of writes that append", CORE(append_pcnt) },
    { "direct_io", SFS_KEY_INT, 0, 1, "0", "1 = reads and writes of data files bypass the client's cache (O_DIRECT; posix)", CORE(direct_io) },
    { "data_compress_pct", SFS_KEY_INT, 0, 99, "0", "percent of written data a compressor can remove (zeros in every 4 KiB block)", CORE(data_compress_pct) },
    { "data_dedup_pct", SFS_KEY_INT, 0, 100, "0", "percent of written 4 KiB blocks that duplicate another", CORE(data_dedup_pct) },
    { "xfer_size", SFS_KEY_INT, 0, SFS_XFER_MAX, "0", "fixed read/write transfer in bytes (0 = the workload's distribution)", CORE(xfer_size) },
    { "file_size", SFS_KEY_INT, 0, (double)(1LL << 40), "0", "fixed file size in bytes (0 = the workload's distribution)", CORE(file_size) },
    { "seed", SFS_KEY_SPECIAL, 0, 0, "1", "unsigned 64-bit seed of every proc's random numbers (decimal or 0x hex)", 0, 0 },
    { "debug", SFS_KEY_SPECIAL, 0, 0, NULL, "DEBUG flags 1..63 as in the rc file, e.g. 3,4,8-10", 0, 0 },
    { "log", SFS_KEY_TEXT, 0, 0, "", "file for the DEBUG output (empty = none)", CORE(log) },
    { "sample_us", SFS_KEY_INT, 1000, 10000000, "100000", "longest uninterrupted pacing sleep, microseconds", CORE(sample_us) },
    { "loadfile", SFS_KEY_TEXT, 0, 0, "", "workload=loadfile: the dbench loadfile to replay", CORE(loadfile) },
    { "loadfile_dir", SFS_KEY_TEXT, 0, 0, "", "workload=loadfile: a folder of one loadfile per proc (proc i replays the i-th by name), instead of loadfile", CORE(loadfile_dir) },
    { "loadfile_timing", SFS_KEY_CHOICE, 0, 0, "asap", "asap|timestamps", CORE(loadfile_timestamps) },
    { "loadfile_speed", SFS_KEY_NUM, 1e-6, 1e6, "1", "loadfile_timing=timestamps: the file's times divided by this (2 = twice as fast)", CORE(loadfile_speed) },
    { "target_mbps", SFS_KEY_NUM, 0, 1e7, "0", "loadfile: MB/s (1e6 bytes) of each proc, 0 = none", CORE(target_mbps) },
    { "procs_total", SFS_KEY_INT, 0, 1000000, "0", "procs of the whole run (all engines), 0 = procs", CORE(procs_total) },
    { "loadfile_passes", SFS_KEY_INT, 0, 1000000000, "0", "loadfile: passes through the file, then stop; 0 = until the end", CORE(loadfile_passes) },
    { "working_set", SFS_KEY_INT, 0, (double)(1LL << 50), "0", "client data set bytes (randread, seqread, seqwrite)", CORE(working_set) },
    { "file_count", SFS_KEY_INT, 0, 100000000, "0", "files of that set, 0 = one per proc", CORE(file_count) },
    { "outage_max", SFS_KEY_NUM, 0, 86400, "0", "seconds a server that stops answering, drops its connections or restarts is ridden through: requests re-sent, connections and handles re-made (OUTAGE=ride); 0 = the first failure fails the op", CORE(outage_max) },
    { "loops", SFS_KEY_INT, 0, 1024, "0", "event loops (threads) that drive the procs of an asynchronous backend, each with its own connections; 0 = the client's online CPUs; never more than the procs", CORE(loops) },
    { "outstanding_ios", SFS_KEY_INT, 0, SFS_MAX_OUTSTANDING, "0", "requests in flight per proc; 0 = one (an SFS proc)", CORE(outstanding_ios) },
    { "access_spec", SFS_KEY_TEXT, 0, 0, "", "workload access: Iometer access-spec lines separated by ';'", CORE(access_spec) },
    { "start_offset", SFS_KEY_INT, 0, (double)(1LL << 40), "0", "workload access: first byte of the tested region", CORE(start_offset) },
    { "whole_target", SFS_KEY_INT, 0, 1, "0", "workload access: a target that is an existing file or block device is tested from start_offset to its end (file_size then sizes only a created iobw.tst)", CORE(whole_target) },
    { "target_writes", SFS_KEY_INT, 0, 1, "0", "workload access: 1 = a target that is an existing file or block device may be written; 0 = reads only", CORE(target_writes) },
    { NULL, 0, 0, 0, NULL, NULL, 0, 0 },
};
const sfs_option *const sfs_core_keys = core_keys;

/* keys with their own syntax; 0, -1 with a message, or 1 if 'key' is none of them */
static int set_special(struct sfs_cfg *c, int line, const char *key, const char *v,
                       char **targets, int ntargets, char *err, size_t errlen)
{
    if (strcmp(key, "seed") == 0) {
        char *end;
        errno = 0;
        unsigned long long s = strtoull(v, &end, 0);
        if (!*v || *end || errno || v[0] == '-')
            BAD("config line %d: seed=%s is not an unsigned integer", line, v);
        c->seed = s;
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
    return 1;
}

static int set_defaults(struct sfs_cfg *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    if (sfs_options_defaults(sfs_core_keys, c, err, errlen))
        return -1;
    for (int i = 0; sfs_core_keys[i].name; i++)
        if (sfs_core_keys[i].type == SFS_KEY_SPECIAL && sfs_core_keys[i].def &&
            set_special(c, 0, sfs_core_keys[i].name, sfs_core_keys[i].def, NULL, 0, err, errlen))
            return -1;
    return 0;
}

/* A key that is not a core key, kept until the backend is known. */
struct backend_key {
    int   line;
    char *key, *value;
};

/* 0 = core key set, -1 = error, 1 = not a core key */
static int set_key(struct sfs_cfg *c, int line, const char *key, const char *v,
                   char **targets, int ntargets, char *err, size_t errlen)
{
    int i = sfs_options_find(sfs_core_keys, key);
    if (i >= 0 && sfs_core_keys[i].type != SFS_KEY_SPECIAL)
        return sfs_option_set(&sfs_core_keys[i], c, line, v, err, errlen);
    return set_special(c, line, key, v, targets, ntargets, err, errlen);
}

/* Hand the non-core keys to the chosen backend's option table. */
static int set_backend_keys(struct sfs_cfg *c, const struct backend_key *keys, int nkeys,
                            char *err, size_t errlen)
{
    const sfs_backend *be = sfs_backend_find(c->backend);
    if (!be)
        BAD("config: backend=%s: unknown backend (available: %s)", c->backend, sfs_backend_names());
    if (be->opts_size) {
        c->backend_opts = calloc(1, be->opts_size);
        if (!c->backend_opts)
            BAD("out of memory");
        if (sfs_options_defaults(be->options, c->backend_opts, err, errlen))
            return -1;
    }
    for (int k = 0; k < nkeys; k++) {
        int i = sfs_options_find(be->options, keys[k].key);
        if (i >= 0) {
            if (sfs_option_set(&be->options[i], c->backend_opts, keys[k].line, keys[k].value,
                               err, errlen))
                return -1;
            c->backend_given |= 1ULL << i;
            continue;
        }
        const char *owner = sfs_backend_with_option(keys[k].key);
        if (owner)
            BAD("config line %d: %s is an option of backend %s, not of backend %s",
                keys[k].line, keys[k].key, owner, be->name);
        BAD("config line %d: unknown key '%s' (see docs/engine.md for the keys)",
            keys[k].line, keys[k].key);
    }
    return 0;
}

int sfs_cfg_parse(const char *text, struct sfs_cfg *c, char *err, size_t errlen)
{
    if (set_defaults(c, err, errlen))
        return -1;
    if (!text)
        BAD("config is empty");
    char **targets = calloc(SFS_CFG_MAX_PROCS, sizeof *targets);
    struct backend_key *bkeys = NULL;
    int nbkeys = 0;
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
                if (rc == 1) {
                    struct backend_key *nb = realloc(bkeys, (size_t)(nbkeys + 1) * sizeof *bkeys);
                    if (nb) {
                        bkeys = nb;
                        bkeys[nbkeys++] = (struct backend_key){ line, strdup(k), strdup(v) };
                        rc = 0;
                    } else {
                        snprintf(err, errlen, "out of memory");
                        rc = -1;
                    }
                }
            }
        }
        free(buf);
    }
    if (rc == 0)
        rc = set_backend_keys(c, bkeys, nbkeys, err, errlen);
    for (int k = 0; k < nbkeys; k++) {
        memset(bkeys[k].value, 0, strlen(bkeys[k].value));   /* may be a password */
        free(bkeys[k].key);
        free(bkeys[k].value);
    }
    free(bkeys);
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
        sfs_cfg_free(c);
    return rc;
}
