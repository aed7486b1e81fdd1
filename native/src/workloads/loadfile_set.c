/* loadfile_dir: a set of loadfiles, one per proc (a capture's recorded
 * clients): proc i of the engine replays the i-th file of the folder by
 * name.  The agent writes the folder with names that sort in its procs'
 * order; names starting with '.' (a copy being written) are not files of
 * the set. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include "loadfile.h"

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int lf_set_pick(const char *dir, int index, int count, char *path, size_t len, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "loadfile_dir=%s: cannot open the folder", dir);
        return -1;
    }
    char **names = NULL;
    int n = 0, cap = 0, rc = -1;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            char **g = realloc(names, (size_t)(cap = cap ? cap * 2 : 64) * sizeof *g);
            if (!g) { snprintf(err, errlen, "loadfile_dir: out of memory"); goto out; }
            names = g;
        }
        if (!(names[n] = strdup(e->d_name))) { snprintf(err, errlen, "loadfile_dir: out of memory"); goto out; }
        n++;
    }
    if (n != count) {
        snprintf(err, errlen, "loadfile_dir=%s: %d loadfiles for %d procs (one loadfile per proc)", dir, n, count);
        goto out;
    }
    qsort(names, (size_t)n, sizeof *names, by_name);
    if ((size_t)snprintf(path, len, "%s/%s", dir, names[index]) >= len) {
        snprintf(err, errlen, "loadfile_dir=%s: the path of %s is too long", dir, names[index]);
        goto out;
    }
    rc = 0;
out:
    closedir(d);
    for (int i = 0; i < n; i++) free(names[i]);
    free(names);
    return rc;
}
