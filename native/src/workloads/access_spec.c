/* Access-spec parser and CSA generator (access_spec.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>
#include "access_spec.h"

static const char *const field_name[] = {
    "size", "% of accesses", "% read", "% random", "delay (ms)", "burst", "alignment", "reply size"
};
#define NFIELDS 8

static int parse_u32(const char *s, uint64_t hi, uint32_t *out)
{
    while (isspace((unsigned char)*s)) s++;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    while (isspace((unsigned char)*end)) end++;
    if (!isdigit((unsigned char)*s) || *end || errno || v > hi)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

int sfs_access_parse(const char *text, uint32_t max_size, sfs_access_spec *spec,
                     char *err, size_t errlen)
{
    memset(spec, 0, sizeof *spec);
    size_t n = strlen(text);
    char *buf = malloc(n + 1);
    if (!buf) { snprintf(err, errlen, "out of memory"); return -1; }
    memcpy(buf, text, n + 1);
    int rc = 0;
    uint32_t total = 0;
    char *save = NULL;
    for (char *ln = strtok_r(buf, ";", &save); ln && rc == 0; ln = strtok_r(NULL, ";", &save)) {
        if (spec->nlines == SFS_ACCESS_MAX_LINES) {
            snprintf(err, errlen, "more than %d lines", SFS_ACCESS_MAX_LINES);
            rc = -1;
            break;
        }
        int li = spec->nlines + 1;
        char *f[NFIELDS + 1];
        int nf = 0;
        char *p = ln;
        f[nf++] = p;
        for (; *p; p++)
            if (*p == ',') {
                *p = '\0';
                if (nf > NFIELDS) break;
                f[nf++] = p + 1;
            }
        if (nf != NFIELDS) {
            snprintf(err, errlen, "line %d: %d fields, expected %d (size,%%access,%%read,"
                     "%%random,delay,burst,align,reply)", li, nf, NFIELDS);
            rc = -1;
            break;
        }
        static const uint64_t hi[NFIELDS] = {
            0, 100, 100, 100, SFS_ACCESS_MAX_DELAY_MS, 1000000, 1u << 30, UINT32_MAX
        };
        uint32_t v[NFIELDS];
        for (int k = 0; k < NFIELDS && rc == 0; k++) {
            uint64_t top = k == 0 ? max_size : hi[k];
            if (parse_u32(f[k], top, &v[k])) {
                snprintf(err, errlen, "line %d: %s '%s' is not an integer 0..%llu", li,
                         field_name[k], f[k], (unsigned long long)top);
                rc = -1;
            }
        }
        if (rc) break;
        if (v[0] == 0) {
            snprintf(err, errlen, "line %d: size 0: a transfer moves at least one byte", li);
            rc = -1;
        } else if (v[5] == 0) {
            snprintf(err, errlen, "line %d: burst 0: a burst has at least one transfer", li);
            rc = -1;
        } else if (v[7] != 0) {
            snprintf(err, errlen, "line %d: reply size %u: replies belong to Iometer's network "
                     "targets; a file on a file server sends none (use 0)", li, v[7]);
            rc = -1;
        }
        if (rc) break;
        sfs_access_line *l = &spec->line[spec->nlines++];
        l->size = v[0];
        l->pct = v[1];
        l->read_pct = v[2];
        l->random_pct = v[3];
        l->delay_ms = v[4];
        l->burst = v[5];
        l->align = v[6] ? v[6] : SFS_ACCESS_SECTOR;
        total += v[1];
    }
    free(buf);
    if (rc == 0 && spec->nlines == 0) {
        snprintf(err, errlen, "no access-spec lines");
        rc = -1;
    }
    if (rc == 0 && total != 100) {
        snprintf(err, errlen, "the lines' %% of accesses add up to %u, must be 100", total);
        rc = -1;
    }
    return rc;
}

static uint64_t align_up(uint64_t x, uint64_t a)
{
    return (x + a - 1) / a * a;
}

static void pick_burst(sfs_access_gen *g)
{
    uint64_t r = sfs_rng_below(&g->rng, 100);
    uint32_t acc = 0;
    int i = 0;
    for (; i < g->spec->nlines - 1; i++) {
        acc += g->spec->line[i].pct;
        if (r < acc) break;
    }
    /* lines of 0 % are never chosen: step past them to the last real one */
    while (i > 0 && g->spec->line[i].pct == 0) i--;
    g->cur = i;
    g->burst_left = g->spec->line[i].burst;
}

int sfs_access_gen_init(sfs_access_gen *g, const sfs_access_spec *spec, uint64_t start,
                        uint64_t end, uint64_t seed, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->spec = spec;
    g->start = start;
    g->end = end;
    g->csa = start;
    sfs_rng_seed(&g->rng, seed);
    for (int i = 0; i < spec->nlines; i++) {
        const sfs_access_line *l = &spec->line[i];
        if (l->pct && align_up(start, l->align) + l->size > end) {
            snprintf(err, errlen, "line %d: a %u-byte transfer aligned on %u bytes does not fit "
                     "in the %llu-byte region at offset %llu", i + 1, l->size, l->align,
                     (unsigned long long)(end - start), (unsigned long long)start);
            return -1;
        }
    }
    pick_burst(g);
    return 0;
}

void sfs_access_gen_next(sfs_access_gen *g, sfs_access_io *io)
{
    const sfs_access_line *l = &g->spec->line[g->cur];
    uint64_t first = align_up(g->start, l->align);
    io->line = g->cur;
    io->length = l->size;
    io->read = sfs_rng_below(&g->rng, 100) < l->read_pct;
    io->random = sfs_rng_below(&g->rng, 100) < l->random_pct;
    if (io->random) {
        /* uniform over the aligned offsets where the transfer fits */
        uint64_t slots = (g->end - l->size - first) / l->align + 1;
        io->offset = first + sfs_rng_below(&g->rng, slots) * l->align;
    } else {
        io->offset = align_up(g->csa, l->align);
        if (io->offset + l->size > g->end)
            io->offset = first;    /* wrap to the start of the region */
    }
    g->csa = io->offset + l->size;
    if (--g->burst_left == 0) {
        pick_burst(g);
        g->pause_ns = (uint64_t)g->spec->line[g->cur].delay_ms * 1000000ULL;
    }
}

uint64_t sfs_access_gen_pause(sfs_access_gen *g)
{
    uint64_t p = g->pause_ns;
    g->pause_ns = 0;
    return p;
}
