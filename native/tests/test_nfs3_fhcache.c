/* Unit test (no server): path normalisation and the path -> handle cache. */
#include <stdio.h>
#include <string.h>
#include "nfs3_fhcache.h"
#include "nfs3_shim.h"

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL %s:%d %s\n", __FILE__, __LINE__, #c); fails++; } } while (0)

static const char *norm(const char *in)
{
    static char out[64];
    return nfs3_path_norm(in, out, sizeof out) == 0 ? out : "<err>";
}

int main(void)
{
    CHECK(strcmp(norm("a//b/./c/"), "a/b/c") == 0);
    CHECK(strcmp(norm("/"), "") == 0);
    CHECK(strcmp(norm(""), "") == 0);
    CHECK(strcmp(norm("./x"), "x") == 0);
    CHECK(strcmp(norm("a/../b"), "<err>") == 0);
    CHECK(strcmp(norm("a/..b"), "a/..b") == 0);
    char small[4];
    CHECK(nfs3_path_norm("abcd", small, sizeof small) == -1);
    char j[64];
    CHECK(nfs3_path_join("", "f", j, sizeof j) == 0 && strcmp(j, "f") == 0);
    CHECK(nfs3_path_join("d/e/", "/f", j, sizeof j) == 0 && strcmp(j, "d/e/f") == 0);
    CHECK(nfs3_path_join(NULL, NULL, j, sizeof j) == 0 && strcmp(j, "") == 0);

    nfs3_fhcache c;
    CHECK(nfs3_fhcache_init(&c) == 0);
    char fh[8] = "handle1";
    CHECK(nfs3_fhcache_put(&c, "", 0, fh, 8, 1) != NULL);
    for (int d = 0; d < 7; d++) {              /* parents before children, as the client does */
        char k[8];
        snprintf(k, sizeof k, "d%d", d);
        CHECK(nfs3_fhcache_put(&c, k, strlen(k), fh, 8, 1) != NULL);
    }
    CHECK(nfs3_fhcache_get(&c, "", 0)->nchild == 7);
    /* enough entries to force several table doublings */
    for (int i = 0; i < 5000; i++) {
        char k[32];
        snprintf(k, sizeof k, "d%d/f%d", i % 7, i);
        fh[0] = (char)i;
        CHECK(nfs3_fhcache_put(&c, k, strlen(k), fh, 8, 0) != NULL);
    }
    CHECK(c.count == 5008);
    CHECK(nfs3_fhcache_get(&c, "d3", 2)->nchild == 714);   /* i % 7 == 3 for i < 5000 */
    nfs3_fhent *e = nfs3_fhcache_get(&c, "d3/f10", 6);
    CHECK(e && e->fh.len == 8 && e->fh.data[0] == 10 && !e->is_dir);
    /* lookup by prefix length of a longer string */
    CHECK(nfs3_fhcache_get(&c, "d3/f10/zzz", 6) == e);
    CHECK(nfs3_fhcache_get(&c, "d1/f1", 5) != NULL);
    CHECK(nfs3_fhcache_get(&c, "d3/f", 4) == NULL);
    /* replacing the handle of a name forgets the remembered size */
    e->size = 77; e->size_known = 1;
    fh[0] = 99;
    CHECK(nfs3_fhcache_put(&c, "d3/f10", 6, fh, 8, 0) == e && !e->size_known);
    nfs3_fhcache_del(&c, "d3/f10", 6);
    CHECK(nfs3_fhcache_get(&c, "d3/f10", 6) == NULL && c.count == 5007);
    CHECK(nfs3_fhcache_get(&c, "d3", 2)->nchild == 713);
    /* everything under d3 goes, d30-like siblings and d3 itself stay */
    CHECK(nfs3_fhcache_put(&c, "d30/x", 5, fh, 8, 0) != NULL);
    nfs3_fhcache_del_under(&c, "d3", 2);
    CHECK(nfs3_fhcache_get(&c, "d3", 2)->nchild == 0);
    CHECK(nfs3_fhcache_get(&c, "d3/f3", 5) == NULL);
    CHECK(nfs3_fhcache_get(&c, "d3", 2) != NULL);
    CHECK(nfs3_fhcache_get(&c, "d30/x", 5) != NULL);
    CHECK(nfs3_fhcache_get(&c, "d4/f4", 5) != NULL);
    /* a childless directory is not scanned for (and does not lose) anything */
    CHECK(nfs3_fhcache_put(&c, "e", 1, fh, 8, 1) != NULL);
    size_t before = c.count;
    nfs3_fhcache_del_under(&c, "e", 1);
    CHECK(c.count == before);
    char big[NFS3_FH_MAX + 1] = { 0 };
    CHECK(nfs3_fhcache_put(&c, "toolong", 7, big, sizeof big, 0) == NULL);
    nfs3_fhcache_free(&c);

    CHECK(nfs3_errno(NFS3ERR_NOENT) == -2 && nfs3_errno(NFS3_OK) == 0);
    CHECK(strcmp(nfs3_stat_name(NFS3ERR_STALE), "NFS3ERR_STALE") == 0);
    CHECK(nfs3_errno(12345) == -5);
    printf("%s: %d failure(s)\n", __FILE__, fails);
    return fails != 0;
}
