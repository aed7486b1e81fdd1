/* Client CPU over a measured window: the host's CPU time from /proc/stat and
 * this process's own CPU time (getrusage), taken at the instants a phase's
 * counters start and stop, so the figures cover exactly the window the ops
 * are counted in (docs/results.md, "Client CPU"). */
#ifndef SFS_CPU_H
#define SFS_CPU_H

#include <stdint.h>

/* /proc/stat "cpu" line, in USER_HZ ticks summed over every CPU */
struct sfs_cpu_host {
    uint64_t user;      /* user + nice */
    uint64_t system;    /* system + irq + softirq */
    uint64_t idle;      /* idle + iowait */
    uint64_t total;     /* every field but guest/guest_nice (already in user) */
    uint64_t cpus;      /* "cpuN" lines: CPUs online */
};

struct sfs_cpu_snap {
    int ok;             /* host figures read (0: /proc/stat unreadable) */
    struct sfs_cpu_host host;
    uint64_t proc_user_us, proc_sys_us;
    uint64_t mono_ns;
};

/* Parses the text of /proc/stat; 0, or -1 when it has no aggregate "cpu" line. */
int sfs_cpu_parse_stat(const char *text, struct sfs_cpu_host *out);
/* Reads /proc/stat and getrusage(RUSAGE_SELF) now. */
void sfs_cpu_snapshot(struct sfs_cpu_snap *s);
/* Writes the SFS_C_* words of the window a..b into out + SFS_C_BASE (all 0
 * when either end could not read /proc/stat). */
void sfs_cpu_words(uint64_t *out, const struct sfs_cpu_snap *a, const struct sfs_cpu_snap *b);

#endif
