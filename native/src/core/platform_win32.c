/* platform.h, clock.h and platform_poll.h on Windows (mingw-w64). */
#include "platform.h"
#include "platform_poll.h"
#include "clock.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <windows.h>
#include <psapi.h>
#include <tlhelp32.h>
#include <ws2tcpip.h>

#include "cpu.h"

/* Winsock must be started before the first socket call of libnfs or libsmb2. */
__attribute__((constructor)) static void sockets_start(void)
{
    WSADATA d;
    WSAStartup(MAKEWORD(2, 2), &d);
}

void *sfs_aligned_alloc(size_t align, size_t size)
{
    return _aligned_malloc(size, align);
}

void sfs_aligned_free(void *p)
{
    _aligned_free(p);
}

void *sfs_fiber_new(size_t stack, void (*fn)(void *arg), void *arg)
{
    /* on x86-64 WINAPI is the one calling convention, so fn is a fiber routine */
    return CreateFiberEx(0, stack, FIBER_FLAG_FLOAT_SWITCH,
                         (LPFIBER_START_ROUTINE)(void (*)(void))fn, arg);
}

void sfs_fiber_free(void *fiber)
{
    if (fiber) DeleteFiber(fiber);
}

void *sfs_fiber_self(void)
{
    /* GetCurrentFiber reads the thread block at gs:0x20, which GCC takes for an
     * access to an empty array */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
    if (IsThreadAFiber()) return GetCurrentFiber();
#pragma GCC diagnostic pop
    return ConvertThreadToFiberEx(NULL, FIBER_FLAG_FLOAT_SWITCH);
}

void sfs_fiber_switch(void *to)
{
    SwitchToFiber(to);
}

const char *sfs_strerror(int err)
{
    switch (err) {
    case ESHUTDOWN: return "Cannot send after transport endpoint shutdown";
    case ESTALE: return "Stale file handle";
    case EDQUOT: return "Disk quota exceeded";
    case EREMOTE: return "Object is remote";
    default: return strerror(err);
    }
}

char *sfs_strndup(const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *d = malloc(len + 1);
    if (!d) return NULL;
    memcpy(d, s, len);
    d[len] = 0;
    return d;
}

const char *sfs_errno_name(int err)
{
#define NAME(e) case e: return #e
    switch (err) {
    NAME(EPERM); NAME(ENOENT); NAME(EIO); NAME(EBADF); NAME(EAGAIN); NAME(ENOMEM); NAME(EACCES);
    NAME(EBUSY); NAME(EEXIST); NAME(EXDEV); NAME(ENOTDIR); NAME(EISDIR); NAME(EINVAL); NAME(EMFILE);
    NAME(EFBIG); NAME(ENOSPC); NAME(EROFS); NAME(EMLINK); NAME(ENAMETOOLONG); NAME(ENOTEMPTY);
    NAME(ENOTSUP); NAME(ETIMEDOUT); NAME(ECONNREFUSED); NAME(ECONNRESET);
    NAME(ESHUTDOWN); NAME(ESTALE); NAME(EDQUOT); NAME(EREMOTE);
    default: return NULL;
    }
#undef NAME
}

uint64_t sfs_now_ns(void)
{
    static LARGE_INTEGER freq;
    LARGE_INTEGER c;
    if (!freq.QuadPart) QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&c);
    /* split so that the product cannot overflow for counters of any frequency */
    uint64_t q = (uint64_t)c.QuadPart / (uint64_t)freq.QuadPart;
    uint64_t r = (uint64_t)c.QuadPart % (uint64_t)freq.QuadPart;
    return q * 1000000000ULL + r * 1000000000ULL / (uint64_t)freq.QuadPart;
}

#ifndef CREATE_WAITABLE_TIMER_HIGH_RESOLUTION
#define CREATE_WAITABLE_TIMER_HIGH_RESOLUTION 0x2
#endif

/* One waitable timer per thread, high-resolution where the system has them
 * (Windows 10 1803 and later); a plain one elsewhere. */
static __thread HANDLE sleep_timer;

void sfs_thread_precise_timers(void)
{
    if (sleep_timer) return;
    sleep_timer = CreateWaitableTimerExW(NULL, NULL, CREATE_WAITABLE_TIMER_HIGH_RESOLUTION,
                                         TIMER_ALL_ACCESS);
    if (!sleep_timer) sleep_timer = CreateWaitableTimerExW(NULL, NULL, 0, TIMER_ALL_ACCESS);
}

void sfs_thread_name(const char *name)
{
    (void)name;   /* SetThreadDescription needs Windows 10 1607; the loops are told apart by their ids */
}

void sfs_sleep_until(uint64_t t_ns)
{
    sfs_thread_precise_timers();
    for (;;) {
        uint64_t now = sfs_now_ns();
        if (now >= t_ns) return;
        LARGE_INTEGER due;
        due.QuadPart = -(LONGLONG)((t_ns - now + 99) / 100);   /* relative, 100 ns units */
        if (!sleep_timer || !SetWaitableTimer(sleep_timer, &due, 0, NULL, NULL, FALSE)) {
            Sleep((DWORD)((t_ns - now + 999999) / 1000000));
            continue;
        }
        WaitForSingleObject(sleep_timer, INFINITE);
    }
}

