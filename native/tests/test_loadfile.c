/* workload=loadfile: both loadfile formats parse (fixtures in loadfiles/),
 * bad lines are refused with their number, and a replay on posix meets the
 * expected statuses (0 errors), gives the same op counts twice, keeps
 * every client in its own clients/clientN directory, and paces by the
 * timestamps or a target MB/s when asked. */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <dirent.h>
#include <sys/stat.h>
#include <time.h>
#include "check.h"
#include "sfsengine.h"
#include "sfs_ops.h"
#include "loadfile.h"

#define FIXTURE(name) SFS_SOURCE_DIR "/tests/loadfiles/" name

static uint64_t s[SFS_SAMPLE_WORDS];

static void parse_formats(void)
{
    char err[600];
    lf_file *f = lf_parse(FIXTURE("classic.txt"), err, sizeof err);
    CHECK(f != NULL, "classic: %s", err);
    if (f) {
        CHECK(!f->timestamped && f->nops == 25, "classic: %zu ops", f->nops);
        CHECK(f->kind_count[LF_WRITEX] == 100 && f->kind_count[LF_READX] == 100, "REPEAT counted");
        CHECK(f->kind_count[LF_NTCREATEX] == 5 && f->kind_count[LF_DELTREE] == 2, "op kinds");
        const lf_op *open = &f->ops[6];
        CHECK(open->kind == LF_NTCREATEX && open->handle == 9935 && open->arg0 == 0x40 &&
              open->arg1 == 1 && open->expect == LF_EXPECT_ERRNO && open->err == ENOENT,
              "NTCreateX fields and NT_STATUS_OBJECT_NAME_NOT_FOUND");
        const lf_path *p = &f->paths[open->path];
        CHECK(strcmp(p->s, "clients/client1/missing.doc") == 0 && p->client_at == 8,
              "backslashes, leading / and the client component: %s %d", p->s, p->client_at);
        const lf_op *w = &f->ops[11];
        CHECK(w->kind == LF_WRITEX && w->repeat == 100 && f->nums[w->num[0]].kind == LF_NUM_PREV &&
              f->nums[w->num[0]].v[0] == 4096, "REPEAT 100 WriteX +4096");
        const lf_num *r = &f->nums[f->ops[19].num[0]];
        CHECK(r->kind == LF_NUM_RANDOM && r->nq == 2 && r->q[0] == '%' && r->v[0] == 409600 &&
              r->q[1] == '/' && r->v[1] == 4096, "*%%409600/4096");
        const lf_op *d = &f->ops[0];
        CHECK(d->kind == LF_DELTREE && d->arg1 >= 4 && f->tree[d->arg0 + d->arg1 - 1] == d->path,
              "Deltree removes the known tree, its root last (%u entries)", d->arg1);
        CHECK(!f->paths[f->tree[d->arg0]].is_dir, "files before directories");
        lf_free(f);
    }
    f = lf_parse(FIXTURE("nfs.load"), err, sizeof err);
    CHECK(f != NULL, "nfs: %s", err);
    if (f) {
        CHECK(f->timestamped && f->nops == 26, "nfs: %zu ops", f->nops);
        CHECK(f->ops[3].kind == LF_CREATE3 && f->ops[3].t_us == 10000, "timestamp 0.010 s");
        CHECK(f->ops[1].expect == LF_EXPECT_ANY && f->ops[2].expect == LF_EXPECT_OK, "* and 0x0");
        CHECK(f->ops[9].kind == LF_LOOKUP3 && f->ops[9].expect == LF_EXPECT_ERRNO &&
              f->ops[9].err == ENOENT, "0x00000002 = NFS3ERR_NOENT");
        CHECK(f->kind_count[LF_WRITE3] == 21 && f->kind_count[LF_READ3] == 20, "REPEAT");
        lf_free(f);
    }
    f = lf_parse(FIXTURE("smb.load"), err, sizeof err);
    CHECK(f != NULL, "smb: %s", err);
    if (f) {
        CHECK(f->timestamped && f->kind_count[LF_SMB_WRITE] == 11, "smb ops");
        const lf_op *o = &f->ops[2];
        CHECK(o->kind == LF_SMB_OPEN && o->arg0 == 0x0c && o->handle == o->path, "OPEN keyed by path");
        CHECK(f->ops[9].expect == LF_EXPECT_FAIL, "ERROR");
        lf_free(f);
    }
}

