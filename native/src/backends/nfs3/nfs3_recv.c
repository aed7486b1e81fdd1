/* Replies read from the NFS socket by the backend, each record handed to
 * libnfs's rpc_process_pdu (nfs3_conn.h: nfs3_recv).
 *
 * Why not rpc_service(POLLIN): libnfs 4.0 scans all 1024 buckets of its
 * reply table for timed-out RPCs on every rpc_service call, about 7,300
 * instructions, a third of what a 4 KiB read costs the client at QD 1.  The
 * scan is needed only a few times per second (nfs3_poll runs it every
 * NFS3_SCAN_NS); libnfs 6 itself runs it once per second.  Reading here also
 * takes one recv per reply where libnfs takes two (record mark, then body)
 * and keeps one buffer per connection instead of one malloc per reply. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nfs3_conn.h"

#ifdef SFS_NFS3_OWN_RECV
#include <sys/socket.h>

/* exported by libnfs (lib/pdu.c) without a public declaration: decodes one
 * record (record mark included), finds its RPC by XID and runs the callback */
int rpc_process_pdu(struct rpc_context *rpc, char *buf, int size);

#define RECV_CHUNK  (64u * 1024u)
#define RECORD_MAX  (NFS3_MAX_IO + 4096u)   /* libnfs 4.0's own limit for a reply */

static uint32_t record_size(const char *p)
{
    const unsigned char *b = (const unsigned char *)p;
    uint32_t mark = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    return (mark & 0x7fffffffu) + 4;
}

/* Make room for `want` bytes from rstart on. */
static int room(nfs3_conn *n, size_t want)
{
    if (n->rstart + want > n->rcap && n->rstart > 0) {
        memmove(n->rbuf, n->rbuf + n->rstart, n->rend - n->rstart);
        n->rend -= n->rstart;
        n->rstart = 0;
    }
    if (want > n->rcap) {
        char *b = realloc(n->rbuf, want);
        if (!b)
            return -1;
        n->rbuf = b;
        n->rcap = want;
    }
    return 0;
}

int nfs3_recv(nfs3_conn *n, char *why, size_t whylen)
{
    int fd = rpc_get_fd(n->rpc);
    for (;;) {
        size_t have = n->rend - n->rstart;
        size_t want = RECV_CHUNK;
        if (have >= 4) {
            uint32_t rec = record_size(n->rbuf + n->rstart);
            if (rec > RECORD_MAX) {
                snprintf(why, whylen, "reply record of %u bytes (at most %u expected)", rec, RECORD_MAX);
                return -1;
            }
            if (rec > want)
                want = rec;
        }
        if (room(n, want) < 0) {
            snprintf(why, whylen, "out of memory for a reply of %zu bytes", want);
            return -1;
        }
        size_t space = n->rcap - n->rend;
        ssize_t got = recv(fd, n->rbuf + n->rend, space, MSG_DONTWAIT);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return 0;
            snprintf(why, whylen, "read from socket: %s", strerror(errno));
            return -1;
        }
        if (got == 0) {
            snprintf(why, whylen, "server closed the connection");
            return -1;
        }
        n->rend += (size_t)got;
        /* every complete record: a callback may queue new RPCs, never reads */
        while (n->rend - n->rstart >= 4) {
            uint32_t rec = record_size(n->rbuf + n->rstart);
            if (rec > n->rend - n->rstart)
                break;
            if (rpc_process_pdu(n->rpc, n->rbuf + n->rstart, (int)rec) != 0) {
                snprintf(why, whylen, "invalid reply from server: %s", rpc_get_error(n->rpc));
                return -1;
            }
            n->rstart += rec;
            if (n->dead)
                return 0;
        }
        if (n->rstart == n->rend)
            n->rstart = n->rend = 0;
        if ((size_t)got < space)
            return 0;           /* a short read emptied the socket */
    }
}
#endif
