/* dbench loadfile parser (loadfile.h, docs/loadfile.md): one pass over the
 * text into ops, interned paths and offset expressions; a bad line stops the
 * parse with "file:line: why". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include "loadfile.h"
#include "config.h"
#include "sfsengine.h"

/* Argument letters after the op name:
 *   P path  Q second path  N arg0  M arg1  H handle number  O offset  L length
 *   I a number the replay does not use (info level, attributes, ...)
 *   h the handle is the path (SMB names); consumes no field */
static const struct {
    const char *name;
    const char *args;
    const char *what;   /* field names for messages */
} kinds[LF_KINDS] = {
    [LF_NTCREATEX]   = { "NTCreateX", "PNMH", "path, options, disposition, handle" },
    [LF_CLOSE]       = { "Close", "H", "handle" },
    [LF_RENAME]      = { "Rename", "PQ", "old path, new path" },
    [LF_UNLINK]      = { "Unlink", "PI", "path, attributes" },
    [LF_DELTREE]     = { "Deltree", "P", "path" },
    [LF_RMDIR]       = { "Rmdir", "P", "path" },
    [LF_MKDIR]       = { "Mkdir", "P", "path" },
    [LF_QPATHINFO]   = { "QUERY_PATH_INFORMATION", "PI", "path, level" },
    [LF_QFILEINFO]   = { "QUERY_FILE_INFORMATION", "HI", "handle, level" },
    [LF_QFSINFO]     = { "QUERY_FS_INFORMATION", "I", "level" },
    [LF_SFILEINFO]   = { "SET_FILE_INFORMATION", "HI", "handle, level" },
    [LF_FINDFIRST]   = { "FIND_FIRST", "PIII", "pattern, level, max count, count" },
    [LF_WRITEX]      = { "WriteX", "HOLI", "handle, offset, size, returned size" },
    [LF_READX]       = { "ReadX", "HOLI", "handle, offset, size, returned size" },
    [LF_LOCKX]       = { "LockX", "HOL", "handle, offset, size" },
    [LF_UNLOCKX]     = { "UnlockX", "HOL", "handle, offset, size" },
    [LF_FLUSH]       = { "Flush", "H", "handle" },
    [LF_GETATTR3]    = { "GETATTR3", "P", "path" },
    [LF_LOOKUP3]     = { "LOOKUP3", "P", "path" },
    [LF_CREATE3]     = { "CREATE3", "P", "path" },
    [LF_WRITE3]      = { "WRITE3", "POLN", "path, offset, length, stable" },
    [LF_COMMIT3]     = { "COMMIT3", "P", "path" },
    [LF_READ3]       = { "READ3", "POL", "path, offset, length" },
    [LF_ACCESS3]     = { "ACCESS3", "PII", "path, desired, granted" },
    [LF_MKDIR3]      = { "MKDIR3", "P", "path" },
    [LF_RMDIR3]      = { "RMDIR3", "P", "path" },
    [LF_FSSTAT3]     = { "FSSTAT3", "", "" },
    [LF_FSINFO3]     = { "FSINFO3", "", "" },
    [LF_SYMLINK3]    = { "SYMLINK3", "PQ", "new link, target" },
    [LF_REMOVE3]     = { "REMOVE3", "P", "path" },
    [LF_READDIRPLUS3] = { "READDIRPLUS3", "P", "path" },
    [LF_RENAME3]     = { "RENAME3", "PQ", "old path, new path" },
    [LF_LINK3]       = { "LINK3", "PQ", "new link, existing file" },
    [LF_PATHCONF3]   = { "PATHCONF3", "P", "path" },
    [LF_READLINK3]   = { "READLINK3", "P", "path" },
    [LF_SETATTR3]    = { "SETATTR3", "P", "path" },
    [LF_LOCK4]       = { "LOCK4", "POL", "path, offset, length" },
    [LF_UNLOCK4]     = { "UNLOCK4", "POL", "path, offset, length" },
    [LF_TEST4]       = { "TEST4", "POL", "path, offset, length" },
    [LF_SMB_MKDIR]   = { "MKDIR", "P", "path" },
    [LF_SMB_RMDIR]   = { "RMDIR", "P", "path" },
    [LF_SMB_OPEN]    = { "OPEN", "PhN", "path, flags" },
    [LF_SMB_CLOSE]   = { "CLOSE", "Ph", "path" },
    [LF_SMB_READ]    = { "READ", "PhOL", "path, offset, length" },
    [LF_SMB_WRITE]   = { "WRITE", "PhOL", "path, offset, length" },
    [LF_SMB_UNLINK]  = { "UNLINK", "P", "path" },
    [LF_SMB_READDIR] = { "READDIR", "P", "path" },
};

