/* Which event loop drives which proc of an async backend (docs/engine.md,
 * Event loops): how many loops, the procs of every target spread over them,
 * and room for their connections' fds. */
#include <stdlib.h>
#include <string.h>
#include "engine_internal.h"
#include "platform.h"

/* The event loops of an async backend: the 'loops' key, or the online
 * CPUs, never more than the procs. */
int sfs_loop_count(const sfs_engine *e)
{
    long n = e->cfg.loops;
    if (n <= 0) n = sfs_online_cpus();
    if (n < 1) n = 1;
    return n < e->nprocs ? (int)n : e->nprocs;
}

struct placed { const char *target; int i; };

static int by_target(const void *a, const void *b)
{
    const struct placed *x = a, *y = b;
    int c = strcmp(x->target, y->target);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* Spread the procs of every target over the loops in turn (so each target
 * uses every loop and the loops get equal shares), before the backends
 * open: they share a connection only within one loop (cfg->proc_slot). */
static int place(sfs_engine *e, int loops)
{
    int n = e->nprocs;
    struct placed *order = malloc((size_t)n * sizeof *order);
    int *rank = calloc((size_t)loops, sizeof *rank);
    e->cfg.proc_loop = malloc((size_t)n * sizeof *e->cfg.proc_loop);
    e->cfg.proc_slot = malloc((size_t)n * sizeof *e->cfg.proc_slot);
    if (!order || !rank || !e->cfg.proc_loop || !e->cfg.proc_slot) {
        free(order);
        free(rank);
        return -1;
    }
    for (int i = 0; i < n; i++) order[i] = (struct placed){ e->cfg.target[i], i };
    qsort(order, (size_t)n, sizeof *order, by_target);
    for (int k = 0; k < n; k++) {
        int i = order[k].i;
        if (k > 0 && strcmp(order[k].target, order[k - 1].target) != 0)
            memset(rank, 0, (size_t)loops * sizeof *rank);
        int l = k % loops;
        e->cfg.proc_loop[i] = l;
        e->cfg.proc_slot[i] = rank[l]++;
    }
    free(order);
    free(rank);
    return 0;
}

int sfs_place_procs(sfs_engine *e)
{
    /* an async backend keeps up to a connection per proc in one process */
    sfs_proc_fd_room((long)e->nprocs * 2 + 256);
    return place(e, sfs_loop_count(e));
}
