/* The catalog calls of sfsengine.h: what the registered backends and
 * workloads declare, and the core keys of config.c. */
#include <stdio.h>
#include <string.h>
#include "sfsengine.h"
#include "backend.h"
#include "fileset.h"
#include "workload.h"
#include "config.h"
#include "options.h"

int sfs_engine_op_count(void)
{
    return SFS_OP_COUNT;
}

static int valid_op(int op)
{
    return op >= 0 && op < SFS_OP_COUNT;
}

int sfs_engine_workload_count(void)
{
    return sfs_workload_count();
}

const char *sfs_engine_workload_name(int w)
{
    const sfs_workload *x = sfs_workload_at(w);
    return x ? x->name : NULL;
}

const char *sfs_engine_workload_description(int w)
{
    const sfs_workload *x = sfs_workload_at(w);
    return x ? x->description : NULL;
}

int sfs_engine_workload_flags(int w)
{
    const sfs_workload *x = sfs_workload_at(w);
    return x ? x->flags | (x->client_dataset ? SFS_WORKLOAD_DATASET : 0) : 0;
}

int sfs_engine_workload_rules(int w)
{
    const sfs_workload *x = sfs_workload_at(w);
    return x ? x->rules : 0;
}

int sfs_engine_workload_issues(int w, int op)
{
    const sfs_workload *x = sfs_workload_at(w);
    return x && valid_op(op) && (x->ops & SFS_OP_BIT(op)) != 0;
}

double sfs_engine_workload_mix(int w, int op)
{
    const sfs_workload *x = sfs_workload_at(w);
    if (!x || !x->standard_mix || !valid_op(op))
        return -1;
    double pct[SFS_OP_COUNT] = { 0 };
    x->standard_mix(pct);
    return pct[op];
}

int sfs_engine_target_mix(const char *config, double *pct, int n, char *err, int errlen)
{
    if (!pct || n < SFS_OP_COUNT) {
        snprintf(err, (size_t)errlen, "target mix: room for %d ops needed", SFS_OP_COUNT);
        return -1;
    }
    struct sfs_cfg cfg;
    if (sfs_cfg_parse(config ? config : "", &cfg, err, (size_t)errlen))
        return -1;
    double mix[SFS_OP_COUNT] = { 0 };
    const sfs_workload *w = sfs_workload_find(cfg.workload);
    int rc = 0;
    if (!w) {
        snprintf(err, (size_t)errlen, "workload=%s: no such workload", cfg.workload);
        rc = -1;
    } else if (cfg.mix_set) {
        memcpy(mix, cfg.mix, sizeof mix);
    } else if (w->standard_mix) {
        w->standard_mix(mix);
    } else if (w->client_dataset && w->target_mix) {
        /* sized from its keys alone: proc 0's state knows the mix
         * (opening it touches no server and no file set) */
        struct sfs_fileset fs;
        void *state = NULL;
        memset(&fs, 0, sizeof fs);
        if (w->open(&cfg, 0, &fs, &state, err, (size_t)errlen)) {
            rc = -1;
        } else {
            w->target_mix(state, mix);
            w->close(state);
        }
    } else {
        snprintf(err, (size_t)errlen, "workload=%s: its mix comes from its input (mix, "
                 "access_spec or loadfile key)", w->name);
        rc = -1;
    }
    sfs_cfg_free(&cfg);
    if (rc == 0) {
        for (int op = 0; op < n; op++)
            pct[op] = op < SFS_OP_COUNT ? mix[op] : 0;
    }
    return rc;
}

int sfs_engine_workload_runs_on(int w, int b)
{
    const sfs_workload *x = sfs_workload_at(w);
    const sfs_backend *y = sfs_backend_at(b);
    return x && y && sfs_workload_runs_on(x, y);
}

int sfs_engine_backend_count(void)
{
    return sfs_backend_count();
}

const char *sfs_engine_backend_name(int b)
{
    const sfs_backend *x = sfs_backend_at(b);
    return x ? x->name : NULL;
}

const char *sfs_engine_backend_description(int b)
{
    const sfs_backend *x = sfs_backend_at(b);
    return x ? x->description : NULL;
}

int sfs_engine_backend_caps(int b)
{
    const sfs_backend *x = sfs_backend_at(b);
    return x ? x->caps | (sfs_backend_async(x, NULL) ? SFS_CAP_ASYNC : 0) : 0;
}

int sfs_engine_backend_issues(int b, int op)
{
    const sfs_backend *x = sfs_backend_at(b);
    return x && valid_op(op) && (x->ops & SFS_OP_BIT(op)) != 0 &&
           (!x->op_unavailable || x->op_unavailable(NULL, op) == NULL);
}

const char *sfs_engine_backend_standard_workload(int b)
{
    const sfs_backend *x = sfs_backend_at(b);
    return x ? x->standard_workload : NULL;
}

static const sfs_option *key(int b, int k)
{
    const sfs_option *table = sfs_core_keys;
    if (b >= 0) {
        const sfs_backend *x = sfs_backend_at(b);
        if (!x)
            return NULL;
        table = x->options;
    }
    return k >= 0 && k < sfs_options_count(table) ? &table[k] : NULL;
}

int sfs_engine_key_count(int b)
{
    if (b < 0)
        return sfs_options_count(sfs_core_keys);
    const sfs_backend *x = sfs_backend_at(b);
    return x ? sfs_options_count(x->options) : 0;
}

const char *sfs_engine_key_name(int b, int k)
{
    const sfs_option *o = key(b, k);
    return o ? o->name : NULL;
}

int sfs_engine_key_type(int b, int k)
{
    const sfs_option *o = key(b, k);
    return o ? o->type : 0;
}

double sfs_engine_key_min(int b, int k)
{
    const sfs_option *o = key(b, k);
    return o ? o->min : 0;
}

double sfs_engine_key_max(int b, int k)
{
    const sfs_option *o = key(b, k);
    return o ? o->max : 0;
}

const char *sfs_engine_key_default(int b, int k)
{
    const sfs_option *o = key(b, k);
    return o ? o->def : NULL;
}

const char *sfs_engine_key_help(int b, int k)
{
    const sfs_option *o = key(b, k);
    return o ? o->help : NULL;
}

const char *sfs_engine_op_unavailable(const char *backend, const char *options, int op)
{
    const sfs_backend *b = sfs_backend_find(backend);
    if (b == NULL || b->op_unavailable == NULL || op < 0 || op >= SFS_OP_COUNT)
        return NULL;
    /* a whole configuration around the options: the placeholder target is
     * never opened */
    char text[1024], err[256];
    snprintf(text, sizeof text, "backend=%s\ntarget.0=-\n%s", backend, options ? options : "");
    struct sfs_cfg cfg;
    if (sfs_cfg_parse(text, &cfg, err, sizeof err))
        return NULL;
    const char *why = b->op_unavailable(&cfg, op);
    sfs_cfg_free(&cfg);
    return why;
}