const char *lf_kind_name(int kind)
{
    return kind >= 0 && kind < LF_KINDS ? kinds[kind].name : "?";
}

struct parser {
    lf_file *f;
    const char *name;
    uint32_t line;
    char *err;
    size_t errlen;
    size_t cap_ops, cap_paths, cap_nums;
    uint32_t *hash;             /* open addressing over path ids + 1 */
    size_t hcap;
    uint64_t *opened;           /* open addressing over NTCreateX handles + 1 */
    size_t ocap, nopened;
};

static int fail(struct parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct parser *p, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(p->err, p->errlen, "%s:%u: %s", p->name, p->line, msg);
    return -1;
}

static int grow(void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return 0;
    size_t n = *cap ? *cap * 2 : 1024;
    while (n < need) n *= 2;
    void *a = realloc(*arr, n * elem);
    if (!a) return -1;
    *arr = a;
    *cap = n;
    return 0;
}

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static int rehash(struct parser *p)
{
    size_t n = p->hcap ? p->hcap * 2 : 4096;
    uint32_t *h = calloc(n, sizeof *h);
    if (!h) return -1;
    for (uint32_t i = 0; i < p->f->npaths; i++) {
        size_t k = hash_str(p->f->paths[i].s) & (n - 1);
        while (h[k]) k = (k + 1) & (n - 1);
        h[k] = i + 1;
    }
    free(p->hash);
    p->hash = h;
    p->hcap = n;
    return 0;
}

/* id of path s (already normalised), adding it if new; LF_NONE on OOM */
static uint32_t intern(struct parser *p, const char *s)
{
    lf_file *f = p->f;
    if ((f->npaths + 1) * 2 > p->hcap && rehash(p)) return LF_NONE;
    size_t k = hash_str(s) & (p->hcap - 1);
    while (p->hash[k]) {
        if (strcmp(f->paths[p->hash[k] - 1].s, s) == 0) return p->hash[k] - 1;
        k = (k + 1) & (p->hcap - 1);
    }
    if (grow((void **)&f->paths, &p->cap_paths, f->npaths + 1, sizeof *f->paths)) return LF_NONE;
    lf_path *lp = &f->paths[f->npaths];
    memset(lp, 0, sizeof *lp);
    if (!(lp->s = strdup(s))) return LF_NONE;
    lp->client_at = -1;
    for (const char *c = s; (c = strstr(c, "client1")) != NULL; c++)
        if ((c == s || c[-1] == '/') && (c[7] == '/' || c[7] == '\0')) {
            lp->client_at = (int32_t)(c - s);
            break;
        }
    p->hash[k] = f->npaths + 1;
    return f->npaths++;
}

/* the slot of handle h in the set of opened handles (0 = free) */
static size_t opened_slot(const struct parser *p, uint32_t h)
{
    size_t k = (h * 2654435761u) & (p->ocap - 1);
    while (p->opened[k] && p->opened[k] != (uint64_t)h + 1) k = (k + 1) & (p->ocap - 1);
    return k;
}

static int open_handle(struct parser *p, uint32_t h)
{
    if ((p->nopened + 1) * 2 > p->ocap) {
        size_t n = p->ocap ? p->ocap * 2 : 256;
        uint64_t *old = p->opened;
        size_t oc = p->ocap;
        if (!(p->opened = calloc(n, sizeof *p->opened))) { p->opened = old; return -1; }
        p->ocap = n;
        for (size_t i = 0; i < oc; i++)
            if (old[i]) p->opened[opened_slot(p, (uint32_t)(old[i] - 1))] = old[i];
        free(old);
    }
    size_t k = opened_slot(p, h);
    if (!p->opened[k]) { p->opened[k] = (uint64_t)h + 1; p->nopened++; }
    return 0;
}

static int was_opened(const struct parser *p, uint32_t h)
{
    return p->ocap && p->opened[opened_slot(p, h)] != 0;
}