/* each bad text must be refused at line 2 with the given words */
static void refuse(const char *line2, const char *why)
{
    char text[600], err[600] = "";
    snprintf(text, sizeof text, "NTCreateX \"\\a\" 0x0 0x2 1 NT_STATUS_OK\n%s\nClose 2 NT_STATUS_OK\n",
             line2);
    lf_file *f = lf_parse_text("bad.txt", text, strlen(text), err, sizeof err);
    CHECK(f == NULL, "accepted: %s", line2);
    lf_free(f);
    CHECK(strncmp(err, "bad.txt:2: ", 11) == 0 && strstr(err, why), "'%s' -> '%s' (want %s)", line2, err, why);
}

/* dbench skips a line whose first field starts with '#' before any quote handling, so a
 * comment with an unbalanced quote (dbench's own nfs.load) is no error in either format */
static void comments(void)
{
    char err[600] = "";
    const char classic[] = "# he said \"hi\n  #x\"\nNTCreateX \"\\a\" 0x0 0x2 1 NT_STATUS_OK\n"
                           "Close 1 NT_STATUS_OK\n";
    lf_file *f = lf_parse_text("c.txt", classic, sizeof classic - 1, err, sizeof err);
    CHECK(f && f->nops == 2, "classic comment with a quote: %s", err);
    lf_free(f);
    const char stamped[] = "0.1 MKDIR \"/a\" SUCCESS\n# the \"stable' field.\n0.2 RMDIR \"/a\" SUCCESS\n";
    f = lf_parse_text("s.load", stamped, sizeof stamped - 1, err, sizeof err);
    CHECK(f && f->nops == 2, "timestamped comment with a quote: %s", err);
    lf_free(f);
}

