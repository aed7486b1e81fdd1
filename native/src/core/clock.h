#ifndef SFS_CLOCK_H
#define SFS_CLOCK_H
#include <stdint.h>
#include <time.h>

#ifdef _WIN32
/* platform_win32.c: QueryPerformanceCounter, high-resolution waitable timers */
uint64_t sfs_now_ns(void);
void sfs_sleep_until(uint64_t t_ns);
#else

static inline uint64_t sfs_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* sleep until absolute CLOCK_MONOTONIC time t_ns */
static inline void sfs_sleep_until(uint64_t t_ns)
{
    struct timespec ts = { (time_t)(t_ns / 1000000000ULL), (long)(t_ns % 1000000000ULL) };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0)
        ;
}
#endif
#endif