/* "\clients\client1\x" or "/a/b": '/'-separated, without the leading '/' */
static int parse_path(struct parser *p, const char *tok, uint32_t *id)
{
    if (tok[0] != '/' && tok[0] != '\\')
        return fail(p, "path %s must start with / or \\", tok);
    char buf[1024];
    size_t n = 0;
    for (const char *c = tok; *c; c++) {
        char ch = *c == '\\' ? '/' : *c;
        if (ch == '/' && (n == 0 || buf[n - 1] == '/')) continue;
        if (n + 1 >= sizeof buf) return fail(p, "path longer than %d bytes", (int)sizeof buf - 1);
        buf[n++] = ch;
    }
    while (n > 0 && buf[n - 1] == '/') n--;
    buf[n] = '\0';
    for (char *c = buf; (c = strstr(c, "..")) != NULL; c += 2)
        if ((c == buf || c[-1] == '/') && (c[2] == '/' || c[2] == '\0'))
            return fail(p, "path %s: '..' would leave the client's directory", tok);
    *id = intern(p, buf);
    return *id == LF_NONE ? fail(p, "out of memory") : 0;
}

static int parse_u64(const char *tok, uint64_t *v)
{
    char *end;
    if (!*tok || *tok == '-') return -1;
    errno = 0;
    *v = strtoull(tok, &end, 0);
    return errno || *end ? -1 : 0;
}

/* a number or an expression: "*" [/y | %y | +y]..., "+y", "+child", "+num_children" */
static int parse_num(struct parser *p, const char *tok, const char *what, uint32_t *id)
{
    lf_num n;
    memset(&n, 0, sizeof n);
    if (tok[0] == '*') {
        n.kind = LF_NUM_RANDOM;
        const char *c = tok + 1;
        while (*c) {
            if (n.nq == LF_MAXQ)
                return fail(p, "%s %s: more than %d qualifiers", what, tok, LF_MAXQ);
            char q = *c++;
            if (q != '/' && q != '%' && q != '+')
                return fail(p, "%s %s: unknown qualifier '%c' (use /y, %%y or +y)", what, tok, q);
            char *end;
            errno = 0;
            uint64_t v = strtoull(c, &end, 0);
            if (end == c || errno)
                return fail(p, "%s %s: '%c' needs a number", what, tok, q);
            if (v == 0 && q != '+')
                return fail(p, "%s %s: '%c0' divides by zero", what, tok, q);
            n.q[n.nq] = q;
            n.v[n.nq++] = v;
            c = end;
        }
    } else if (tok[0] == '+') {
        if (strcmp(tok, "+child") == 0) n.kind = LF_NUM_PREV_CHILD;
        else if (strcmp(tok, "+num_children") == 0) n.kind = LF_NUM_PREV_CLIENTS;
        else {
            n.kind = LF_NUM_PREV;
            if (parse_u64(tok + 1, &n.v[0]))
                return fail(p, "%s %s: '+' needs a number, child or num_children", what, tok);
        }
    } else {
        n.kind = LF_NUM_ABS;
        if (parse_u64(tok, &n.v[0]))
            return fail(p, "%s %s is not a number or an expression (*%%y/z, +y)", what, tok);
    }
    lf_file *f = p->f;
    if (grow((void **)&f->nums, &p->cap_nums, f->nnums + 1, sizeof *f->nums))
        return fail(p, "out of memory");
    f->nums[f->nnums] = n;
    *id = f->nnums++;
    return 0;
}

static int parse_status(struct parser *p, const char *tok, lf_op *op)
{
    if (lf_parse_status(tok, op) == 0) return 0;
    if (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X'))
        return fail(p, "status %s is not a hexadecimal number", tok);
    return fail(p, "bad status %s (NT_STATUS_*, 0x..., SUCCESS, ERROR or *); is the line truncated?",
                tok);
}

#define MAXTOK 24

/* split into tokens; "..." keeps spaces; returns the count or -1 */
static int tokenize(struct parser *p, char *s, char **tok)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t') s++;
        if (!*s) return n;
        if (n == MAXTOK) return fail(p, "more than %d fields", MAXTOK);
        if (*s == '"') {
            char *e = strchr(s + 1, '"');
            if (!e) return fail(p, "unterminated quote (truncated line?)");
            tok[n++] = s + 1;
            *e = '\0';
            s = e + 1;
            if (*s && *s != ' ' && *s != '\t') return fail(p, "text right after a closing quote");
            continue;
        }
        tok[n++] = s;
        while (*s && *s != ' ' && *s != '\t') s++;
        if (*s) *s++ = '\0';
    }
}