/* dbench's LOOP/ENDLOOP and RANDOMSTRING with $N, as its own nfs_2.load uses them */
static void macros(void)
{
    char err[600] = "";
    const char text[] = "RANDOMSTRING 1 \"/test[0123456789][ab].file\"\n# loop\nLOOP 3\n"
                        "CREATE3 $1 *\nREPEAT 2\nWRITE3 $1 0 1024 0 0x00000000\nENDLOOP\nREMOVE3 $1 *\n";
    lf_file *f = lf_parse_text("m.load", text, sizeof text - 1, err, sizeof err);
    CHECK(f != NULL, "macros: %s", err);
    if (f) {
        CHECK(f->nops == 7 && f->kind_count[LF_CREATE3] == 3 && f->kind_count[LF_WRITE3] == 6,
              "LOOP 3 of 2 lines: %zu ops", f->nops);
        const char *name = f->paths[f->ops[0].path].s;
        CHECK(strlen(name) == strlen("test0a.file") && strncmp(name, "test", 4) == 0 &&
              strchr("0123456789", name[4]) && strchr("ab", name[5]) && f->ops[6].path == f->ops[0].path,
              "one random name for every $1: %s", name);
        CHECK(f->ops[5].line == 6 && f->lines == 8, "line numbers of the loop body: %u", f->ops[5].line);
        lf_free(f);
    }
    static const struct { const char *text, *why; } bad[] = {
        { "LOOP 2\nGETATTR3 \"/a\" *\n", "o.load:2: the LOOP of line 1 has no ENDLOOP" },
        { "LOOP 2\nLOOP 2\n", "o.load:2: LOOP inside the LOOP of line 1" },
        { "RANDOMSTRING 1 \"x[ab]\"\nGETATTR3 /$2 *\n", "o.load:2: $2 names no RANDOMSTRING slot" },
        { "RANDOMSTRING 1 \"x[ab\"\n", "o.load:1: RANDOMSTRING pattern: '[' without" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        f = lf_parse_text("o.load", bad[i].text, strlen(bad[i].text), err, sizeof err);
        CHECK(!f && strstr(err, bad[i].why), "%s -> %s", bad[i].why, err);
        lf_free(f);
    }
}

/* a file that is no loadfile: its first line is not echoed (LOADFILE=/etc/shadow) */
static void unquoted(void)
{
    char err[600] = "";
    const char shadow[] = "root:$6$secretsalt$hash:19000:0:99999:7:::\n";
    lf_file *f = lf_parse_text("shadow", shadow, sizeof shadow - 1, err, sizeof err);
    CHECK(!f && strncmp(err, "shadow:1: not a dbench loadfile line", 36) == 0 && !strstr(err, "secret"),
          "no quote: %s", err);
    lf_free(f);
    const char num[] = "12345secret x\n";
    f = lf_parse_text("n", num, sizeof num - 1, err, sizeof err);
    CHECK(!f && strstr(err, "n:1: bad timestamp") && !strstr(err, "secret"), "number-like: %s", err);
    lf_free(f);
    const char known[] = "MKDIR \"/a\" SUCCESS\n0.1 MKDIR \"/a\"\n";
    f = lf_parse_text("k", known, sizeof known - 1, err, sizeof err);
    CHECK(!f && strstr(err, "k:2:"), "after an op line the line is judged: %s", err);
    lf_free(f);
}

static void bad_lines(void)
{
    refuse("WriteX 9938 0 4096", "truncated");
    refuse("NTCreateX \"\\clients\\client1\\x 0x40 0x2 1 NT_STATUS_OK", "unterminated quote");
    refuse("ReadX 1 0 4096 4096 OK", "bad status OK");
    refuse("Cl0se 1 NT_STATUS_OK", "unknown op Cl0se");
    refuse("ReadX one 0 4096 4096 NT_STATUS_OK", "must be a number");
    refuse("ReadX 1 *%0 4096 4096 NT_STATUS_OK", "divides by zero");
    refuse("0.5 Close 1 NT_STATUS_OK", "one format per file");
    refuse("Unlink \"x\" 0x6 NT_STATUS_OK", "must start with /");
    refuse("REPEAT", "REPEAT needs one count");
    refuse("WRITEPATTERN 1234", "WRITEPATTERN lines are not supported");
    refuse("ENDLOOP", "ENDLOOP without a LOOP");
    refuse("LOOP 0", "LOOP needs one count");
    refuse("0.5 SLEEP 10", "SLEEP lines are not supported");
    refuse("Close 999 NT_STATUS_OK", "Close of handle 999, which no earlier NTCreateX line opened");
    refuse("ReadX 7 0 4096 4096 NT_STATUS_OK", "ReadX of handle 7, which no earlier NTCreateX");
    refuse("-1.0 MKDIR \"/a\" SUCCESS", "bad timestamp -1.0");
    {   /* in a timestamped file, the same line without a timestamp */
        char err[600] = "";
        const char text[] = "0.1 GETATTR3 \"/a\" 0x0\nWRITEPATTERN 3\n";
        lf_file *f = lf_parse_text("ts.load", text, sizeof text - 1, err, sizeof err);
        CHECK(!f && strstr(err, "ts.load:2: WRITEPATTERN lines are not supported"), "timestamped: %s", err);
        lf_free(f);
    }
    char report[800];
    lf_file *missing = lf_parse("/nonexistent/client.txt", report, sizeof report);
    CHECK(!missing && strstr(report, "/nonexistent/client.txt: No such file"), "missing file: %s", report);
    static char text[1 << 16];
    FILE *fp = fopen(FIXTURE("classic.txt"), "rb");
    size_t n = fp ? fread(text, 1, sizeof text, fp) : 0;
    if (fp) fclose(fp);
    CHECK(sfs_engine_loadfile_check("classic.txt", text, n, report, sizeof report) == 25 &&
          strstr(report, "classic.txt: ") == report && strstr(report, "WriteX=100"), "summary: %s", report);
    const char bad[] = "NTCreateX \"\\a\" 0x0 0x2 1 NT_STATUS_OK\nReadX 1 0 4096\n";
    CHECK(sfs_engine_loadfile_check("t.txt", bad, sizeof bad - 1, report, sizeof report) < 0 &&
          strstr(report, "t.txt:2: "), "truncated line: %s", report);
}

/* replay 'fixture' for its passes on posix; per-op counts into ops[] */
static double run_secs;   /* wall time of the last replay's RUN */

static int replay_with(const char *dir, const char *fixture, int passes, const char *extra,
                       uint64_t ops[SFS_OPS_MAX], uint64_t *errors)
{
    char cfg[1200], err[1024];
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=loadfile\nloadfile=%s\nloadfile_passes=%d\n"
             "procs=2\ntarget.0=%s\ntarget.1=%s\nroot=lf\n%s", fixture, passes, dir, dir, extra);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return -1;
    int st = -1;
    time_t t0 = time(NULL);
    if (sfs_engine_start(e, SFS_PHASE_INIT, 10) == 0)
        while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING) ;
    CHECK(st == SFS_STATE_DONE, "INIT");
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    if (sfs_engine_start(e, SFS_PHASE_RUN, 60) == 0)
        while ((st = sfs_engine_wait(e, 10)) == SFS_STATE_RUNNING) ;
    clock_gettime(CLOCK_MONOTONIC, &b);
    run_secs = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
    CHECK(st == SFS_STATE_DONE, "RUN ends after the passes");
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    CHECK(time(NULL) - t0 < 30, "the passes end the 60 s phase early");
    *errors = 0;
    for (int op = 0; op < SFS_OPS_MAX; op++) {
        const uint64_t *o = s + SFS_S_HEADER_WORDS + op * SFS_O_WORDS;
        ops[op] = o[SFS_O_OPS];
        *errors += o[SFS_O_ERRORS];
    }
    sfs_engine_close(e);
    return 0;
}

