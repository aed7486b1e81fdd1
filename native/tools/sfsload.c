/* sfsload: run the engine from a config file (key=value lines, see
 * docs/engine.md) for INIT, an optional WARMUP and RUN, then print per-op
 * counts, ops/s, mean/p50/p99 latency and errors, and the total line with
 * INIT's wall time and the most threads seen in RUN.  For debugging and bench/.
 *
 *   sfsload [-w warmup_s] [-t run_s] [-i init_timeout_s] [-q] config
 *   (without -q: INIT progress and one RUN line per second on stderr)
 *   sfsload -v config        validation report (PASS/FAIL/SKIP lines)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>
#include "sfsengine.h"
#include "platform.h"
#include "clock.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return NULL; }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (cap - n < 2) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (buf) buf[n] = '\0';
    return buf;
}

static uint64_t bucket_lower(int i)
{
    return i < 32 ? (uint64_t)i : (uint64_t)(32 + (i - 32) % 32) << ((i - 32) / 32);
}

static double percentile(const uint64_t *h, uint64_t total, double q)
{
    uint64_t want = (uint64_t)(q * (double)total + 0.5), seen = 0;
    if (want == 0) want = 1;
    for (int i = 0; i < SFS_HIST_BUCKETS; i++) {
        seen += h[i];
        if (seen >= want) return (double)bucket_lower(i);
    }
    return 0;
}

static int peak_threads;   /* threads of this process seen while a phase ran */

static int wait_phase(sfs_engine *e, const char *name, uint64_t *s, int quiet)
{
    for (int first = 1;; first = 0) {
        int st = sfs_engine_wait(e, first ? 100 : 1000);   /* threads: seen early, even in a short phase */
        int t = sfs_proc_threads();
        if (t > peak_threads) peak_threads = t;
        if (st == SFS_STATE_FAILED) {
            char msg[1024];
            sfs_engine_error(e, msg, sizeof msg);
            fprintf(stderr, "sfsload: %s failed: %s\n", name, msg);
            return -1;
        }
        sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
        if (!quiet && s[SFS_S_PHASE] == SFS_PHASE_INIT)
            fprintf(stderr, "INIT %llu/%llu objects\n", (unsigned long long)s[SFS_S_INIT_DONE],
                    (unsigned long long)s[SFS_S_INIT_TOTAL]);
        if (!quiet && s[SFS_S_PHASE] == SFS_PHASE_RUN) {
            /* per-interval progress: ops and mean latency since the last line */
            static uint64_t last_ops, last_lat, last_us;
            uint64_t ops = 0, lat = 0;
            for (int op = 0; op < SFS_OPS_MAX; op++) {
                ops += s[SFS_S_HEADER_WORDS + op * SFS_O_WORDS + SFS_O_OPS];
                lat += s[SFS_S_HEADER_WORDS + op * SFS_O_WORDS + SFS_O_LAT_SUM];
            }
            uint64_t us = s[SFS_S_ELAPSED_US];
            if (us > last_us && ops >= last_ops)
                fprintf(stderr, "RUN %6.1f s %10.1f ops/s %9.1f us/op behind=%llu\n", (double)us / 1e6,
                        (double)(ops - last_ops) * 1e6 / (double)(us - last_us),
                        ops > last_ops ? (double)(lat - last_lat) / (double)(ops - last_ops) : 0.0,
                        (unsigned long long)s[SFS_S_BEHIND]);
            last_ops = ops; last_lat = lat; last_us = us;
        }
        if (st == SFS_STATE_DONE) return 0;
    }
}

/* sfs_engine_start, saying why it refused */
static int start(sfs_engine *e, int phase, double seconds)
{
    if (sfs_engine_start(e, phase, seconds) == 0)
        return 0;
    char msg[1024];
    sfs_engine_error(e, msg, sizeof msg);
    fprintf(stderr, "sfsload: %s\n", msg);
    return -1;
}

