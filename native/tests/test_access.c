/* Workload access: the access-spec parser, the CSA generator (sequential
 * order with wrap, %random/%read/size shares per seed, alignment, bursts
 * and delays) and, end to end on posix through io_uring, that the queue
 * depth is really reached (the backend's in-flight count), that the
 * spec's delay paces a worker (and a rate, without delays), that the steps of a test run on targets
 * prepared once, and that an existing file or a block device (a loop
 * device) is tested in place, read-only unless target_writes. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>
#include "check.h"
#include "sfsengine.h"
#include "backend.h"
#include "access_spec.h"

#define FILE_SERVER "512,10,80,100,0,1,0,0;1024,5,80,100,0,1,0,0;2048,5,80,100,0,1,0,0;" \
    "4096,60,80,100,0,1,0,0;8192,2,80,100,0,1,0,0;16384,4,80,100,0,1,0,0;"                \
    "32768,4,80,100,0,1,0,0;65536,10,80,100,0,1,0,0"

static sfs_access_spec spec;
static sfs_access_gen gen;
static char err[1024];

static int parse(const char *text)
{
    return sfs_access_parse(text, 1u << 20, &spec, err, sizeof err);
}

static void test_parse_errors(void)
{
    CHECK(parse(FILE_SERVER) == 0 && spec.nlines == 8, "file server spec: %s", err);
    CHECK(spec.line[0].align == SFS_ACCESS_SECTOR, "alignment 0 = sector");
    CHECK(parse("4096,100,50,50,0,1,0") != 0 && strstr(err, "line 1") && strstr(err, "7 fields"),
          "field count: %s", err);
    CHECK(parse("4096,60,50,50,0,1,0,0;512,30,50,50,0,1,0,0") != 0 && strstr(err, "90"),
          "percent sum: %s", err);
    CHECK(parse("4096,100,101,50,0,1,0,0") != 0 && strstr(err, "% read"), "range: %s", err);
    CHECK(parse("4096,100,50,50,0,1,0,512") != 0 && strstr(err, "reply"), "reply refused: %s", err);
    CHECK(parse("2097152,100,50,50,0,1,0,0") != 0 && strstr(err, "size"), "size max: %s", err);
    CHECK(parse("4096,100,50,50,0,0,0,0") != 0 && strstr(err, "burst 0"), "burst: %s", err);
    CHECK(parse("4k,100,50,50,0,1,0,0") != 0 && strstr(err, "'4k'"), "not an integer: %s", err);
    CHECK(parse("65536,100,50,50,0,1,0,0") == 0, "parse");
    CHECK(sfs_access_gen_init(&gen, &spec, 0, 32768, 1, err, sizeof err) != 0 &&
          strstr(err, "does not fit"), "transfer larger than the region: %s", err);
}

static void test_sequential_wrap(void)
{
    CHECK(parse("4096,100,100,0,0,1,0,0") == 0, "parse: %s", err);
    /* region [8192, 8192 + 10 * 4096 + 100): ten transfers fit, then wrap */
    uint64_t start = 8192, end = start + 10 * 4096 + 100;
    CHECK(sfs_access_gen_init(&gen, &spec, start, end, 7, err, sizeof err) == 0, "%s", err);
    sfs_access_io io;
    for (int i = 0; i < 25; i++) {
        sfs_access_gen_next(&gen, &io);
        uint64_t want = start + (uint64_t)(i % 10) * 4096;
        CHECK(io.offset == want && io.length == 4096 && io.read && !io.random,
              "sequential #%d at %llu, expected %llu", i, (unsigned long long)io.offset,
              (unsigned long long)want);
    }
    /* mixed sizes: the next sequential transfer starts where the last ended */
    CHECK(parse("4096,50,100,0,0,1,0,0;8192,50,100,0,0,1,0,0") == 0, "parse: %s", err);
    CHECK(sfs_access_gen_init(&gen, &spec, 0, 1 << 30, 3, err, sizeof err) == 0, "%s", err);
    uint64_t next = 0;
    for (int i = 0; i < 1000; i++) {
        sfs_access_gen_next(&gen, &io);
        CHECK(io.offset == next, "contiguous #%d", i);
        next = io.offset + io.length;
    }
}

