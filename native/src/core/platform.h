/* The engine's view of the operating system: what differs between Linux and
 * Windows lives behind these calls (platform_posix.c, platform_win32.c), so
 * that the core, the workloads and the network backends compile unchanged on
 * both.  Clock and sleep are in clock.h, poll in platform_poll.h (it brings the
 * socket headers), coroutine stacks in platform_coro.h. */
#ifndef SFS_PLATFORM_H
#define SFS_PLATFORM_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

struct sfs_cpu_host;

/* The backend a config without backend= gets: the local-file one. */
#ifdef _WIN32
#define SFS_DEFAULT_BACKEND "win32"
#else
#define SFS_DEFAULT_BACKEND "posix"
#endif

/* A thread-local read on a per-I/O path.  Initial-exec on ELF: the library
 * is dlopened (JNA), where the default model calls __tls_get_addr, measured
 * at 1.9 % of a posix io_uring worker's CPU; the few bytes come from the
 * static TLS surplus glibc keeps for such modules. */
#if defined(__ELF__)
#define SFS_THREAD_LOCAL __thread __attribute__((tls_model("initial-exec")))
#else
#define SFS_THREAD_LOCAL __thread
#endif

/* errno values Windows' C runtime lacks: engine-local codes (never produced by
 * the system there, only by the backends' own mapping of server answers). */
#ifndef ESHUTDOWN
#define ESHUTDOWN 1058
#endif
#ifndef ESTALE
#define ESTALE 1070
#endif
#ifndef EDQUOT
#define EDQUOT 1069
#endif
#ifndef EREMOTE
#define EREMOTE 1071
#endif

#ifdef _WIN32
/* Coroutine stacks on Windows: Win32 Fibers (Linux: smb_task.c switches stacks
 * itself).  A fiber runs fn(arg) on its first switch; fn must never return.
 * stack: bytes reserved (committed as the stack grows).
 * Windows puts a guard page below each fiber's stack.  The calling thread
 * becomes a fiber itself on its first switch. */
void *sfs_fiber_new(size_t stack, void (*fn)(void *arg), void *arg);
void sfs_fiber_free(void *fiber);
/* The calling thread's current fiber (made one if it was none). */
void *sfs_fiber_self(void);
void sfs_fiber_switch(void *to);
#endif

/* Memory aligned to align bytes (a power of two), released with sfs_aligned_free
 * only (Windows keeps such blocks apart from malloc's); NULL when out of memory. */
void *sfs_aligned_alloc(size_t align, size_t size);
void sfs_aligned_free(void *p);

#ifdef _WIN32
/* POSIX string call Windows' C runtime lacks (platform_win32.c; a name of
 * its own, as the static libnfs brings another) */
#define strndup sfs_strndup
char *sfs_strndup(const char *s, size_t n);
#endif

/* strerror() that also names the engine-local codes above */
const char *sfs_strerror(int err);

/* "ENOENT" etc. for an errno value; NULL when unknown */
const char *sfs_errno_name(int err);

/* The calling thread wakes from timed sleeps as close to the deadline as the
 * system allows (Linux: 1 ns timer slack instead of 50 us). */
void sfs_thread_precise_timers(void);

/* Names the calling thread (up to 15 characters: ps, top, gdb show it);
 * nothing where the platform has no thread names. */
void sfs_thread_name(const char *name);

/* This process's CPU time in microseconds, user and system; 0 or -1. */
int sfs_proc_cpu_us(uint64_t *user_us, uint64_t *sys_us);

/* This process's peak resident memory in KiB (Windows: peak working set). */
long sfs_proc_maxrss_kb(void);

/* The CPUs online now (at least 1). */
int sfs_online_cpus(void);

/* Room for at least want open files (sockets) in this process: Linux lifts
 * the soft limit towards the hard one (often 1024 vs 2^20); what the hard
 * limit refuses, the opens report.  Windows has no such per-process limit. */
void sfs_proc_fd_room(long want);

/* The number of threads this process has now; 0 when unknown. */
int sfs_proc_threads(void);

/* The host's CPU time summed over all CPUs (Linux: /proc/stat in USER_HZ ticks,
 * Windows: GetSystemTimes in 10 ms ticks); 0, or -1 when unreadable. */
int sfs_host_cpu(struct sfs_cpu_host *out);

/* Size in bytes and logical sector of the block device at path; 0, or -1 with
 * errno set (ENOTSUP where the platform has no block-device targets). */
int sfs_blockdev_size(const char *path, uint64_t *bytes, int *sector);

/* libnfs often says only "nfs_service failed" when a port is closed: whether
 * host:port accepts a TCP connection within 3 s; 0, or -1 with why filled. */
int sfs_tcp_probe(const char *host, int port, char *why, size_t whylen);

/* Shell glob match of one file name (*, ?, [...]), as fnmatch(pattern, name, 0):
 * 0 on a match. */
int sfs_glob_match(const char *pattern, const char *name);

#endif