int main(int argc, char **argv)
{
    double warmup = 0, run = 10, init_timeout = 3600;
    int quiet = 0, validate = 0, opt;
    while ((opt = getopt(argc, argv, "w:t:i:qv")) != -1) {
        switch (opt) {
        case 'w': warmup = atof(optarg); break;
        case 't': run = atof(optarg); break;
        case 'i': init_timeout = atof(optarg); break;
        case 'q': quiet = 1; break;
        case 'v': validate = 1; break;
        default:
            fprintf(stderr, "usage: sfsload [-w warmup_s] [-t run_s] [-i init_timeout_s] [-q] [-v] config\n");
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "usage: sfsload [-w warmup_s] [-t run_s] [-i init_timeout_s] [-q] [-v] config\n");
        return 2;
    }
    char *cfg = slurp(argv[optind]);
    if (!cfg) return 2;
    if (validate) {
        static char report[65536];
        int n = sfs_engine_validate(cfg, report, sizeof report);
        fputs(report, stdout);
        free(cfg);
        return n == 0 ? 0 : 1;
    }
    char err[1024];
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    free(cfg);
    if (!e) { fprintf(stderr, "sfsload: %s\n", err); return 1; }
    uint64_t *s = calloc(SFS_SAMPLE_WORDS, sizeof *s);
    int rc = 1;
    uint64_t i0 = sfs_now_ns();
    if (start(e, SFS_PHASE_INIT, init_timeout) || wait_phase(e, "INIT", s, quiet)) goto out;
    double init_s = (double)(sfs_now_ns() - i0) / 1e9;
    if (!quiet)
        fprintf(stderr, "INIT done: %llu objects, %.1f MiB\n", (unsigned long long)s[SFS_S_INIT_DONE],
                (double)s[SFS_S_FILESET_BYTES] / 1048576.0);
    if (warmup > 0) {
        if (start(e, SFS_PHASE_WARMUP, warmup)) goto out;
        if (sfs_engine_wait(e, (int)(warmup * 1000)) == SFS_STATE_FAILED) { wait_phase(e, "WARMUP", s, 1); goto out; }
    }
    uint64_t u0 = 0, s0 = 0, u1 = 0, s1 = 0;
    sfs_proc_cpu_us(&u0, &s0);
    peak_threads = 0;
    if (start(e, SFS_PHASE_RUN, run) || wait_phase(e, "RUN", s, quiet)) goto out;
    sfs_proc_cpu_us(&u1, &s1);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    /* the time RUN covered: its duration, or less if it was cut short */
    double secs = s[SFS_S_ELAPSED_US] ? (double)s[SFS_S_ELAPSED_US] / 1e6 : run;
    uint64_t tops = 0, terr = 0, tbytes = 0, tretries = 0;
    double tlat = 0;
    printf("%-31s %10s %10s %10s %10s %10s %10s %8s %8s\n", "op", "count", "ops/s", "mean_us",
           "p50_us", "p99_us", "svc_us", "late", "errors");
    for (int op = 0; op < SFS_OPS_MAX; op++) {
        const uint64_t *o = s + SFS_S_HEADER_WORDS + op * SFS_O_WORDS;
        if (!o[SFS_O_OPS]) continue;
        uint64_t n = o[SFS_O_OPS];
        printf("%-31s %10llu %10.1f %10.1f %10.0f %10.0f %10.1f %8llu %8llu\n", sfs_engine_op_name(op),
               (unsigned long long)n, (double)n / secs, (double)o[SFS_O_LAT_SUM] / (double)n,
               percentile(o + SFS_O_HIST, n, 0.5), percentile(o + SFS_O_HIST, n, 0.99),
               (double)o[SFS_O_SVC_SUM] / (double)n, (unsigned long long)o[SFS_O_LATE],
               (unsigned long long)o[SFS_O_ERRORS]);
        tops += n;
        terr += o[SFS_O_ERRORS];
        tbytes += o[SFS_O_BYTES];
        tretries += o[SFS_O_RETRIES];
        tlat += (double)o[SFS_O_LAT_SUM];
    }
    double cpu = (double)(u1 + s1) - (double)(u0 + s0);
    printf("total ops=%llu ops/s=%.1f mean_us=%.1f errors=%llu cpu_us_per_op=%.2f maxrss_kb=%ld procs=%llu"
           " mb_s=%.2f init_s=%.2f threads=%d retries=%llu\n",
           (unsigned long long)tops, (double)tops / secs, tops ? tlat / (double)tops : 0.0,
           (unsigned long long)terr, tops ? cpu / (double)tops : 0.0, sfs_proc_maxrss_kb(),
           (unsigned long long)s[SFS_S_PROCS], (double)tbytes / secs / 1e6, init_s, peak_threads,
           (unsigned long long)tretries);
    const uint64_t *et = s + SFS_E_BASE;
    for (uint64_t i = 0; i < et[0]; i++)
        printf("error op=%s status=%d count=%llu\n", sfs_engine_op_name((int)(et[1 + 2 * i] >> 32)),
               (int)(uint32_t)et[1 + 2 * i], (unsigned long long)et[2 + 2 * i]);
    rc = 0;
out:
    sfs_engine_close(e);
    free(s);
    return rc;
}