static int find_kind(const char *name)
{
    for (int k = 0; k < LF_KINDS; k++)   /* the first letter rules out most names cheaply */
        if (kinds[k].name[0] == name[0] && strcmp(kinds[k].name, name) == 0) return k;
    return -1;
}

static const char *const unsupported[] = {
    "SLEEP", "SETSP", "WAITSP", "WRITEPATTERN",
};

/* commands of dbench's block-device backends (-B scsi, -B iscsi): no file server takes them */
static const char *const scsi_ops[] = {
    "TESTUNITREADY", "READ6", "READ10", "READ16", "WRITE10", "WRITE16", "READCAPACITY10",
    "SYNCHRONIZECACHE10", "PROUT", "PRIN",
};

static int is_scsi(const char *name)
{
    for (size_t u = 0; u < sizeof scsi_ops / sizeof scsi_ops[0]; u++)
        if (strcmp(name, scsi_ops[u]) == 0) return 1;
    return 0;
}

/* looked up only for a line that is no op: find_kind is all most lines pay */
static int is_unsupported(const char *name)
{
    for (size_t u = 0; u < sizeof unsupported / sizeof unsupported[0]; u++)
        if (strcmp(name, unsupported[u]) == 0) return 1;
    return 0;
}

/* the line's first word is w (a macro line of dbench's) */
static int is_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    return strncmp(s, w, n) == 0 && (s[n] == '\0' || s[n] == ' ' || s[n] == '\t');
}

/* most op lines a LOOP may make, far above dbench's own loadfiles */
#define LF_MAX_OPS 10000000u

