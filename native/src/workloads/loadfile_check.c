/* sfs_engine_loadfile_check (sfsengine.h): the manager's look at a loadfile before a run. */
#include <stdio.h>
#include <stdint.h>
#include "loadfile.h"
#include "sfsengine.h"

int sfs_engine_loadfile_check(const char *name, const char *text, size_t textlen, char *report,
                              int reportlen)
{
    char err[600];
    lf_file *f = lf_parse_text(name, text, textlen, err, sizeof err);
    if (!f) {
        snprintf(report, (size_t)reportlen, "%s", err);
        return -1;
    }
    size_t locks = 0;
    for (size_t i = 0; i < f->nops; i++)
        locks += f->ops[i].kind == LF_LOCK4 || f->ops[i].kind == LF_UNLOCK4 || f->ops[i].kind == LF_TEST4;
    if (locks == f->nops) {   /* dbench's nfs_lock.load: the replay would issue nothing */
        snprintf(report, (size_t)reportlen, "%s:%u: every op line is LOCK4, UNLOCK4 or TEST4 (NFSv4"
                 " byte-range locks), which no backend issues: the replay would do nothing", name,
                 f->ops[0].line);
        lf_free(f);
        return -1;
    }
    size_t len = 0, cap = (size_t)reportlen;
    len += (size_t)snprintf(report, cap, "%s: %llu lines, %zu op lines, %s", name,
                            (unsigned long long)f->lines, f->nops,
                            f->timestamped ? "timestamped" : "no timestamps");
    const char *sep = "; ";
    for (int k = 0; k < LF_KINDS && len < cap; k++)
        if (f->kind_count[k]) {
            len += (size_t)snprintf(report + len, cap - len, "%s%s=%llu", sep, lf_kind_name(k),
                                    (unsigned long long)f->kind_count[k]);
            sep = " ";
        }
    int n = f->nops > INT32_MAX ? INT32_MAX : (int)f->nops;
    lf_free(f);
    return n;
}
