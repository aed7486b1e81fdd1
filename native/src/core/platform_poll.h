/* poll() on sockets: poll(2) on Linux, WSAPoll on Windows (same struct pollfd
 * and POLL* bits, from winsock2.h there). */
#ifndef SFS_PLATFORM_POLL_H
#define SFS_PLATFORM_POLL_H

#ifdef _WIN32
#include <winsock2.h>
typedef unsigned long nfds_t;
int sfs_poll(struct pollfd *fds, nfds_t n, int timeout_ms);
#else
#include <poll.h>
static inline int sfs_poll(struct pollfd *fds, nfds_t n, int timeout_ms)
{
    return poll(fds, n, timeout_ms);
}
#endif

#endif