static int replay(const char *dir, const char *fixture, int passes, uint64_t ops[SFS_OPS_MAX],
                  uint64_t *errors)
{
    return replay_with(dir, fixture, passes, "", ops, errors);
}

/* lines due at their timestamps, or when their bytes fit the rate: the
 * replay takes at least that long, and late lines show in the late count */
static void paced(const char *dir)
{
    uint64_t a[SFS_OPS_MAX], errs = 1;
    if (replay_with(dir, FIXTURE("nfs.load"), 3, "loadfile_timing=timestamps\n", a, &errs) == 0) {
        CHECK(errs == 0, "timestamps: %llu errors", (unsigned long long)errs);
        CHECK(run_secs >= 3 * 0.23 - 0.01 && run_secs < 5, "3 passes of 0.23 s: %.3f s", run_secs);
    }
    /* classic.txt moves 100 writes + 100 reads of 4 KiB a pass: 819200 bytes */
    if (replay_with(dir, FIXTURE("classic.txt"), 2, "target_mbps=1\n", a, &errs) == 0) {
        CHECK(errs == 0, "target rate: %llu errors", (unsigned long long)errs);
        CHECK(run_secs >= 1.6 && run_secs < 5, "2 x 0.82 MB at 1 MB/s per client: %.3f s", run_secs);
    }
}

static int is_dir(const char *dir, const char *sub)
{
    char p[700];
    struct stat sb;
    snprintf(p, sizeof p, "%s/%s", dir, sub);
    return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static void replays(void)
{
    char dir[] = "/tmp/sfs_loadfile_test.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    uint64_t a[SFS_OPS_MAX], b[SFS_OPS_MAX], errs = 1, total = 0;
    if (replay(dir, FIXTURE("classic.txt"), 10, a, &errs) == 0) {
        CHECK(errs == 0, "classic replay: %llu errors (see stderr)", (unsigned long long)errs);
        for (int op = 0; op < SFS_OPS_MAX; op++) total += a[op];
        CHECK(total > 4000, "two clients x 10 passes: %llu requests", (unsigned long long)total);
        CHECK(a[SFS_OP_CIFS_WRITE_ANDX] == 2 * 10 * 100 && a[SFS_OP_CIFS_NT_CREATE_ANDX] == 2 * 10 * 3,
              "file handles on posix slots (directories are path queries): %llu writes", (unsigned long long)a[SFS_OP_CIFS_WRITE_ANDX]);
        if (replay(dir, FIXTURE("classic.txt"), 10, b, &errs) == 0) {
            CHECK(errs == 0, "second replay: %llu errors", (unsigned long long)errs);
            CHECK(memcmp(a, b, sizeof a) == 0, "the same op counts twice");
        }
    }
    if (replay(dir, FIXTURE("nfs.load"), 3, a, &errs) == 0) {
        CHECK(errs == 0, "nfs names on posix: %llu errors", (unsigned long long)errs);
        CHECK(a[SFS_OP_WRCACHE] == 2 * 3 * 21 && a[SFS_OP_SYMLINK] == 6, "NFS names as path ops");
        /* nfs.load ends without Deltree: each client's tree is left in place */
        CHECK(is_dir(dir, "lf/clients/client0") && is_dir(dir, "lf/clients/client1"),
              "clients/client0 and clients/client1");
        CHECK(!is_dir(dir, "lf/clients/client1/sub") && !is_dir(dir, "lf/p0000"),
              "no per-proc roots: the workload keeps clients apart");
        DIR *d = opendir(strcat(strcpy((char[700]){0}, dir), "/lf/clients"));
        int n = 0;
        for (struct dirent *de; d && (de = readdir(d));) n += de->d_name[0] != '.';
        if (d) closedir(d);
        CHECK(n == 2, "only the two clients' directories: %d", n);
    }
    /* a link's target is named from the export's root: made relative to the link, ops through
     * it reach the file (0 errors, so the point has real MB/s) */
    if (replay(dir, FIXTURE("symlink.load"), 2, a, &errs) == 0)
        CHECK(errs == 0 && a[SFS_OP_WRCACHE] == 2 * 2 * 50 && a[SFS_OP_READ] == 2 * 2 * 50,
              "writes and reads through symlinks: %llu errors", (unsigned long long)errs);
    paced(dir);
    if (replay(dir, FIXTURE("smb.load"), 3, a, &errs) == 0)
        CHECK(errs == 0 && a[SFS_OP_CIFS_WRITE_ANDX] == 2 * 3 * 11, "SMB names on posix: %llu errors",
              (unsigned long long)errs);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "cleanup");
}

int main(void)
{
    parse_formats();
    comments();
    macros();
    unquoted();
    bad_lines();
    replays();
    return check_result("test_loadfile");
}