static void test_shares(uint64_t seed)
{
    CHECK(parse("8192,100,67,80,0,1,0,0") == 0, "parse: %s", err);
    uint64_t end = 64ULL << 20;
    CHECK(sfs_access_gen_init(&gen, &spec, 0, end, seed, err, sizeof err) == 0, "%s", err);
    const int n = 200000;
    int reads = 0, randoms = 0, seq_ok = 0, seqs = 0, bad_align = 0;
    int decile[10] = {0};
    uint64_t prev_end = 0;
    sfs_access_io io;
    for (int i = 0; i < n; i++) {
        sfs_access_gen_next(&gen, &io);
        reads += io.read;
        randoms += io.random;
        if (io.offset % 512 || io.offset + io.length > end) bad_align++;
        if (io.random) decile[io.offset * 10 / end]++;
        else {
            seqs++;
            seq_ok += io.offset == (prev_end + io.length > end ? 0 : prev_end);
        }
        prev_end = io.offset + io.length;
    }
    CHECK(abs(reads - n * 67 / 100) < n / 200, "seed %llu: reads %d of %d (67 %%)",
          (unsigned long long)seed, reads, n);
    CHECK(abs(randoms - n * 80 / 100) < n / 200, "seed %llu: random %d of %d (80 %%)",
          (unsigned long long)seed, randoms, n);
    CHECK(seq_ok == seqs, "every sequential transfer follows the previous one (%d of %d)", seq_ok, seqs);
    CHECK(bad_align == 0, "%d offsets unaligned or past the end", bad_align);
    for (int d = 0; d < 10; d++)
        CHECK(abs(decile[d] - randoms / 10) < randoms / 100, "random offsets uniform: decile %d has %d of %d",
              d, decile[d], randoms);

    /* sizes follow % of accesses (File Server) */
    CHECK(parse(FILE_SERVER) == 0, "parse: %s", err);
    CHECK(sfs_access_gen_init(&gen, &spec, 0, end, seed, err, sizeof err) == 0, "%s", err);
    int count[8] = {0};
    for (int i = 0; i < n; i++) {
        sfs_access_gen_next(&gen, &io);
        count[io.line]++;
        CHECK(io.length == spec.line[io.line].size, "size of line %d", io.line);
    }
    for (int l = 0; l < 8; l++)
        CHECK(abs(count[l] - (int)(n * spec.line[l].pct / 100)) < n / 200,
              "seed %llu: line %d (%u B) drew %d of %d, expected %u %%", (unsigned long long)seed,
              l, spec.line[l].size, count[l], n, spec.line[l].pct);
}

static void test_determinism(void)
{
    CHECK(parse(FILE_SERVER) == 0, "parse");
    sfs_access_gen a, b, c;
    sfs_access_gen_init(&a, &spec, 0, 1 << 30, 11, err, sizeof err);
    sfs_access_gen_init(&b, &spec, 0, 1 << 30, 11, err, sizeof err);
    sfs_access_gen_init(&c, &spec, 0, 1 << 30, 12, err, sizeof err);
    int same = 1, differs = 0;
    for (int i = 0; i < 1000; i++) {
        sfs_access_io x, y, z;
        sfs_access_gen_next(&a, &x);
        sfs_access_gen_next(&b, &y);
        sfs_access_gen_next(&c, &z);
        same &= x.offset == y.offset && x.length == y.length && x.read == y.read;
        differs |= x.offset != z.offset;
    }
    CHECK(same && differs, "same seed = same sequence, other seed differs");
}

