/* Path -> file handle cache (see nfs3_fhcache.h). */
#include <stdlib.h>
#include <string.h>
#include "nfs3_fhcache.h"

static uint64_t hash_key(const char *k, size_t len)
{
    uint64_t h = 1469598103934665603ULL;          /* FNV-1a */
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)k[i];
        h *= 1099511628211ULL;
    }
    return h;
}

int nfs3_fhcache_init(nfs3_fhcache *c)
{
    c->nslots = 1024;
    c->count = 0;
    c->slots = calloc(c->nslots, sizeof *c->slots);
    return c->slots ? 0 : -1;
}

void nfs3_fhcache_free(nfs3_fhcache *c)
{
    for (size_t i = 0; i < c->nslots; i++) {
        nfs3_fhent *e = c->slots[i];
        while (e) {
            nfs3_fhent *n = e->next;
            free(e);
            e = n;
        }
    }
    free(c->slots);
    c->slots = NULL;
    c->nslots = c->count = 0;
}

static int same(const nfs3_fhent *e, uint64_t h, const char *key, size_t len)
{
    return e->hash == h && strlen(e->key) == len && memcmp(e->key, key, len) == 0;
}

nfs3_fhent *nfs3_fhcache_get(nfs3_fhcache *c, const char *key, size_t len)
{
    uint64_t h = hash_key(key, len);
    for (nfs3_fhent *e = c->slots[h & (c->nslots - 1)]; e; e = e->next)
        if (same(e, h, key, len))
            return e;
    return NULL;
}

static void grow(nfs3_fhcache *c)
{
    size_t n = c->nslots * 2;
    nfs3_fhent **s = calloc(n, sizeof *s);
    if (!s)
        return;                    /* keep the longer chains; still correct */
    for (size_t i = 0; i < c->nslots; i++) {
        nfs3_fhent *e = c->slots[i];
        while (e) {
            nfs3_fhent *next = e->next;
            e->next = s[e->hash & (n - 1)];
            s[e->hash & (n - 1)] = e;
            e = next;
        }
    }
    free(c->slots);
    c->slots = s;
    c->nslots = n;
}

/* the parent entry of key (NULL for "" or an uncached parent) */
static nfs3_fhent *parent_of(nfs3_fhcache *c, const char *key, size_t len)
{
    if (len == 0)
        return NULL;
    size_t p = len;
    while (p > 0 && key[p - 1] != '/')
        p--;
    return nfs3_fhcache_get(c, key, p ? p - 1 : 0);
}

nfs3_fhent *nfs3_fhcache_put(nfs3_fhcache *c, const char *key, size_t len,
                             const char *fh, uint32_t fhlen, int is_dir)
{
    if (fhlen > NFS3_FH_MAX)
        return NULL;
    nfs3_fhent *e = nfs3_fhcache_get(c, key, len);
    if (!e) {
        if (c->count >= c->nslots)
            grow(c);
        e = malloc(sizeof *e + len + 1);
        if (!e)
            return NULL;
        e->hash = hash_key(key, len);
        memcpy(e->key, key, len);
        e->key[len] = '\0';
        e->next = c->slots[e->hash & (c->nslots - 1)];
        c->slots[e->hash & (c->nslots - 1)] = e;
        c->count++;
        e->size = 0;
        e->size_known = 0;
        e->nchild = 0;
        e->uncommitted = 0;
        nfs3_fhent *parent = parent_of(c, key, len);
        if (parent)
            parent->nchild++;
    } else if (e->fh.len != fhlen || memcmp(e->fh.data, fh, fhlen) != 0) {
        e->size_known = 0;         /* a different object now has this name */
    }
    e->fh.len = fhlen;
    memcpy(e->fh.data, fh, fhlen);
    e->is_dir = is_dir;
    return e;
}

void nfs3_fhcache_del(nfs3_fhcache *c, const char *key, size_t len)
{
    uint64_t h = hash_key(key, len);
    nfs3_fhent **pp = &c->slots[h & (c->nslots - 1)];
    for (; *pp; pp = &(*pp)->next) {
        if (same(*pp, h, key, len)) {
            nfs3_fhent *e = *pp;
            *pp = e->next;
            free(e);
            c->count--;
            nfs3_fhent *parent = parent_of(c, key, len);
            if (parent && parent->nchild)
                parent->nchild--;
            return;
        }
    }
}

void nfs3_fhcache_del_under(nfs3_fhcache *c, const char *prefix, size_t len)
{
    nfs3_fhent *dir = nfs3_fhcache_get(c, prefix, len);
    if (dir && dir->nchild == 0)
        return;
    if (dir)
        dir->nchild = 0;
    for (size_t i = 0; i < c->nslots; i++) {
        nfs3_fhent **pp = &c->slots[i];
        while (*pp) {
            nfs3_fhent *e = *pp;
            int under = len == 0 ? e->key[0] != '\0'
                : strncmp(e->key, prefix, len) == 0 && e->key[len] == '/';
            if (under) {
                *pp = e->next;
                free(e);
                c->count--;
            } else {
                pp = &e->next;
            }
        }
    }
}

int nfs3_path_norm(const char *in, char *out, size_t outlen)
{
    size_t o = 0;
    const char *p = in ? in : "";
    while (*p) {
        while (*p == '/')
            p++;
        const char *s = p;
        while (*p && *p != '/')
            p++;
        size_t n = (size_t)(p - s);
        if (n == 0 || (n == 1 && s[0] == '.'))
            continue;
        if (n == 2 && s[0] == '.' && s[1] == '.')
            return -1;
        if (o + (o ? 1 : 0) + n + 1 > outlen)
            return -1;
        if (o)
            out[o++] = '/';
        memcpy(out + o, s, n);
        o += n;
    }
    if (outlen == 0)
        return -1;
    out[o] = '\0';
    return 0;
}

int nfs3_path_join(const char *dir, const char *name, char *out, size_t outlen)
{
    size_t dl = dir ? strlen(dir) : 0, nl = name ? strlen(name) : 0;
    char tmp[dl + nl + 2];
    memcpy(tmp, dir ? dir : "", dl);
    tmp[dl] = '/';
    memcpy(tmp + dl + 1, name ? name : "", nl);
    tmp[dl + nl + 1] = '\0';
    return nfs3_path_norm(tmp, out, outlen);
}
