#include "cpu.h"

#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "platform.h"
#include "sfsengine.h"

int sfs_cpu_parse_stat(const char *text, struct sfs_cpu_host *out)
{
    memset(out, 0, sizeof *out);
    int found = 0;
    for (const char *line = text; line && *line; ) {
        if (strncmp(line, "cpu ", 4) == 0) {
            /* user nice system idle iowait irq softirq steal guest guest_nice */
            uint64_t f[10] = { 0 };
            const char *p = line + 4;
            for (int i = 0; i < 10; i++) {
                char *end;
                unsigned long long v = strtoull(p, &end, 10);
                if (end == p) break;
                f[i] = v;
                p = end;
            }
            out->user = f[0] + f[1];
            out->system = f[2] + f[5] + f[6];
            out->idle = f[3] + f[4];
            /* guest time is counted in user already */
            out->total = f[0] + f[1] + f[2] + f[3] + f[4] + f[5] + f[6] + f[7];
            found = 1;
        } else if (strncmp(line, "cpu", 3) == 0 && line[3] >= '0' && line[3] <= '9') {
            out->cpus++;
        }
        line = strchr(line, '\n');
        if (line) line++;
    }
    return found && out->total > 0 ? 0 : -1;
}

void sfs_cpu_snapshot(struct sfs_cpu_snap *s)
{
    memset(s, 0, sizeof *s);
    s->mono_ns = sfs_now_ns();
    if (sfs_proc_cpu_us(&s->proc_user_us, &s->proc_sys_us) != 0)
        s->proc_user_us = s->proc_sys_us = 0;
    s->ok = sfs_host_cpu(&s->host) == 0;
}

static uint64_t diff(uint64_t b, uint64_t a)
{
    return b > a ? b - a : 0;
}

void sfs_cpu_words(uint64_t *out, const struct sfs_cpu_snap *a, const struct sfs_cpu_snap *b)
{
    uint64_t *c = out + SFS_C_BASE;
    memset(c, 0, SFS_C_WORDS * sizeof *c);
    if (!a->ok || !b->ok) return;
    c[SFS_C_WINDOW_US] = diff(b->mono_ns, a->mono_ns) / 1000;
    c[SFS_C_HOST_TICKS] = diff(b->host.total, a->host.total);
    c[SFS_C_HOST_USER] = diff(b->host.user, a->host.user);
    c[SFS_C_HOST_SYSTEM] = diff(b->host.system, a->host.system);
    c[SFS_C_HOST_IDLE] = diff(b->host.idle, a->host.idle);
    c[SFS_C_HOST_CPUS] = b->host.cpus;
    c[SFS_C_PROC_USER_US] = diff(b->proc_user_us, a->proc_user_us);
    c[SFS_C_PROC_SYS_US] = diff(b->proc_sys_us, a->proc_sys_us);
}