static void test_burst_delay_alignment(void)
{
    CHECK(parse("4096,50,100,100,5,4,65536,0;16384,50,0,100,0,4,3000,0") == 0, "parse: %s", err);
    CHECK(sfs_access_gen_init(&gen, &spec, 1000, 1 << 30, 5, err, sizeof err) == 0, "%s", err);
    sfs_access_io io;
    int line = -1, run = 0, bad_runs = 0, bad_align = 0;
    uint64_t pauses = 0, paused = 0;
    for (int i = 0; i < 4000; i++) {
        sfs_access_gen_next(&gen, &io);
        if (io.offset % spec.line[io.line].align || io.offset < 1000) bad_align++;
        if (i % 4 == 0) { line = io.line; run = 0; }
        if (io.line != line) bad_runs++;
        run++;
        uint64_t p = sfs_access_gen_pause(&gen);
        if (p) { pauses++; paused += p; }
        CHECK((p != 0) == ((i % 4 == 3) && gen.cur == 0), "a pause only before a burst of line 1 (#%d)", i);
    }
    CHECK(bad_runs == 0, "a burst of 4 keeps its line (%d transfers off)", bad_runs);
    CHECK(bad_align == 0, "65536- and 3000-byte alignment inside the region (%d off)", bad_align);
    CHECK(pauses > 400 && paused == pauses * 5000000ULL, "5 ms per burst of line 1 (%llu)",
          (unsigned long long)pauses);
}

/* --- end to end: a probe backend wraps posix and records the in-flight
 * count of its ring after every submit --- */
static int max_inflight;

static const sfs_backend *posix(void) { return sfs_backend_find("posix"); }
static int p_open(const struct sfs_cfg *c, int proc, const char *root, void **ctx, char *e, size_t l)
{ return posix()->open(c, proc, root, ctx, e, l); }
static int p_submit(void *ctx, sfs_req *req)
{
    int rc = posix()->submit(ctx, req);
    int n = posix()->inflight(ctx), was = __atomic_load_n(&max_inflight, __ATOMIC_RELAXED);
    while (n > was && !__atomic_compare_exchange_n(&max_inflight, &was, n, 0, __ATOMIC_RELAXED,
                                                   __ATOMIC_RELAXED))
        ;   /* procs of several engine threads */
    return rc;
}
static int p_poll(void *ctx, int64_t t) { return posix()->poll(ctx, t); }
static int p_inflight(void *ctx) { return posix()->inflight(ctx); }
static void p_close(void *ctx) { posix()->close(ctx); }
static int p_queue(void *ctx, int depth, char *e, size_t l) { return posix()->queue(ctx, depth, e, l); }
/* takes posix's options too, since it hands the config to posix's open */
static sfs_backend probe = {
    .name = "qdprobe", .open = p_open, .submit = p_submit, .poll = p_poll,
    .inflight = p_inflight, .close = p_close, .queue = p_queue,
};
SFS_REGISTER_BACKEND(probe)

static uint64_t s[SFS_SAMPLE_WORDS];

static uint64_t ops_of(int op, int word)
{
    return s[SFS_S_HEADER_WORDS + op * SFS_O_WORDS + word];
}

/* one worker at outstanding_ios=depth, paced at rate ops/s (0 = unpaced) */
static int run_at(const char *dir, int depth, const char *access, double rate, double secs)
{
    char cfg[1024];
    snprintf(cfg, sizeof cfg, "backend=qdprobe\nworkload=access\ntarget.0=%s\nprocs=1\n"
             "outstanding_ios=%d\nfile_size=8388608\nstart_offset=4096\naccess_spec=%s\nrate=%g\n",
             dir, depth, access, rate);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
#ifndef SFS_WITH_URING
    /* posix keeps several requests in flight only through io_uring: refused at open */
    if (depth > 1) {
        CHECK(e == NULL && strstr(err, "SFS_WITH_URING=OFF"), "outstanding_ios=%d without "
              "io_uring: %s", depth, e ? "opened" : err);
        if (e) sfs_engine_close(e);
        return -1;
    }
#endif
    CHECK(e != NULL, "open: %s", err);
    if (!e) return -1;
    int st;
    CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0, "INIT");
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    CHECK(st == SFS_STATE_DONE && s[SFS_S_INIT_DONE] == s[SFS_S_INIT_TOTAL] &&
          s[SFS_S_FILESET_BYTES] == 8388608 + 4096, "INIT filled the target: %llu/%llu, %llu B",
          (unsigned long long)s[SFS_S_INIT_DONE], (unsigned long long)s[SFS_S_INIT_TOTAL],
          (unsigned long long)s[SFS_S_FILESET_BYTES]);
    char path[600];
    struct stat sb;
    snprintf(path, sizeof path, "%s/sfs_bench/p0000/iobw.tst", dir);
    CHECK(stat(path, &sb) == 0 && sb.st_size == 8388608 + 4096, "%s size", path);
    max_inflight = 0;
    CHECK(sfs_engine_start(e, SFS_PHASE_WARMUP, 0.1) == 0, "WARMUP");
    usleep(300000);
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, secs) == 0, "RUN");
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    char why[1024] = "";
    sfs_engine_error(e, why, sizeof why);
    CHECK(st == SFS_STATE_DONE, "RUN state %d: %s", st, why);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    sfs_engine_close(e);
    return 0;
}

