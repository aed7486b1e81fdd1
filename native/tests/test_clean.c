/* sfs_engine_clean on the posix backend: a dry run counts without removing;
 * a clean removes the matching folders with everything in them (files,
 * nested folders, symlinks) and leaves other names alone. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "check.h"
#include "sfsengine.h"

static void put(const char *dir, const char *rel, size_t bytes)
{
    char p[600];
    snprintf(p, sizeof p, "%s/%s", dir, rel);
    FILE *f = fopen(p, "w");
    CHECK(f != NULL, "create %s", p);
    if (!f) return;
    for (size_t i = 0; i < bytes; i++) fputc('x', f);
    fclose(f);
}

static void md(const char *dir, const char *rel)
{
    char p[600];
    snprintf(p, sizeof p, "%s/%s", dir, rel);
    CHECK(mkdir(p, 0755) == 0, "mkdir %s", p);
}

static int exists(const char *dir, const char *rel)
{
    char p[600];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", dir, rel);
    return lstat(p, &st) == 0;
}

int main(void)
{
    char dir[] = "/tmp/sfs_clean_test.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    md(dir, "sfs_a"); md(dir, "sfs_a/p0000"); md(dir, "sfs_a/p0000/d00000");
    put(dir, "sfs_a/p0000/d00000/f0000000", 1000);
    put(dir, "sfs_a/p0000/d00000/f0000001", 24);
    md(dir, "sfs_a/p0000/links");
    char link[600];
    snprintf(link, sizeof link, "%s/sfs_a/p0000/links/l00000", dir);
    CHECK(symlink("../d00000/f0000000", link) == 0, "symlink");
    md(dir, "sfs_b"); put(dir, "sfs_b/x", 5);
    md(dir, "other"); put(dir, "other/keep", 3);
    put(dir, "sfs_file", 7);     /* a file, not a file set */

    char cfg[1024], rep[4096];
    snprintf(cfg, sizeof cfg, "backend=posix\nprocs=2\ntarget.0=%s\ntarget.1=%s\n", dir, dir);

    /* dry run: one line per folder, the symlink counted as a file of its length */
    int rc = sfs_engine_clean(cfg, "sfs_a", 1, rep, sizeof rep);
    char want[700];
    snprintf(want, sizeof want, "%s\tsfs_a\t3\t4\t%d\tfound\n", dir, 1000 + 24 + 18);
    CHECK(rc == 0 && strcmp(rep, want) == 0, "dry run: rc %d, report '%s', want '%s'", rc, rep, want);
    CHECK(exists(dir, "sfs_a/p0000/d00000/f0000000"), "dry run removes nothing");

    /* one suffix */
    rc = sfs_engine_clean(cfg, "sfs_a", 0, rep, sizeof rep);
    CHECK(rc == 0 && strstr(rep, "\tsfs_a\t3\t4\t1042\tremoved\n"), "clean sfs_a: rc %d, '%s'", rc, rep);
    CHECK(!exists(dir, "sfs_a"), "sfs_a removed");
    CHECK(exists(dir, "sfs_b/x"), "sfs_b kept");

    /* every file set; the same target twice is cleaned once */
    rc = sfs_engine_clean(cfg, "sfs_*", 0, rep, sizeof rep);
    snprintf(want, sizeof want, "%s\tsfs_b\t1\t1\t5\tremoved\n", dir);
    CHECK(rc == 0 && strcmp(rep, want) == 0, "clean sfs_*: rc %d, '%s'", rc, rep);
    CHECK(!exists(dir, "sfs_b") && exists(dir, "other/keep") && exists(dir, "sfs_file"),
          "only sfs_ folders removed");

    /* nothing left: an empty report; errors are named */
    rc = sfs_engine_clean(cfg, "sfs_*", 0, rep, sizeof rep);
    CHECK(rc == 0 && rep[0] == '\0', "nothing to clean: rc %d, '%s'", rc, rep);
    rc = sfs_engine_clean("backend=posix\ntarget.0=/nonexistent/sfs\n", "sfs_*", 0, rep, sizeof rep);
    CHECK(rc == 1 && strstr(rep, "/nonexistent/sfs\t-\t") && strstr(rep, "error:"), "missing target: %d '%s'", rc, rep);
    rc = sfs_engine_clean(cfg, "a/b", 0, rep, sizeof rep);
    CHECK(rc == -1 && strstr(rep, "pattern"), "bad pattern: %d '%s'", rc, rep);

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "cleanup");
    return check_result("test_clean");
}
