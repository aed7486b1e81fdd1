/* After parsing (loadfile.h): which paths are directories, and what each
 * Deltree removes, in an order that empties every directory before it goes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "loadfile.h"

static int is_wild(const char *s)
{
    return strpbrk(s, "*?<>\"") != NULL;
}

static int depth(const char *s)
{
    int d = *s != '\0';
    for (; *s; s++) d += *s == '/';
    return d;
}

/* directories: made as such, listed, or the parent of another path */
int lf_mark_dirs(lf_file *f, uint32_t (*intern)(void *ctx, const char *s), void *ctx)
{
    for (size_t i = 0; i < f->nops; i++) {
        lf_op *op = &f->ops[i];
        int dir = op->kind == LF_MKDIR || op->kind == LF_RMDIR || op->kind == LF_MKDIR3 ||
                  op->kind == LF_RMDIR3 || op->kind == LF_SMB_MKDIR || op->kind == LF_SMB_RMDIR ||
                  op->kind == LF_SMB_READDIR || op->kind == LF_READDIRPLUS3 ||
                  op->kind == LF_DELTREE || (op->kind == LF_NTCREATEX && (op->arg0 & 1));
        if (dir && op->path != LF_NONE) f->paths[op->path].is_dir = 1;
    }
    for (uint32_t i = 0; i < f->npaths; i++) {   /* npaths grows: parents of parents */
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", f->paths[i].s);
        char *slash = strrchr(buf, '/');
        if (!slash) continue;
        *slash = '\0';
        uint32_t d = intern(ctx, buf);
        if (d == LF_NONE) return -1;
        f->paths[d].is_dir = 1;
    }
    return 0;
}

static const lf_path *sort_paths;
static int by_removal_order(const void *a, const void *b)
{
    const lf_path *x = &sort_paths[*(const uint32_t *)a], *y = &sort_paths[*(const uint32_t *)b];
    if (x->is_dir != y->is_dir) return x->is_dir - y->is_dir;   /* files first */
    return depth(y->s) - depth(x->s);                            /* deepest first */
}

/* each Deltree: the known paths under its directory in removal order */
int lf_build_trees(lf_file *f)
{
    size_t cap = 0;
    uint32_t *under = malloc((f->npaths + 1) * sizeof *under);
    if (!under) return -1;
    for (size_t i = 0; i < f->nops; i++) {
        lf_op *op = &f->ops[i];
        if (op->kind != LF_DELTREE) continue;
        const char *root = f->paths[op->path].s;
        size_t rl = strlen(root), n = 0;
        for (uint32_t j = 0; j < f->npaths; j++) {
            const char *s = f->paths[j].s;
            if (j == op->path || is_wild(s)) continue;
            if (rl == 0 ? *s != '\0' : strncmp(s, root, rl) == 0 && s[rl] == '/')
                under[n++] = j;
        }
        sort_paths = f->paths;
        qsort(under, n, sizeof *under, by_removal_order);
        under[n++] = op->path;
        if (f->ntree + n > cap) {
            size_t c = cap ? cap * 2 : 1024;
            while (c < f->ntree + n) c *= 2;
            uint32_t *t = realloc(f->tree, c * sizeof *t);
            if (!t) { free(under); return -1; }
            f->tree = t;
            cap = c;
        }
        op->arg0 = (uint32_t)f->ntree;
        op->arg1 = (uint32_t)n;
        memcpy(f->tree + f->ntree, under, n * sizeof *under);
        f->ntree += n;
    }
    free(under);
    return 0;
}