static int run(const char *dir, int depth, const char *access, double secs)
{
    return run_at(dir, depth, access, 0, secs);
}

static void test_queue_depth(void)
{
    char dir[] = "/tmp/sfs_access_test.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    const int depths[] = { 1, 4, 16, 32 };
    for (int i = 0; i < 4; i++) {
        if (run(dir, depths[i], "4096,100,67,100,0,1,0,0", 1.0)) continue;
        uint64_t r = ops_of(SFS_OP_READ, SFS_O_OPS), w = ops_of(SFS_OP_WRCACHE, SFS_O_OPS);
        /* depth 1 runs on the proc's thread: each request completes inside submit */
        CHECK(max_inflight == (depths[i] > 1 ? depths[i] : 0), "outstanding_ios=%d: %d in flight "
              "at most after a submit", depths[i], max_inflight);
        CHECK(r + w > 0 && ops_of(SFS_OP_READ, SFS_O_ERRORS) + ops_of(SFS_OP_WRCACHE, SFS_O_ERRORS) == 0,
              "depth %d: %llu reads %llu writes, no errors", depths[i], (unsigned long long)r,
              (unsigned long long)w);
        CHECK(ops_of(SFS_OP_READ, SFS_O_BYTES) == r * 4096, "read bytes");
    }
    /* delay 20 ms before every burst of 1: at most 50 transfers/s whatever the depth
     * (the lower bound only says the worker did not stall; CI machines are busy) */
    if (run(dir, 8, "4096,100,100,100,20,1,0,0", 1.0) == 0) {
        uint64_t r = ops_of(SFS_OP_READ, SFS_O_OPS);
        CHECK(r >= 5 && r <= 52, "20 ms delay per transfer: %llu reads in 1 s", (unsigned long long)r);
    }
    /* paced (an SLO probe): 200 transfers/s open loop at depth 8, whatever the
     * file system could do unpaced */
    if (run_at(dir, 8, "4096,100,100,100,0,1,0,0", 200, 1.0) == 0) {
        uint64_t r = ops_of(SFS_OP_READ, SFS_O_OPS);
        CHECK(r >= 150 && r <= 202, "rate=200: %llu reads in 1 s", (unsigned long long)r);
    }
    /* a spec's delay is a schedule of its own: refused with a rate */
    char cfg[600];
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=access\ntarget.0=%s\nrate=10\n"
             "file_size=1048576\naccess_spec=4096,100,100,0,20,1,0,0\n", dir);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e == NULL && strstr(err, "rate=10") && strstr(err, "line 1's delay of 20 ms"),
          "paced access with a delay refused: %s", err);
    char rm[600];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    CHECK(system(rm) == 0, "cleanup");
}

static int wait_done(sfs_engine *e)
{
    int st;
    while ((st = sfs_engine_wait(e, 1000)) == SFS_STATE_RUNNING)
        ;
    return st;
}

