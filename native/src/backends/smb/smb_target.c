/* An smb target as the rc file gives it (smb://server[:port]/share[/folder]
 * or \\\\server\\share\\folder) split into its parts. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smb_ctx.h"

/* Split a target into server, port, share and folder.  0 or -1 + message. */
int smb_parse_target(const char *t, char *server, size_t slen, int *port,
                     char *share, size_t shlen, char *folder, size_t flen,
                     char *err, size_t errlen)
{
    const char *p = t;
    if (strncmp(p, "smb://", 6) == 0) p += 6;
    else if ((p[0] == '\\' && p[1] == '\\') || (p[0] == '/' && p[1] == '/')) p += 2;
    else goto bad;
    size_t n = strcspn(p, "\\/");
    if (n == 0 || p[n] == '\0' || n >= slen) goto bad;
    snprintf(server, slen, "%.*s", (int)n, p);
    *port = 0;
    char *colon = strchr(server, ':');
    if (colon) {
        char *end;
        long v = strtol(colon + 1, &end, 10);
        if (*end || v < 1 || v > 65535) {
            snprintf(err, errlen, "target %s: port '%s' is not a number 1..65535", t, colon + 1);
            return -1;
        }
        *port = (int)v;
        *colon = '\0';
    }
    p += n + 1;
    n = strcspn(p, "\\/");
    if (n == 0 || n >= shlen) goto bad;
    snprintf(share, shlen, "%.*s", (int)n, p);
    p += n;
    /* folder: the rest, separators normalised to '/', no leading/trailing '/' */
    size_t o = 0;
    for (; *p && o + 1 < flen; p++) {
        char ch = *p == '\\' ? '/' : *p;
        if (ch == '/' && (o == 0 || folder[o - 1] == '/')) continue;
        folder[o++] = ch;
    }
    while (o > 0 && folder[o - 1] == '/') o--;
    folder[o] = '\0';
    return 0;
bad:
    snprintf(err, errlen, "target %s: expected \\\\server\\share or \\\\server:port\\share "
             "(also //server/share, smb://server:port/share, optionally followed by a folder)", t);
    return -1;
}

/* What a connection failure with err most likely means, or NULL. */
const char *smb_connect_hint(int err)
{
    switch (err) {
    case EACCES: case EPERM:
        return "access denied: wrong user name, password or domain, or the user may not use the share";
    case ENOENT: case ENODEV: case ENXIO:
        return "share not found on the server";
    case ECONNREFUSED:
        return "connection refused: no SMB server listening on that port";
    case ETIMEDOUT:
        return "timed out";
    case EHOSTUNREACH: case ENETUNREACH:
        return "host unreachable";
    default:
        return NULL;
    }
}