static int parse_line(struct parser *p, char *s, uint32_t *repeat)
{
    char *tok[MAXTOK];
    const char *first = s + strspn(s, " \t");
    if (*first == '#') return 0;   /* dbench's rule: a comment, whatever quotes it holds */
    int n = tokenize(p, s, tok);
    if (n <= 0) return n;
    if (strcmp(tok[0], "REPEAT") == 0) {
        uint64_t r;
        if (n != 2 || parse_u64(tok[1], &r) || r == 0 || r > 100000000)
            return fail(p, "REPEAT needs one count from 1 to 100000000");
        if (*repeat != 1) return fail(p, "REPEAT right after REPEAT");
        *repeat = (uint32_t)r;
        return 0;
    }
    lf_file *f = p->f;
    lf_op op;
    memset(&op, 0, sizeof op);
    op.line = p->line;
    op.path = op.path2 = LF_NONE;
    op.num[0] = op.num[1] = LF_NONE;
    int i = 0;
    char *end;
    double t = strtod(tok[0], &end);
    int stamped = isdigit((unsigned char)tok[0][0]) || (end != tok[0] && *end == '\0');
    /* a text is quoted only from a file that looks like a loadfile so far: an op line before
     * it, or a known op on it (LOADFILE=/etc/shadow must not print its first line) */
    int quote = f->nops > 0 || (n > stamped && find_kind(tok[stamped]) >= 0);
    if (stamped) {
        if (*end || !(t >= 0) || t > 1e9)
            return quote ? fail(p, "bad timestamp %s", tok[0])
                         : fail(p, "bad timestamp (not shown: no loadfile line before it)");
        op.t_us = (uint64_t)(t * 1e6 + 0.5);
        i = 1;
    }
    if (f->nops == 0) f->timestamped = stamped;
    else if (f->timestamped != stamped && i < n && is_unsupported(tok[i]))
        return fail(p, "%s lines are not supported by sfsbench's replay", tok[i]);
    else if (f->timestamped != stamped)
        return fail(p, "%s a timestamp while the first op line (%u) %s: one format per file",
                    stamped ? "has" : "lacks", f->ops[0].line, f->timestamped ? "has one" : "has none");
    if (i >= n) return fail(p, "no op after the timestamp");
    int k = find_kind(tok[i]);
    if (k < 0) {
        if (is_unsupported(tok[i]))
            return fail(p, "%s lines are not supported by sfsbench's replay", tok[i]);
        if (is_scsi(tok[i]))
            return fail(p, "%s is a SCSI command of dbench's scsi/iscsi backends (dbench -B scsi|iscsi):"
                        " a block device's load, which no file-server protocol carries", tok[i]);
        if (!quote)
            return fail(p, "not a dbench loadfile line (the line is not shown: the file has no"
                        " loadfile op line before it)");
        if (strncmp(tok[i], "SMB", 3) == 0)
            return fail(p, "op %s: a dbench 1 loadfile (not supported)", tok[i]);
        return fail(p, "unknown op %s", tok[i]);
    }
    op.kind = (uint8_t)k;
    const char *spec = kinds[k].args;
    int want = 0;
    for (const char *c = spec; *c; c++) want += *c != 'h';
    if ((k == LF_SMB_READ || k == LF_SMB_WRITE) && n - i - 1 == want && !strchr("/\\", tok[i + 1][0]))
        return fail(p, "%s with an offset and no path: a loadfile of dbench's block backend (dbench -B"
                    " block), which loads a device, not files", tok[i]);
    if (n - i - 1 != want + 1)
        return fail(p, "%s needs %d field%s (%s%sstatus), found %d%s", tok[i], want + 1,
                    want ? "s" : "", kinds[k].what, want ? ", " : "", n - i - 1,
                    n - i - 1 < want + 1 ? " (truncated line?)" : "");
    int a = i + 1;
    for (const char *c = spec; *c; c++) {
        const char *t = *c == 'h' ? NULL : tok[a++];
        uint64_t v;
        switch (*c) {
        case 'P': if (parse_path(p, t, &op.path)) return -1; break;
        case 'Q': if (parse_path(p, t, &op.path2)) return -1; break;
        case 'h': op.handle = op.path; break;
        case 'O': if (parse_num(p, t, "offset", &op.num[0])) return -1; break;
        case 'L':
            if (parse_num(p, t, "length", &op.num[1])) return -1;
            if (f->nums[op.num[1]].kind == LF_NUM_ABS && f->nums[op.num[1]].v[0] > SFS_XFER_MAX)
                return fail(p, "length %s is larger than the engine's %d byte transfers", t,
                            SFS_XFER_MAX);
            break;
        case 'N': case 'M': case 'H': case 'I':
            if (parse_u64(t, &v) || v > UINT32_MAX)
                return fail(p, "%s: field %d (%s) must be a number, found %s", tok[i], a - i - 1,
                            kinds[k].what, t);
            if (*c == 'N') op.arg0 = (uint32_t)v;
            else if (*c == 'M') op.arg1 = (uint32_t)v;
            else if (*c == 'H') op.handle = (uint32_t)v;
            break;
        }
        if (*c != 'H') continue;
        if (k == LF_NTCREATEX) {
            if (open_handle(p, op.handle)) return fail(p, "out of memory");
        } else if (!was_opened(p, op.handle)) {
            /* dbench stops the run here ("handle N was not found"); refused before any I/O */
            return fail(p, "%s of handle %u, which no earlier NTCreateX line opened", tok[i],
                        op.handle);
        }
    }
    if (parse_status(p, tok[n - 1], &op)) return -1;
    op.repeat = *repeat;
    *repeat = 1;
    if (grow((void **)&f->ops, &p->cap_ops, f->nops + 1, sizeof *f->ops))
        return fail(p, "out of memory");
    f->ops[f->nops++] = op;
    f->kind_count[k] += op.repeat;
    return 0;
}

/* intern for lf_mark_dirs */
static uint32_t intern_cb(void *ctx, const char *s)
{
    return intern(ctx, s);
}

