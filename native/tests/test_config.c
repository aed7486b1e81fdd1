/* Config parsing: defaults, values, errors naming key and value. */
#include <string.h>
#include "check.h"
#include "config.h"
#include "options.h"
#include "backend.h"

/* value of the chosen backend's int option 'name' */
static int backend_int(const struct sfs_cfg *c, const char *name)
{
    const sfs_backend *b = sfs_backend_find(c->backend);
    int i = sfs_options_find(b->options, name);
    int v;
    memcpy(&v, (const char *)c->backend_opts + b->options[i].offset, sizeof v);
    return v;
}

static int parse(const char *text, struct sfs_cfg *c, char *err)
{
    return sfs_cfg_parse(text, c, err, 512);
}

int main(void)
{
    struct sfs_cfg c;
    char err[512];

    CHECK(parse("target.0=/tmp\n", &c, err) == 0, "%s", err);
    CHECK(c.procs == 1 && c.access_pcnt == 30 && c.dir_count == 30 && c.symlink_count == 20 &&
          c.append_pcnt == 70 && backend_int(&c, "biod_reads") == 2 &&
          backend_int(&c, "biod_writes") == 2 &&
          strcmp(c.root, "sfs_bench") == 0 && c.fileset_mb_per_op == 120.0,
          "defaults");
    sfs_cfg_free(&c);

    CHECK(parse("# comment\nbackend=posix\nprocs=3\nproc_first=8\ntarget.0=/a\ntarget.2=/c\n"
                "rate=12.5\nmix=getattr:50,read:50\ndebug=3,4,8-10\nseed=0x10\narrival=poisson\n"
                "biod_reads=5\n", &c, err) == 0, "%s", err);
    CHECK(backend_int(&c, "biod_reads") == 5 && sfs_cfg_given(&c, "biod_reads") &&
          !sfs_cfg_given(&c, "biod_writes"), "backend option");
    CHECK(c.procs == 3 && c.proc_first == 8 && c.rate == 12.5 && c.seed == 16 && c.poisson == 1, "values");
    CHECK(strcmp(c.target[0], "/a") == 0 && strcmp(c.target[1], "/a") == 0 &&
          strcmp(c.target[2], "/c") == 0, "targets default to target.0");
    CHECK(c.mix_set && c.mix[1] == 50 && c.mix[6] == 50, "mix");
    CHECK(c.debug == ((1ULL << 3) | (1ULL << 4) | (1ULL << 8) | (1ULL << 9) | (1ULL << 10)),
          "debug mask %llx", (unsigned long long)c.debug);
    sfs_cfg_free(&c);

    CHECK(parse("target.0=/tmp\nprocz=2\n", &c, err) != 0 && strstr(err, "procz") && strstr(err, "line 2"),
          "unknown key named: %s", err);
    CHECK(parse("target.0=/tmp\nrate=fast\n", &c, err) != 0 && strstr(err, "rate=fast"),
          "bad value named: %s", err);
    CHECK(parse("target.0=/tmp\naccess_pcnt=0\n", &c, err) != 0 && strstr(err, "access_pcnt=0"),
          "range: %s", err);
    CHECK(parse("target.0=/tmp\nmix=getattr:50,bogus:50\n", &c, err) != 0 && strstr(err, "bogus"),
          "mix op: %s", err);
    CHECK(parse("target.0=/tmp\nmix=getattr:50\n", &c, err) != 0 && strstr(err, "100"),
          "mix sum: %s", err);
    CHECK(parse("rate=1\n", &c, err) != 0 && strstr(err, "target.0"), "target missing: %s", err);
    CHECK(parse("target.0=/tmp\ntarget.1=/x\n", &c, err) != 0 && strstr(err, "target.1"),
          "target beyond procs: %s", err);
    CHECK(parse("target.0=/tmp\npassword=hunter2\nbogus\n", &c, err) != 0 && !strstr(err, "hunter2"),
          "password never echoed: %s", err);
    CHECK(parse("target.0=/tmp\nbiod_reads=33\n", &c, err) != 0 && strstr(err, "0..32") &&
          strstr(err, "line 2"), "backend option range: %s", err);
    if (sfs_backend_find("smb")) {
        CHECK(parse("target.0=/tmp\npassword=hunter2\n", &c, err) != 0 && strstr(err, "backend smb") &&
              !strstr(err, "hunter2"), "another backend's option: %s", err);
        CHECK(parse("backend=smb\ntarget.0=//h/s\npassword=hunter2\n", &c, err) == 0, "%s", err);
        sfs_cfg_free(&c);
    }
    CHECK(parse("target.0=/tmp\nroot=../up\n", &c, err) != 0 && strstr(err, "root"), "root: %s", err);
    /* every key documented in docs/engine.md is known to the parser */
    FILE *f = fopen(SFS_SOURCE_DIR "/../docs/engine.md", "r");
    CHECK(f != NULL, "docs/engine.md");
    char line[1024];
    int keys = 0, backend_table = 0;
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "Backend options:", 16) == 0) backend_table = 1;
        if (strncmp(line, "| `", 3) != 0) continue;
        char *end = strstr(line + 1, " |");   /* first column only */
        if (!end) continue;
        *end = '\0';
        /* backend options: is any of the backends in the second column built? */
        int owner_built = !backend_table;
        char owners[256];
        snprintf(owners, sizeof owners, "%s", end + 2);
        char *bar = strchr(owners, '|');
        if (bar) *bar = '\0';
        for (char *sv, *b = strtok_r(owners, " ,", &sv); b; b = strtok_r(NULL, " ,", &sv))
            if (sfs_backend_find(b)) owner_built = 1;
        for (char *k = strchr(line, '`'); k; k = strchr(k, '`')) {
            char *close = strchr(k + 1, '`');
            if (!close) break;
            *close = '\0';
            char key[64], text[256];
            snprintf(key, sizeof key, "%s", k + 1);
            if (strcmp(key, "target.N") == 0) snprintf(key, sizeof key, "target.0");
            snprintf(text, sizeof text, "target.0=/tmp\n%s=@\n", key);
            int rc = parse(text, &c, err);
            /* a backend left out of the build (SFS_WITH_*=OFF) takes its options along */
            CHECK(rc == 0 || !strstr(err, "unknown key") || !owner_built,
                  "documented key %s unknown: %s", key, err);
            if (rc == 0) sfs_cfg_free(&c);
            keys++;
            k = close + 1;
        }
    }
    if (f) fclose(f);
    CHECK(keys >= 28, "found %d documented keys", keys);
    return check_result("test_config");
}
