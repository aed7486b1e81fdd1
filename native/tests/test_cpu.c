/* Client CPU: /proc/stat parsing (fixtures in the kernel's format) and the
 * CPU words of a sample, which cover the window of the phase's counters:
 * frozen once its procs ended, growing while it runs. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "sfsengine.h"
#include "cpu.h"

static uint64_t s[SFS_SAMPLE_WORDS];

static uint64_t c(int w)
{
    return s[SFS_C_BASE + w];
}

/* a 2-CPU machine (Linux 6.1), then the same 1.5 s later */
static const char STAT_A[] =
    "cpu  1000 20 300 50000 40 5 15 7 0 0\n"
    "cpu0 500 10 150 25000 20 3 7 4 0 0\n"
    "cpu1 500 10 150 25000 20 2 8 3 0 0\n"
    "intr 123456 0 9 0\n"
    "ctxt 987654\n"
    "btime 1700000000\n"
    "processes 4242\n"
    "procs_running 2\n"
    "procs_blocked 0\n"
    "softirq 1 2 3\n";
static const char STAT_B[] =
    "cpu  1150 20 360 50070 45 5 20 10 30 0\n"
    "cpu0 575 10 180 25035 22 3 9 5 15 0\n"
    "cpu1 575 10 180 25035 23 2 11 5 15 0\n"
    "intr 123999 0 9 0\n";

static void test_parse(void)
{
    struct sfs_cpu_host a, b;
    CHECK(sfs_cpu_parse_stat(STAT_A, &a) == 0, "parse A");
    CHECK(a.user == 1020 && a.system == 320 && a.idle == 50040, "user %llu system %llu idle %llu",
          (unsigned long long)a.user, (unsigned long long)a.system, (unsigned long long)a.idle);
    CHECK(a.total == 51387, "total without guest %llu", (unsigned long long)a.total);
    CHECK(a.cpus == 2, "cpus %llu", (unsigned long long)a.cpus);
    CHECK(sfs_cpu_parse_stat(STAT_B, &b) == 0, "parse B");

    /* the window A..B: 293 ticks, 150 user, 65 system, 75 idle, 3 steal */
    struct sfs_cpu_snap sa = { .ok = 1, .host = a, .proc_user_us = 100, .proc_sys_us = 50, .mono_ns = 1000000 };
    struct sfs_cpu_snap sb = { .ok = 1, .host = b, .proc_user_us = 900100, .proc_sys_us = 200050,
                               .mono_ns = 1501000000 };
    sfs_cpu_words(s, &sa, &sb);
    CHECK(c(SFS_C_WINDOW_US) == 1500000, "window %llu", (unsigned long long)c(SFS_C_WINDOW_US));
    CHECK(c(SFS_C_HOST_TICKS) == 293, "ticks %llu", (unsigned long long)c(SFS_C_HOST_TICKS));
    CHECK(c(SFS_C_HOST_USER) == 150, "user %llu", (unsigned long long)c(SFS_C_HOST_USER));
    CHECK(c(SFS_C_HOST_SYSTEM) == 65, "system %llu", (unsigned long long)c(SFS_C_HOST_SYSTEM));
    CHECK(c(SFS_C_HOST_IDLE) == 75, "idle %llu", (unsigned long long)c(SFS_C_HOST_IDLE));
    CHECK(c(SFS_C_HOST_CPUS) == 2, "cpus");
    CHECK(c(SFS_C_PROC_USER_US) == 900000 && c(SFS_C_PROC_SYS_US) == 200000, "process CPU");

    /* no aggregate line, or an unreadable end: nothing measured, all words 0 */
    CHECK(sfs_cpu_parse_stat("intr 1 2\nctxt 3\n", &a) == -1, "no cpu line");
    CHECK(sfs_cpu_parse_stat("", &a) == -1, "empty");
    sb.ok = 0;
    sfs_cpu_words(s, &sa, &sb);
    for (int w = 0; w < SFS_C_WORDS; w++)
        CHECK(c(w) == 0, "word %d is 0 when /proc/stat could not be read", w);
}

static void test_engine_window(void)
{
    char err[1024];
    sfs_engine *e = sfs_engine_open("backend=null\nworkload=randread\nprocs=2\nrate=0\ntarget.0=/\n"
                                    "working_set=1048576\nxfer_size=4096\nseed=1\n", err, sizeof err);
    CHECK(e != NULL, "open: %s", err);
    if (!e) return;
    CHECK(sfs_engine_start(e, SFS_PHASE_INIT, 30) == 0, "INIT");
    while (sfs_engine_wait(e, 1000) == SFS_STATE_RUNNING)
        ;
    CHECK(sfs_engine_start(e, SFS_PHASE_RUN, 0.5) == 0, "RUN");
    usleep(200000);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    uint64_t live = c(SFS_C_WINDOW_US);
    CHECK(live >= 150000 && live < 500000, "window while running %llu us", (unsigned long long)live);
    while (sfs_engine_wait(e, 1000) == SFS_STATE_RUNNING)
        ;
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    uint64_t w = c(SFS_C_WINDOW_US);
    CHECK(w >= 490000 && w < 1500000, "window of a 0.5 s RUN %llu us", (unsigned long long)w);
    CHECK(c(SFS_C_HOST_TICKS) > 0, "host ticks");
    CHECK(c(SFS_C_HOST_USER) + c(SFS_C_HOST_SYSTEM) + c(SFS_C_HOST_IDLE) <= c(SFS_C_HOST_TICKS), "parts <= ticks");
    CHECK(c(SFS_C_HOST_CPUS) >= 1, "cpus");
    uint64_t proc = c(SFS_C_PROC_USER_US) + c(SFS_C_PROC_SYS_US);
    /* two unpaced procs keep at least part of a CPU busy */
    CHECK(proc > 10000 && proc <= w * c(SFS_C_HOST_CPUS) + 20000, "process CPU %llu us in %llu us",
          (unsigned long long)proc, (unsigned long long)w);
    usleep(300000);
    sfs_engine_sample(e, s, SFS_SAMPLE_WORDS);
    CHECK(c(SFS_C_WINDOW_US) == w, "the window is frozen after the phase ended");
    sfs_engine_close(e);
}

int main(void)
{
    test_parse();
    test_engine_window();
    return check_result("test_cpu");
}
