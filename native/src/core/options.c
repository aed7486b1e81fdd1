/* The one parser of declared keys (options.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <math.h>
#include "options.h"

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

int sfs_options_count(const sfs_option *opts)
{
    int n = 0;
    while (opts && opts[n].name)
        n++;
    return n;
}

int sfs_options_find(const sfs_option *opts, const char *name)
{
    for (int i = 0; opts && opts[i].name; i++)
        if (strcmp(opts[i].name, name) == 0)
            return i;
    return -1;
}

static void store_int(const sfs_option *o, void *base, long long x)
{
    char *dst = (char *)base + o->offset;
    if (o->size == sizeof(int64_t)) {
        int64_t v = x;
        memcpy(dst, &v, sizeof v);
    } else {
        int32_t v = (int32_t)x;
        memcpy(dst, &v, sizeof v);
    }
}

/* CHOICE: index of value among the '|' separated words of help, or -1 */
static int choice_index(const char *words, const char *value)
{
    size_t len = strlen(value);
    int i = 0;
    for (const char *p = words; *p; i++) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        if (n == len && strncmp(p, value, n) == 0)
            return i;
        if (!bar)
            break;
        p = bar + 1;
    }
    return -1;
}

int sfs_choice_word(const char *words, int i, char *out, size_t len)
{
    const char *p = i < 0 ? NULL : words;
    for (int k = 0; k < i && p; k++) {
        p = strchr(p, '|');
        if (p)
            p++;
    }
    if (!p)
        return -1;
    const char *bar = strchr(p, '|');
    size_t n = bar ? (size_t)(bar - p) : strlen(p);
    if (n >= len)
        return -1;
    memcpy(out, p, n);
    out[n] = '\0';
    return 0;
}

int sfs_option_set(const sfs_option *o, void *base, int line, const char *v,
                   char *err, size_t errlen)
{
    char where[32] = "default";
    if (line > 0)
        snprintf(where, sizeof where, "config line %d", line);
    switch (o->type) {
    case SFS_KEY_INT: {
        char *end;
        errno = 0;
        long long x = strtoll(v, &end, 10);
        if (!*v || *end || errno)
            BAD("%s: %s=%s is not an integer", where, o->name, v);
        if (x < (long long)o->min || x > (long long)o->max)
            BAD("%s: %s=%s out of range (allowed %lld..%lld)", where, o->name, v,
                (long long)o->min, (long long)o->max);
        store_int(o, base, x);
        return 0;
    }
    case SFS_KEY_NUM: {
        char *end;
        errno = 0;
        double x = strtod(v, &end);
        if (!*v || *end || errno || !isfinite(x))
            BAD("%s: %s=%s is not a number", where, o->name, v);
        if (x < o->min || x > o->max)
            BAD("%s: %s=%s out of range (allowed %g..%g)", where, o->name, v, o->min, o->max);
        memcpy((char *)base + o->offset, &x, sizeof x);
        return 0;
    }
    case SFS_KEY_TEXT:
    case SFS_KEY_SECRET:
        if (strlen(v) >= o->size)
            BAD("%s: %s is too long (at most %zu characters)", where, o->name, o->size - 1);
        memcpy((char *)base + o->offset, v, strlen(v) + 1);
        return 0;
    case SFS_KEY_CHOICE: {
        int i = choice_index(o->help, v);
        if (i < 0)
            BAD("%s: %s=%s: allowed %s", where, o->name, v, o->help);
        store_int(o, base, i);
        return 0;
    }
    default:
        BAD("%s: %s has its own syntax and no generic parser", where, o->name);
    }
}

int sfs_options_defaults(const sfs_option *opts, void *base, char *err, size_t errlen)
{
    for (int i = 0; opts && opts[i].name; i++)
        if (opts[i].def && opts[i].type != SFS_KEY_SPECIAL &&
            sfs_option_set(&opts[i], base, 0, opts[i].def, err, errlen))
            return -1;
    return 0;
}

void sfs_options_scrub(const sfs_option *opts, void *base)
{
    for (int i = 0; base && opts && opts[i].name; i++)
        if (opts[i].type == SFS_KEY_SECRET)
            memset((char *)base + opts[i].offset, 0, opts[i].size);
}
