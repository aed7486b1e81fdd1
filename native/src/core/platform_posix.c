/* platform.h on Linux. */
#include "platform.h"

#include <fcntl.h>
#include <fnmatch.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cpu.h"

void *sfs_aligned_alloc(size_t align, size_t size)
{
    void *p;
    return posix_memalign(&p, align, size) == 0 ? p : NULL;
}

void sfs_aligned_free(void *p)
{
    free(p);
}

const char *sfs_strerror(int err)
{
    return strerror(err);
}

const char *sfs_errno_name(int err)
{
    return strerrorname_np(err);
}

void sfs_thread_precise_timers(void)
{
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
}

void sfs_thread_name(const char *name)
{
    prctl(PR_SET_NAME, name, 0, 0, 0);
}

int sfs_proc_cpu_us(uint64_t *user_us, uint64_t *sys_us)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return -1;
    *user_us = (uint64_t)ru.ru_utime.tv_sec * 1000000u + (uint64_t)ru.ru_utime.tv_usec;
    *sys_us = (uint64_t)ru.ru_stime.tv_sec * 1000000u + (uint64_t)ru.ru_stime.tv_usec;
    return 0;
}

long sfs_proc_maxrss_kb(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

int sfs_online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

void sfs_proc_fd_room(long want)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)want) {
        rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > (rlim_t)want ? (rlim_t)want : rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

int sfs_proc_threads(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    int n = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "Threads: %d", &n) == 1) break;
    if (f) fclose(f);
    return n;
}

int sfs_host_cpu(struct sfs_cpu_host *out)
{
    /* /proc/stat is one read on a machine with up to a few hundred CPUs */
    char buf[65536];
    int fd = open("/proc/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n, got = 0;
    while (got < (ssize_t)sizeof buf - 1 && (n = read(fd, buf + got, sizeof buf - 1 - got)) > 0)
        got += n;
    close(fd);
    buf[got] = 0;
    return sfs_cpu_parse_stat(buf, out);
}

int sfs_blockdev_size(const char *path, uint64_t *bytes, int *sector)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    int rc = ioctl(fd, BLKGETSIZE64, bytes) != 0 || ioctl(fd, BLKSSZGET, sector) != 0 ? -1 : 0;
    int saved = errno;
    close(fd);
    errno = saved;
    return rc;
}

int sfs_glob_match(const char *pattern, const char *name)
{
    return fnmatch(pattern, name, 0);
}

int sfs_tcp_probe(const char *host, int port, char *why, size_t whylen)
{
    struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *ai = NULL;
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    int rc = getaddrinfo(host, ps, &hints, &ai);
    if (rc != 0) {
        snprintf(why, whylen, "cannot resolve %s: %s", host, gai_strerror(rc));
        return -1;
    }
    int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK, 0);
    int ok = 0;
    if (fd >= 0) {
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
            ok = 1;
        } else if (errno == EINPROGRESS) {
            struct pollfd p = { .fd = fd, .events = POLLOUT };
            int e = 0;
            socklen_t l = sizeof e;
            if (poll(&p, 1, 3000) == 1 && getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &l) == 0 && e == 0)
                ok = 1;
            else
                errno = e ? e : ETIMEDOUT;
        }
        if (!ok)
            snprintf(why, whylen, "TCP connect to %s:%d failed: %s", host, port, strerror(errno));
        close(fd);
    }
    freeaddrinfo(ai);
    return ok ? 0 : -1;
}