/* one measured step: ramp (WARMUP) then RUN, counters of RUN in s */
static int measure(sfs_engine *e, double ramp, double secs)
{
    char why[1024] = "";
    max_inflight = 0;
    if (sfs_engine_start(e, SFS_PHASE_WARMUP, ramp) != 0) return -1;
    usleep((useconds_t)(ramp * 1e6));
    if (sfs_engine_start(e, SFS_PHASE_RUN, secs) != 0) return -1;
    int st = wait_done(e);
    sfs_engine_error(e, why, sizeof why);
    CHECK(st == SFS_STATE_DONE, "RUN state %d: %s", st, why);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    return st == SFS_STATE_DONE ? 0 : -1;
}

/* A test's steps on one engine: INIT once, then each step changes the
 * spec, the outstanding I/Os and the active workers; the targets are the
 * files INIT made (same inode, no INIT object again). */
static void test_steps(void)
{
    char dir[] = "/tmp/sfs_access_steps.XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    char cfg[1024];
    snprintf(cfg, sizeof cfg, "backend=qdprobe\nworkload=access\ntarget.0=%s\nprocs=2\n"
             "outstanding_ios=16\nfile_size=4194304\naccess_spec=4096,100,100,100,0,1,0,0\n", dir);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return;
    CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0, "INIT");
    CHECK(wait_done(e) == SFS_STATE_DONE, "INIT done");
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    CHECK(s[SFS_S_INIT_DONE] == 2 * 4 && s[SFS_S_INIT_TOTAL] == 2 * 4,
          "INIT: 4 fill writes of 1 MiB per worker: %llu of %llu",
          (unsigned long long)s[SFS_S_INIT_DONE], (unsigned long long)s[SFS_S_INIT_TOTAL]);
    char path[600];
    struct stat before, after;
    snprintf(path, sizeof path, "%s/sfs_bench/p0001/iobw.tst", dir);
    CHECK(stat(path, &before) == 0, "%s", path);
    static const struct { const char *changes; int depth, active; uint32_t read_pct; } steps[] = {
        { "active=1\noutstanding_ios=1\n", 1, 1, 100 },
        { "active=2\noutstanding_ios=4\naccess_spec=8192,100,50,100,0,1,0,0\n", 4, 2, 50 },
        { "active=2\noutstanding_ios=16\naccess_spec=8192,100,0,0,0,1,0,0\n", 16, 2, 0 },
    };
    for (int k = 0; k < 3; k++) {
        CHECK(sfs_engine_step(e, steps[k].changes, err, sizeof err) == 0, "step %d: %s", k + 1, err);
        if (measure(e, 0.2, 0.5)) break;
        uint64_t r = ops_of(SFS_OP_READ, SFS_O_OPS), w = ops_of(SFS_OP_WRCACHE, SFS_O_OPS);
        CHECK(s[SFS_S_ELAPSED_US] >= 500000 && s[SFS_S_ELAPSED_US] < 1500000,
              "step %d measured %llu us of 0.5 s", k + 1, (unsigned long long)s[SFS_S_ELAPSED_US]);
        CHECK(max_inflight == steps[k].depth, "step %d: %d in flight at most, want %d", k + 1,
              max_inflight, steps[k].depth);
        CHECK(r + w > 100, "step %d: %llu transfers", k + 1, (unsigned long long)(r + w));
        double rp = 100.0 * (double)r / (double)(r + w);
        CHECK(rp > steps[k].read_pct - 10.0 && rp < steps[k].read_pct + 10.0,
              "step %d: %.1f %% reads, spec %u %%", k + 1, rp, steps[k].read_pct);
        uint64_t bytes = ops_of(SFS_OP_READ, SFS_O_BYTES) + ops_of(SFS_OP_WRCACHE, SFS_O_BYTES);
        CHECK(bytes == (r + w) * (k == 0 ? 4096 : 8192), "step %d: transfer size", k + 1);
        CHECK(s[SFS_S_INIT_DONE] == 2 * 4, "step %d: no target prepared again (%llu objects)",
              k + 1, (unsigned long long)s[SFS_S_INIT_DONE]);
    }
    CHECK(stat(path, &after) == 0 && after.st_ino == before.st_ino && after.st_size == before.st_size,
          "the steps used the file INIT made (inode %llu -> %llu)",
          (unsigned long long)before.st_ino, (unsigned long long)after.st_ino);
    CHECK(sfs_engine_step(e, "outstanding_ios=17\n", err, sizeof err) != 0 &&
          strstr(err, "allowed 1..16"), "more than the opened depth refused: %s", err);
    CHECK(sfs_engine_step(e, "access_spec=4096,90,100,0,0,1,0,0\n", err, sizeof err) != 0 &&
          strstr(err, "access_spec=") && strstr(err, "100"), "bad spec refused: %s", err);
    CHECK(sfs_engine_step(e, "colour=blue\n", err, sizeof err) != 0 && strstr(err, "colour"),
          "unknown step key: %s", err);
    sfs_engine_close(e);
    char rm[600];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    CHECK(system(rm) == 0, "cleanup");
}