int sfs_poll(struct pollfd *fds, nfds_t n, int timeout_ms)
{
    if (n == 0) {   /* WSAPoll refuses an empty set; poll(2) sleeps */
        if (timeout_ms > 0) sfs_sleep_until(sfs_now_ns() + (uint64_t)timeout_ms * 1000000u);
        return 0;
    }
    int rc = WSAPoll(fds, (ULONG)n, timeout_ms);
    if (rc < 0) errno = EIO;
    return rc;
}

static uint64_t filetime(FILETIME f)
{
    return ((uint64_t)f.dwHighDateTime << 32) | f.dwLowDateTime;   /* 100 ns units */
}

int sfs_proc_cpu_us(uint64_t *user_us, uint64_t *sys_us)
{
    FILETIME created, exited, kernel, user;
    if (!GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &user)) return -1;
    *user_us = filetime(user) / 10;
    *sys_us = filetime(kernel) / 10;
    return 0;
}

long sfs_proc_maxrss_kb(void)
{
    PROCESS_MEMORY_COUNTERS m;
    return K32GetProcessMemoryInfo(GetCurrentProcess(), &m, sizeof m) ? (long)(m.PeakWorkingSetSize / 1024) : 0;
}

int sfs_online_cpus(void)
{
    DWORD n = GetActiveProcessorCount(ALL_PROCESSOR_GROUPS);
    return n > 0 ? (int)n : 1;
}

void sfs_proc_fd_room(long want)
{
    (void)want;
}

int sfs_proc_threads(void)
{
    HANDLE snap = CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0);
    if (snap == INVALID_HANDLE_VALUE) return 0;
    THREADENTRY32 t = { .dwSize = sizeof t };
    DWORD self = GetCurrentProcessId();
    int n = 0;
    for (BOOL more = Thread32First(snap, &t); more; more = Thread32Next(snap, &t))
        if (t.th32OwnerProcessID == self) n++;
    CloseHandle(snap);
    return n;
}

int sfs_host_cpu(struct sfs_cpu_host *out)
{
    FILETIME idle, kernel, user;
    if (!GetSystemTimes(&idle, &kernel, &user)) return -1;
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    /* kernel time includes idle time; ticks of 10 ms, as USER_HZ on Linux */
    uint64_t i = filetime(idle) / 100000, k = filetime(kernel) / 100000, u = filetime(user) / 100000;
    memset(out, 0, sizeof *out);
    out->user = u;
    out->system = k > i ? k - i : 0;
    out->idle = i;
    out->total = u + (k > i ? k : i);
    out->cpus = si.dwNumberOfProcessors;
    return out->total > 0 ? 0 : -1;
}

int sfs_blockdev_size(const char *path, uint64_t *bytes, int *sector)
{
    (void)path; (void)bytes; (void)sector;
    errno = ENOTSUP;
    return -1;
}

/* [...] at p (after the '['): whether c is in the set; *end gets the character
 * after the closing ']', or NULL when the set is not closed (then '[' is literal). */
static int in_set(const char *p, char c, const char **end)
{
    int neg = *p == '!' || *p == '^', hit = 0;
    if (neg) p++;
    const char *s = p;
    for (; *p && (*p != ']' || p == s); p++) {
        if (p[1] == '-' && p[2] && p[2] != ']') {
            if (c >= p[0] && c <= p[2]) hit = 1;
            p += 2;
        } else if (*p == c) {
            hit = 1;
        }
    }
    *end = *p == ']' ? p + 1 : NULL;
    return hit != neg;
}

int sfs_glob_match(const char *pattern, const char *name)
{
    const char *p = pattern, *n = name, *star = NULL, *resume = NULL;
    while (*n) {
        const char *end = NULL;
        if (*p == '*') {
            star = ++p;
            resume = n;
            continue;
        }
        if (*p == '?' || (*p == '[' && (in_set(p + 1, *n, &end) || !end) && (end || *p == *n))
            || (*p && *p != '[' && *p == *n)) {
            p = end ? end : p + 1;
            n++;
            continue;
        }
        if (!star) return 1;
        p = star;
        n = ++resume;
    }
    while (*p == '*') p++;
    return *p ? 1 : 0;
}

int sfs_tcp_probe(const char *host, int port, char *why, size_t whylen)
{
    struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *ai = NULL;
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    int rc = getaddrinfo(host, ps, &hints, &ai);
    if (rc != 0) {
        snprintf(why, whylen, "cannot resolve %s: %s", host, gai_strerrorA(rc));
        return -1;
    }
    SOCKET fd = socket(ai->ai_family, SOCK_STREAM, 0);
    u_long nonblock = 1;
    int ok = 0;
    if (fd != INVALID_SOCKET && ioctlsocket(fd, FIONBIO, &nonblock) == 0) {
        if (connect(fd, ai->ai_addr, (int)ai->ai_addrlen) == 0) {
            ok = 1;
        } else if (WSAGetLastError() == WSAEWOULDBLOCK) {
            struct pollfd p = { .fd = fd, .events = POLLOUT };
            int e = 0;
            int l = sizeof e;
            if (WSAPoll(&p, 1, 3000) == 1 && getsockopt(fd, SOL_SOCKET, SO_ERROR, (char *)&e, &l) == 0 && e == 0)
                ok = 1;
            else
                errno = e ? ECONNREFUSED : ETIMEDOUT;
        } else {
            errno = ECONNREFUSED;
        }
        if (!ok)
            snprintf(why, whylen, "TCP connect to %s:%d failed: %s", host, port, strerror(errno));
        closesocket(fd);
    }
    freeaddrinfo(ai);
    return ok ? 0 : -1;
}
