/* dbench's text-level loadfile lines (loadfile.h): RANDOMSTRING fills a slot
 * with a pattern whose every [set] becomes one character of the set, and $N
 * in later lines is replaced by slot N, as dbench's child.c does. The choice
 * comes from a fixed seed, so every run replays the same names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "loadfile.h"

static uint64_t next(lf_strings *s)
{
    s->rng ^= s->rng << 13;
    s->rng ^= s->rng >> 7;
    s->rng ^= s->rng << 17;
    return s->rng;
}

int lf_randomstring(lf_strings *s, const char *line, char *why, size_t whylen)
{
    char pat[LF_SLOT_MAX];
    unsigned idx;
    int used = 0;
    if (!s->rng) s->rng = 0x9E3779B97F4A7C15ULL;
    if (sscanf(line, " RANDOMSTRING %u %n", &idx, &used) != 1 || !used || idx > 9) {
        snprintf(why, whylen, "RANDOMSTRING needs a slot 0..9 and a pattern");
        return -1;
    }
    const char *t = line + used;
    size_t n = strcspn(t, " \t");
    while (n > 0 && *t == '"') { t++; n--; }
    while (n > 0 && t[n - 1] == '"') n--;
    if (n == 0 || n >= sizeof pat) {
        snprintf(why, whylen, "RANDOMSTRING pattern empty or longer than %zu bytes", sizeof pat - 1);
        return -1;
    }
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] != '[') { pat[o++] = t[i]; continue; }
        const char *end = memchr(t + i + 1, ']', n - i - 1);
        if (!end || end == t + i + 1) {
            snprintf(why, whylen, "RANDOMSTRING pattern: '[' without a character set and ']'");
            return -1;
        }
        size_t set = (size_t)(end - (t + i + 1));
        pat[o++] = t[i + 1 + next(s) % set];
        i = (size_t)(end - t);
    }
    pat[o] = '\0';
    free(s->slot[idx]);
    if (!(s->slot[idx] = strdup(pat))) {
        snprintf(why, whylen, "out of memory");
        return -1;
    }
    return 0;
}

char *lf_substitute(const lf_strings *s, const char *line, char *why, size_t whylen)
{
    size_t len = strlen(line), cap = len + 1;
    for (const char *c = line; (c = strchr(c, '$')) != NULL; c++) cap += LF_SLOT_MAX;
    char *out = malloc(cap), *o = out;
    if (!out) { snprintf(why, whylen, "out of memory"); return NULL; }
    for (const char *c = line; *c; c++) {
        if (*c != '$') { *o++ = *c; continue; }
        if (c[1] < '0' || c[1] > '9' || !s->slot[c[1] - '0']) {
            snprintf(why, whylen, "$%c names no RANDOMSTRING slot filled before it (slots $0..$9)",
                     c[1] ? c[1] : ' ');
            free(out);
            return NULL;
        }
        size_t n = strlen(s->slot[c[1] - '0']);
        memcpy(o, s->slot[c[1] - '0'], n);
        o += n;
        c++;
    }
    *o = '\0';
    return out;
}

void lf_strings_free(lf_strings *s)
{
    for (int i = 0; i < 10; i++) free(s->slot[i]);
}