/* One RUN of 'spec' on an existing file or device; NULL engine and the
 * message in err if open refused it. */
static int run_object(const char *target, const char *extra, const char *spec_text)
{
    char cfg[1024];
    snprintf(cfg, sizeof cfg, "backend=qdprobe\nworkload=access\ntarget.0=%s\nprocs=1\n"
             "outstanding_ios=8\nfile_size=1048576\n%saccess_spec=%s\n", target, extra, spec_text);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    if (!e) return -1;
    CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 60) == 0, "INIT");
    CHECK(wait_done(e) == SFS_STATE_DONE, "INIT done");
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    CHECK(s[SFS_S_INIT_TOTAL] == 0 && s[SFS_S_INIT_DONE] == 0, "%s: nothing to prepare", target);
    measure(e, 0.2, 1.0);
    sfs_engine_close(e);
    return 0;
}

static uint64_t file_sum(const char *path)
{
    uint64_t h = 1469598103934665603ULL;
    unsigned char b[65536];
    ssize_t n;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    while ((n = read(fd, b, sizeof b)) > 0)
        for (ssize_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ULL;
    close(fd);
    return h;
}

/* the checks common to a file and a device target */
static void object_checks(const char *target, uint64_t bytes, const char *kind)
{
    uint64_t sum = file_sum(target);
    /* whole target: offsets reach its end */
    CHECK(run_object(target, "whole_target=1\n", "4096,100,100,100,0,1,0,0") == 0, "%s: open: %s",
          kind, err);
    uint64_t r = ops_of(SFS_OP_READ, SFS_O_OPS);
    /* a loop device's reads go through a kernel worker that a busy machine may starve:
     * any read proves the path, 100 would measure the machine */
    CHECK(r > 0 && ops_of(SFS_OP_READ, SFS_O_ERRORS) == 0 && ops_of(SFS_OP_WRCACHE, SFS_O_OPS) == 0,
          "%s: %llu reads, %llu errors", kind, (unsigned long long)r,
          (unsigned long long)ops_of(SFS_OP_READ, SFS_O_ERRORS));
    CHECK(s[SFS_S_FILESET_BYTES] == bytes, "%s: region %llu of %llu bytes", kind,
          (unsigned long long)s[SFS_S_FILESET_BYTES], (unsigned long long)bytes);
    CHECK(file_sum(target) == sum, "%s: reads leave its content alone", kind);
    /* writes without target_writes: refused before anything runs */
    CHECK(run_object(target, "", "4096,100,67,100,0,1,0,0") < 0 && strstr(err, "target_writes=1") &&
          strstr(err, "line 1 writes 33 %"), "%s: writes refused: %s", kind, err);
    CHECK(file_sum(target) == sum, "%s: untouched after the refusal", kind);
    /* a region past its end */
    char extra[100];
    snprintf(extra, sizeof extra, "start_offset=%llu\n", (unsigned long long)bytes);
    CHECK(run_object(target, extra, "4096,100,100,100,0,1,0,0") < 0 && strstr(err, "does not fit"),
          "%s: region past the end: %s", kind, err);
    /* with target_writes the spec writes it (the first MiB: file_size) */
    CHECK(run_object(target, "target_writes=1\n", "4096,100,50,100,0,1,0,0") == 0, "%s: open: %s",
          kind, err);
    CHECK(ops_of(SFS_OP_WRCACHE, SFS_O_OPS) > 20 && ops_of(SFS_OP_WRCACHE, SFS_O_ERRORS) == 0 &&
          ops_of(SFS_OP_READ, SFS_O_ERRORS) == 0 && max_inflight == 8,
          "%s: %llu writes with target_writes=1, depth %d", kind,
          (unsigned long long)ops_of(SFS_OP_WRCACHE, SFS_O_OPS), max_inflight);
    CHECK(s[SFS_S_FILESET_BYTES] == 1048576, "%s: file_size limits the region", kind);
}

static void test_existing_file(void)
{
    char path[] = "/tmp/sfs_access_file.XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    if (fd < 0) return;
    unsigned char b[4096];
    for (int i = 0; i < 1024; i++) {          /* 4 MiB of a known pattern */
        memset(b, i & 0xff, sizeof b);
        CHECK(write(fd, b, sizeof b) == (ssize_t)sizeof b, "fill");
    }
    close(fd);
    object_checks(path, 4194304, "existing file");
    /* a file target is for workload access only */
    char cfg[600];
    snprintf(cfg, sizeof cfg, "backend=posix\nworkload=randread\ntarget.0=%s\n", path);
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    CHECK(e == NULL && strstr(err, "not a directory") && strstr(err, "workload access only"),
          "a file target of another workload: %s", err);
    if (e) sfs_engine_close(e);
    unlink(path);
}

/* a loop device over a sparse file: read with O_DIRECT, whole sectors only */
static void test_block_device(void)
{
    if (system("command -v losetup >/dev/null 2>&1") != 0) {
        fprintf(stderr, "test_access: SKIP block device: losetup is not installed\n");
        return;
    }
    char img[] = "/tmp/sfs_access_dev.XXXXXX";
    int fd = mkstemp(img);
    CHECK(fd >= 0 && ftruncate(fd, 16 << 20) == 0, "sparse file");
    if (fd >= 0) close(fd);
    char cmd[700], dev[256] = "";
    snprintf(cmd, sizeof cmd, "losetup -f --show '%s' 2>&1", img);
    FILE *p = popen(cmd, "r");
    if (p && fgets(dev, sizeof dev, p)) dev[strcspn(dev, "\n")] = '\0';
    int rc = p ? pclose(p) : -1;
    CHECK(rc == 0 && strncmp(dev, "/dev/loop", 9) == 0, "losetup: %s", dev);
    if (rc == 0 && strncmp(dev, "/dev/loop", 9) == 0) {
        object_checks(dev, 16 << 20, "block device");
        CHECK(run_object(dev, "target_writes=1\n", "1000,100,100,100,0,1,0,0") < 0 &&
              strstr(err, "O_DIRECT"), "a 1000-byte transfer on a device: %s", err);
        snprintf(cmd, sizeof cmd, "losetup -d '%s'", dev);
        CHECK(system(cmd) == 0, "losetup -d");
    }
    unlink(img);
}

int main(void)
{
    probe.options = posix()->options;
    probe.opts_size = posix()->opts_size;
    probe.ops = posix()->ops;
    test_parse_errors();
    test_sequential_wrap();
    for (uint64_t seed = 1; seed <= 3; seed++)
        test_shares(seed);
    test_determinism();
    test_burst_delay_alignment();
    test_queue_depth();     /* without io_uring: that depths above 1 are refused */
#ifdef SFS_WITH_URING
    int uring = 1;
#else
    int uring = 0;
#endif
    if (uring) {    /* these keep requests in flight on posix, which only io_uring does */
        test_steps();
        test_existing_file();
        test_block_device();
    }
    return check_result("test_access");
}