lf_file *lf_parse_text(const char *name, const char *text, size_t len, char *err, size_t errlen)
{
    struct parser p = { .name = name, .err = err, .errlen = errlen };
    p.f = calloc(1, sizeof *p.f);
    if (!p.f) { snprintf(err, errlen, "%s: out of memory", name); return NULL; }
    snprintf(p.f->name, sizeof p.f->name, "%s", name);
    char *line = malloc(len + 1), why[300];
    uint32_t repeat = 1, loop_line = 0, loop_left = 0;
    size_t pos = 0, loop_pos = 0;
    lf_strings strs = { .rng = 0 };
    if (!line) { fail(&p, "out of memory"); goto bad; }
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t l = nl ? (size_t)(nl - (text + pos)) : len - pos;
        memcpy(line, text + pos, l);
        line[l] = '\0';
        if (l && line[l - 1] == '\r') line[--l] = '\0';
        pos += (size_t)(nl ? nl - (text + pos) : (ptrdiff_t)(len - pos)) + 1;
        p.line++;
        if (strlen(line) != l) {
            fail(&p, "NUL byte in the line (binary or garbled file)");
            goto bad;
        }
        const char *w = line + strspn(line, " \t");
        unsigned long count;
        if (is_word(w, "LOOP")) {   /* dbench's one loop at a time: the lines up to ENDLOOP, count times */
            char *end;
            count = strtoul(w + 4, &end, 10);
            if (loop_left) { fail(&p, "LOOP inside the LOOP of line %u", loop_line); goto bad; }
            if (count < 1 || count > 100000000 || end == w + 4 || *end) {
                fail(&p, "LOOP needs one count from 1 to 100000000");
                goto bad;
            }
            loop_left = (uint32_t)count;
            loop_pos = pos;
            loop_line = p.line;
            continue;
        }
        if (is_word(w, "ENDLOOP")) {
            if (!loop_left) { fail(&p, "ENDLOOP without a LOOP"); goto bad; }
            if (--loop_left) { pos = loop_pos; p.line = loop_line; }
            continue;
        }
        if (loop_left && p.f->nops > LF_MAX_OPS) {
            fail(&p, "the LOOP of line %u makes more than %u op lines; REPEAT repeats one line cheaply",
                 loop_line, LF_MAX_OPS);
            goto bad;
        }
        if (is_word(w, "RANDOMSTRING")) {
            if (lf_randomstring(&strs, w, why, sizeof why)) { fail(&p, "%s", why); goto bad; }
            continue;
        }
        int r;
        if (*w != '#' && strs.rng && strchr(line, '$')) {   /* dbench: only once a RANDOMSTRING was seen */
            char *sub = lf_substitute(&strs, line, why, sizeof why);
            if (!sub) { fail(&p, "%s", why); goto bad; }
            r = parse_line(&p, sub, &repeat);
            free(sub);
        } else {
            r = parse_line(&p, line, &repeat);
        }
        if (r < 0) goto bad;
    }
    if (loop_left) {
        fail(&p, "the LOOP of line %u has no ENDLOOP", loop_line);
        goto bad;
    }
    p.f->lines = p.line;
    if (repeat != 1) {
        fail(&p, "REPEAT at the end of the file has no line to repeat");
        goto bad;
    }
    if (p.f->nops == 0) {
        snprintf(err, errlen, "%s: no op lines", name);
        goto bad;
    }
    if (lf_mark_dirs(p.f, intern_cb, &p) || lf_build_trees(p.f)) {
        snprintf(err, errlen, "%s: out of memory", name);
        goto bad;
    }
    free(line);
    free(p.hash);
    free(p.opened);
    lf_strings_free(&strs);
    return p.f;
bad:
    lf_strings_free(&strs);
    free(line);
    free(p.hash);
    free(p.opened);
    lf_free(p.f);
    return NULL;
}

lf_file *lf_parse(const char *path, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = NULL;
    size_t n = 0, cap = 0, r;
    do {
        if (n + 65536 > cap) {
            char *b = realloc(buf, cap = (cap ? cap * 2 : 1 << 20));
            if (!b) { free(buf); fclose(fp); snprintf(err, errlen, "%s: out of memory", path); return NULL; }
            buf = b;
        }
        r = fread(buf + n, 1, cap - n, fp);
        n += r;
    } while (r > 0);
    int rerr = ferror(fp);
    fclose(fp);
    if (rerr) {
        free(buf);
        snprintf(err, errlen, "%s: read error", path);
        return NULL;
    }
    lf_file *f = lf_parse_text(path, buf ? buf : "", n, err, errlen);
    free(buf);
    return f;
}

void lf_free(lf_file *f)
{
    if (!f) return;
    for (uint32_t i = 0; i < f->npaths; i++) free(f->paths[i].s);
    free(f->paths);
    free(f->ops);
    free(f->nums);
    free(f->tree);
    free(f);
}
