/* sfsgate: run the engine's INIT, then wait for a line on stdin before RUN,
 * so that a test can start a packet capture between the two; then print the
 * RUN counters including the physical requests of every op.
 *
 *   sfsgate CONFIG RUN_SECONDS
 *
 * stdout: "READY" after INIT; after RUN one line per op that ran:
 *   op=<name> count=<n> errors=<e> physical=<p>
 * and "total ops=<n> secs=<s> ops_per_s=<x> errors=<e>".  Exit 1 with the
 * engine's message on stderr if a phase fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sfsengine.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return NULL; }
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static int wait_phase(sfs_engine *e, const char *name)
{
    for (;;) {
        int st = sfs_engine_wait(e, 1000);
        if (st == SFS_STATE_FAILED) {
            char msg[2048];
            sfs_engine_error(e, msg, sizeof msg);
            fprintf(stderr, "sfsgate: %s failed: %s\n", name, msg);
            return -1;
        }
        if (st == SFS_STATE_DONE)
            return 0;
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: sfsgate CONFIG RUN_SECONDS\n");
        return 2;
    }
    char *cfg = slurp(argv[1]);
    if (!cfg) return 2;
    double secs = atof(argv[2]);
    char err[2048];
    sfs_engine *e = sfs_engine_open(cfg, err, sizeof err);
    if (!e) { fprintf(stderr, "sfsgate: %s\n", err); return 1; }
    if (sfs_engine_start(e, SFS_PHASE_INIT, 600) || wait_phase(e, "INIT")) {
        sfs_engine_close(e);
        return 1;
    }
    printf("READY\n");
    fflush(stdout);
    char line[64];
    if (!fgets(line, sizeof line, stdin)) { sfs_engine_close(e); return 1; }
    if (sfs_engine_start(e, SFS_PHASE_RUN, secs) || wait_phase(e, "RUN")) {
        sfs_engine_close(e);
        return 1;
    }
    static uint64_t s[SFS_SAMPLE_WORDS];
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    uint64_t total = 0, errors = 0;
    for (int op = 0; op < SFS_OPS_MAX; op++) {
        const uint64_t *o = s + SFS_S_HEADER_WORDS + (size_t)op * SFS_O_WORDS;
        if (!o[SFS_O_OPS]) continue;
        total += o[SFS_O_OPS];
        errors += o[SFS_O_ERRORS];
        printf("op=%s count=%llu errors=%llu physical=%llu\n", sfs_engine_op_name(op),
               (unsigned long long)o[SFS_O_OPS], (unsigned long long)o[SFS_O_ERRORS],
               (unsigned long long)o[SFS_O_PHYSICAL]);
    }
    double el = s[SFS_S_ELAPSED_US] / 1e6;
    printf("total ops=%llu secs=%.3f ops_per_s=%.2f errors=%llu\n", (unsigned long long)total, el,
           el > 0 ? total / el : 0.0, (unsigned long long)errors);
    sfs_engine_close(e);
    return 0;
}
