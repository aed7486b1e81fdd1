/* Registries of backends and workloads, filled by constructors that each
 * backend/workload file declares with SFS_REGISTER_BACKEND/_WORKLOAD, so no
 * central table has to be edited when one is added. Constructors run at
 * library load, before any API call, single-threaded; entries are kept
 * sorted by name so listings and catalog indexes are stable. */
#include <stdio.h>
#include <string.h>
#include "backend.h"
#include "workload.h"
#include "sfsengine.h"
#include "options.h"
#include "config.h"

#define SFS_REGISTRY_MAX 32

static const sfs_backend *backends[SFS_REGISTRY_MAX];
static int nbackends;
static const sfs_workload *workloads[SFS_REGISTRY_MAX];
static int nworkloads;

/* insert p at its sorted place; name_of reads an entry's name */
static void insert_sorted(const void **list, int *n, const void *p, const char *name,
                          const char *(*name_of)(const void *))
{
    if (*n >= SFS_REGISTRY_MAX)
        return;
    int i = *n;
    while (i > 0 && strcmp(name_of(list[i - 1]), name) > 0) {
        list[i] = list[i - 1];
        i--;
    }
    list[i] = p;
    (*n)++;
}

static const char *backend_name(const void *p) { return ((const sfs_backend *)p)->name; }
static const char *workload_name(const void *p) { return ((const sfs_workload *)p)->name; }

void sfs_backend_register(const sfs_backend *b)
{
    insert_sorted((const void **)backends, &nbackends, b, b->name, backend_name);
}

void sfs_workload_register(const sfs_workload *w)
{
    insert_sorted((const void **)workloads, &nworkloads, w, w->name, workload_name);
}

int sfs_backend_count(void)
{
    return nbackends;
}

const sfs_backend *sfs_backend_at(int i)
{
    return i >= 0 && i < nbackends ? backends[i] : NULL;
}

int sfs_workload_count(void)
{
    return nworkloads;
}

const sfs_workload *sfs_workload_at(int i)
{
    return i >= 0 && i < nworkloads ? workloads[i] : NULL;
}

int sfs_workload_runs_on(const sfs_workload *w, const sfs_backend *b)
{
    return (w->ops & ~b->ops) == 0;
}

const char *sfs_backend_with_option(const char *key)
{
    for (int i = 0; i < nbackends; i++)
        if (sfs_options_find(backends[i]->options, key) >= 0)
            return backends[i]->name;
    return NULL;
}

const sfs_backend *sfs_backend_find(const char *name)
{
    for (int i = 0; name && i < nbackends; i++)
        if (strcmp(backends[i]->name, name) == 0)
            return backends[i];
    return NULL;
}

int sfs_backend_open_elsewhere(const struct sfs_cfg *cfg, int proc, const char *root, void **ctx,
                               char *err, size_t errlen)
{
    (void)proc; (void)root; (void)ctx;
    const sfs_backend *b = sfs_backend_find(cfg->backend);
    snprintf(err, errlen, "%s", b && b->elsewhere ? b->elsewhere : "not a backend of this engine");
    return -1;
}

const sfs_workload *sfs_workload_find(const char *name)
{
    for (int i = 0; name && i < nworkloads; i++)
        if (strcmp(workloads[i]->name, name) == 0)
            return workloads[i];
    return NULL;
}

static const char *join(const char *const *names, int n, char *buf, size_t len)
{
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i) strncat(buf, " ", len - strlen(buf) - 1);
        strncat(buf, names[i], len - strlen(buf) - 1);
    }
    return buf;
}

const char *sfs_backend_names(void)
{
    static char buf[512];
    const char *names[SFS_REGISTRY_MAX];
    for (int i = 0; i < nbackends; i++) names[i] = backends[i]->name;
    return join(names, nbackends, buf, sizeof buf);
}

const char *sfs_workload_names(void)
{
    static char buf[512];
    const char *names[SFS_REGISTRY_MAX];
    for (int i = 0; i < nworkloads; i++) names[i] = workloads[i]->name;
    return join(names, nworkloads, buf, sizeof buf);
}

/* "posix; smb: libsmb2 6.2 (default), ..." -- the backends that name libraries */
const char *sfs_backend_libraries(void)
{
    static char buf[512];
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < nbackends && o < sizeof buf; i++)
        if (backends[i]->libraries && backends[i]->libraries()[0])
            o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s: %s", o ? "; " : "",
                                  backends[i]->name, backends[i]->libraries());
    return buf;
}
