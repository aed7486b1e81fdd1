/* The platform layer (platform.h, clock.h, platform_poll.h) answers alike on
 * Linux and on Windows (this test also runs as .exe under Wine): glob match,
 * clock and sleep, CPU times, aligned memory, errno names, TCP probe, poll; on
 * Windows also Fibers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "clock.h"
#include "cpu.h"
#include "platform.h"
#include "platform_poll.h"

static void glob(void)
{
    static const struct { const char *pattern, *name; int match; } cases[] = {
        { "sfs_bench", "sfs_bench", 1 }, { "sfs_bench", "sfs_benchx", 0 },
        { "sfs_*", "sfs_bench", 1 }, { "sfs_*", "sfs_", 1 }, { "sfs_*", "xsfs_", 0 },
        { "*bench", "sfs_bench", 1 }, { "*", "", 1 }, { "?", "", 0 }, { "?fs*", "sfs_x", 1 },
        { "p[0-9]*", "p7", 1 }, { "p[0-9]*", "px", 0 }, { "p[!0-9]", "px", 1 }, { "p[!0-9]", "p3", 0 },
        { "a*b*c", "axxbyyc", 1 }, { "a*b*c", "axxbyy", 0 }, { "[ab]", "b", 1 }, { "[ab]", "c", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK((sfs_glob_match(cases[i].pattern, cases[i].name) == 0) == cases[i].match,
              "glob '%s' on '%s': expected %s", cases[i].pattern, cases[i].name,
              cases[i].match ? "a match" : "no match");
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* sleeps end at their deadline, not before, and typically within a few ms after it
 * (the median: the machine is shared, and one late wake-up is scheduling, not the timer) */
static void clock_and_sleep(void)
{
    sfs_thread_precise_timers();
    uint64_t over[21];
    for (int i = 0; i < 21; i++) {
        uint64_t t = sfs_now_ns() + 2000000;
        sfs_sleep_until(t);
        uint64_t now = sfs_now_ns();
        CHECK(now >= t, "woke %llu ns before the deadline", (unsigned long long)(t - now));
        over[i] = now >= t ? now - t : 0;
    }
    qsort(over, 21, sizeof over[0], cmp_u64);
    CHECK(over[10] < 5000000, "2 ms sleeps overslept by %llu us (median): a coarse timer",
          (unsigned long long)(over[10] / 1000));
    uint64_t a = sfs_now_ns(), b = sfs_now_ns();
    CHECK(b >= a, "clock went back %llu ns", (unsigned long long)(a - b));
}

static void cpu_times(void)
{
    uint64_t u0 = 0, s0 = 0, u1 = 0, s1 = 0;
    CHECK(sfs_proc_cpu_us(&u0, &s0) == 0, "process CPU times");
    /* spin until the count moves (Windows counts in 15.6 ms ticks), at most 2 s */
    volatile uint64_t x = 0;
    uint64_t end = sfs_now_ns() + 2000000000;
    do {
        for (int i = 0; i < 100000; i++) x += 1;
        CHECK(sfs_proc_cpu_us(&u1, &s1) == 0, "process CPU times");
    } while (u1 + s1 == u0 + s0 && sfs_now_ns() < end);
    CHECK(u1 + s1 > u0 + s0, "2 s of spinning used no CPU time (%llu -> %llu us)",
          (unsigned long long)(u0 + s0), (unsigned long long)(u1 + s1));
    struct sfs_cpu_host h;
    CHECK(sfs_host_cpu(&h) == 0, "host CPU times");
    CHECK(h.cpus >= 1 && h.total >= h.user + h.system && h.total > 0,
          "host CPU: %llu cpus, total %llu, user %llu, system %llu", (unsigned long long)h.cpus,
          (unsigned long long)h.total, (unsigned long long)h.user, (unsigned long long)h.system);
}

static void memory_and_errors(void)
{
    void *p = sfs_aligned_alloc(4096, 10000);
    CHECK(p && ((uintptr_t)p & 4095) == 0, "4096-aligned block: %p", p);
    if (p) memset(p, 1, 10000);
    sfs_aligned_free(p);
    CHECK(sfs_errno_name(ENOENT) && strcmp(sfs_errno_name(ENOENT), "ENOENT") == 0, "ENOENT named");
    CHECK(sfs_errno_name(ESTALE) && strcmp(sfs_errno_name(ESTALE), "ESTALE") == 0, "ESTALE named");
    CHECK(strstr(sfs_strerror(ESTALE), "tale") != NULL, "ESTALE text: %s", sfs_strerror(ESTALE));
    CHECK(ESTALE != EDQUOT && ESTALE != ESHUTDOWN && EDQUOT != ESHUTDOWN, "distinct codes");
}

#ifdef _WIN32
/* a fiber runs on its first switch, switches back, and continues where it left off */
static void *main_fiber, *side_fiber;
static int fiber_steps;

static void fiber_fn(void *arg)
{
    for (;;) {
        fiber_steps += *(int *)arg;
        sfs_fiber_switch(main_fiber);
    }
}

static void fibers(void)
{
    int add = 5;
    main_fiber = sfs_fiber_self();
    side_fiber = sfs_fiber_new(1024 * 1024, fiber_fn, &add);
    CHECK(main_fiber && side_fiber, "fibers made");
    if (!main_fiber || !side_fiber) return;
    CHECK(sfs_fiber_self() == main_fiber, "the thread's fiber is kept");
    for (int i = 0; i < 3; i++)
        sfs_fiber_switch(side_fiber);
    CHECK(fiber_steps == 15, "three switches into the fiber: %d steps", fiber_steps);
    sfs_fiber_free(side_fiber);
}
#endif

/* port 1 on loopback: nothing listens there */
static void tcp_probe_and_poll(void)
{
    char why[256] = "";
    CHECK(sfs_tcp_probe("127.0.0.1", 1, why, sizeof why) < 0, "port 1 accepted a connection");
    CHECK(strstr(why, "127.0.0.1:1") != NULL, "the refusal names the port: '%s'", why);
    uint64_t t = sfs_now_ns();
    CHECK(sfs_poll(NULL, 0, 30) == 0, "poll of nothing");
    CHECK(sfs_now_ns() - t >= 20000000, "poll of nothing returned before its timeout");
}

int main(void)
{
    glob();
    clock_and_sleep();
    cpu_times();
    memory_and_errors();
    tcp_probe_and_poll();
#ifdef _WIN32
    fibers();
#endif
    return check_result("test_platform");
}
