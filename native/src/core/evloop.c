/* Event loop of one engine thread (evloop.h): persistent registration of
 * the contexts' fds (epoll on Linux, a kept pollfd array and poll()
 * elsewhere), a queue of items posted ready in-process, and a min-heap of
 * deadlines. */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "platform_poll.h"
#ifdef __linux__
#include <sys/epoll.h>
#include <unistd.h>
#include <time.h>
#endif
#include "evloop.h"
#include "clock.h"

/* One registered fd: its events and the items that name it (a list). */
struct fdent {
    short events;
    int nitems;
    int first;              /* an item naming it, -1 = none (not registered) */
    int at;                 /* poll(): index in the pollfd array */
};

struct sfs_evloop {
    int items;
    int *item_fd;           /* item -> fd, -1 = none */
    int *next, *prev;       /* items naming the same fd */
    struct fdent *fds;      /* by fd number */
    int nfds_cap;
    int registered;
    int *posted;            /* items posted ready, in order, nposted of them */
    int nposted;
    unsigned char *is_posted;   /* item -> in posted[] */
#ifdef __linux__
    int ep;
    int no_pwait2;          /* the kernel predates epoll_pwait2 (5.11) */
    struct epoll_event *evs;
#else
    struct pollfd *pf;      /* registered fds, kept between waits */
#endif
};

struct sfs_evloop *sfs_evloop_new(int items)
{
    struct sfs_evloop *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    l->items = items;
    l->item_fd = malloc((size_t)items * sizeof *l->item_fd);
    l->next = malloc((size_t)items * sizeof *l->next);
    l->prev = malloc((size_t)items * sizeof *l->prev);
    l->posted = malloc((size_t)items * sizeof *l->posted);
    l->is_posted = calloc((size_t)items, 1);
#ifdef __linux__
    l->ep = epoll_create1(EPOLL_CLOEXEC);
    l->evs = malloc((size_t)items * sizeof *l->evs);
    if (l->ep < 0 || !l->evs) goto fail;
#else
    l->pf = malloc((size_t)items * sizeof *l->pf);
    if (!l->pf) goto fail;
#endif
    if (!l->item_fd || !l->next || !l->prev || !l->posted || !l->is_posted) goto fail;
    for (int i = 0; i < items; i++) l->item_fd[i] = -1;
    return l;
fail:
    {
        int e = errno ? errno : ENOMEM;
        sfs_evloop_free(l);
        errno = e;
    }
    return NULL;
}

void sfs_evloop_free(struct sfs_evloop *l)
{
    if (!l) return;
#ifdef __linux__
    if (l->ep >= 0) close(l->ep);
    free(l->evs);
#else
    free(l->pf);
#endif
    free(l->item_fd);
    free(l->next);
    free(l->prev);
    free(l->posted);
    free(l->is_posted);
    free(l->fds);
    free(l);
}

int sfs_evloop_fds(const struct sfs_evloop *l)
{
    return l->registered;
}

static int grow(struct sfs_evloop *l, int fd)
{
    if (fd < l->nfds_cap) return 0;
    int cap = l->nfds_cap ? l->nfds_cap : 64;
    while (cap <= fd) cap *= 2;
    struct fdent *m = realloc(l->fds, (size_t)cap * sizeof *m);
    if (!m) return -1;
    for (int i = l->nfds_cap; i < cap; i++)
        m[i] = (struct fdent){ 0, 0, -1, -1 };
    l->fds = m;
    l->nfds_cap = cap;
    return 0;
}

/* The kernel side: add, change or remove fd's registration. */
static int sys_add(struct sfs_evloop *l, int fd, short events)
{
#ifdef __linux__
    struct epoll_event ev = { .events = (events & POLLIN ? EPOLLIN : 0) |
                                        (events & POLLOUT ? EPOLLOUT : 0),
                              .data.fd = fd };
    if (epoll_ctl(l->ep, EPOLL_CTL_ADD, fd, &ev) == 0) return 0;
    if (errno != EEXIST) return -1;
    return epoll_ctl(l->ep, EPOLL_CTL_MOD, fd, &ev);
#else
    l->fds[fd].at = l->registered;
    l->pf[l->registered] = (struct pollfd){ .fd = fd, .events = events };
    return 0;
#endif
}

static int sys_mod(struct sfs_evloop *l, int fd, short events)
{
#ifdef __linux__
    struct epoll_event ev = { .events = (events & POLLIN ? EPOLLIN : 0) |
                                        (events & POLLOUT ? EPOLLOUT : 0),
                              .data.fd = fd };
    if (epoll_ctl(l->ep, EPOLL_CTL_MOD, fd, &ev) == 0) return 0;
    /* the fd was closed (which unregisters it) and its number reused */
    if (errno != ENOENT) return -1;
    return epoll_ctl(l->ep, EPOLL_CTL_ADD, fd, &ev);
#else
    l->pf[l->fds[fd].at].events = events;
    return 0;
#endif
}

static void sys_del(struct sfs_evloop *l, int fd)
{
#ifdef __linux__
    struct epoll_event ev = { 0 };
    epoll_ctl(l->ep, EPOLL_CTL_DEL, fd, &ev);   /* ENOENT/EBADF: closed already */
#else
    int at = l->fds[fd].at, last = l->registered - 1;
    l->pf[at] = l->pf[last];
    l->fds[l->pf[at].fd].at = at;
    l->fds[fd].at = -1;
#endif
}

static void detach(struct sfs_evloop *l, int item)
{
    int fd = l->item_fd[item];
    if (fd < 0) return;
    struct fdent *f = &l->fds[fd];
    if (l->prev[item] >= 0) l->next[l->prev[item]] = l->next[item];
    else f->first = l->next[item];
    if (l->next[item] >= 0) l->prev[l->next[item]] = l->prev[item];
    l->item_fd[item] = -1;
    if (--f->nitems == 0) {
        sys_del(l, fd);
        f->first = -1;
        l->registered--;
    }
}

int sfs_evloop_watch(struct sfs_evloop *l, int item, int fd, short events, int force)
{
    events &= POLLIN | POLLOUT;
    if (l->item_fd[item] == fd) {
        if (fd < 0 || (l->fds[fd].events == events && !force)) return 0;
        l->fds[fd].events = events;
        return sys_mod(l, fd, events);
    }
    detach(l, item);
    if (fd < 0) return 0;
    if (grow(l, fd)) return -1;
    struct fdent *f = &l->fds[fd];
    if (f->nitems == 0) {
        if (sys_add(l, fd, events)) return -1;
        l->registered++;
        f->events = events;
    } else if (f->events != events || force) {
        f->events = events;
        if (sys_mod(l, fd, events)) return -1;
    }
    l->item_fd[item] = fd;
    l->prev[item] = -1;
    l->next[item] = f->first;
    if (f->first >= 0) l->prev[f->first] = item;
    f->first = item;
    f->nitems++;
    return 0;
}

void sfs_evloop_post(struct sfs_evloop *l, int item)
{
    if (l->is_posted[item]) return;
    l->is_posted[item] = 1;
    l->posted[l->nposted++] = item;
}

/* The kernel's part of a wait: one item per ready registered fd. */
static int kernel_wait(struct sfs_evloop *l, int64_t timeout_ns, int *ready, int max)
{
    int ms = timeout_ns > 0 ? (int)(timeout_ns / 1000000) : 0;
#ifdef __linux__
    if (max > l->items) max = l->items;
    if (max < 1) max = 1;
    int n = -1;
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 35)
    /* to the nanosecond: a paced start less than 1 ms away is not spun for */
    if (!l->no_pwait2) {
        struct timespec ts = { (time_t)(timeout_ns > 0 ? timeout_ns / 1000000000 : 0),
                               (long)(timeout_ns > 0 ? timeout_ns % 1000000000 : 0) };
        n = epoll_pwait2(l->ep, l->evs, max, &ts, NULL);
        if (n < 0 && errno == ENOSYS) l->no_pwait2 = 1;
    }
    if (l->no_pwait2)
#endif
        n = epoll_wait(l->ep, l->evs, max, ms);
    if (n < 0) return errno == EINTR ? 0 : -1;
    int k = 0;
    for (int i = 0; i < n; i++) {
        int fd = l->evs[i].data.fd;
        if (fd < l->nfds_cap && l->fds[fd].first >= 0)
            ready[k++] = l->fds[fd].first;
    }
    return k;
#else
    /* nothing registered (in-process completions only): sleep to the 100 ns, since a paced
     * start less than 1 ms away would make a millisecond poll spin */
    if (l->registered == 0) {
        if (timeout_ns > 0) sfs_sleep_until(sfs_now_ns() + (uint64_t)timeout_ns);
        return 0;
    }
    int n = sfs_poll(l->pf, (nfds_t)l->registered, ms);
    if (n < 0) return errno == EINTR ? 0 : -1;
    int k = 0;
    for (int i = 0; i < l->registered && k < n && k < max; i++)
        if (l->pf[i].revents)
            ready[k++] = l->fds[l->pf[i].fd].first;
    return k;
#endif
}

int sfs_evloop_wait(struct sfs_evloop *l, int64_t timeout_ns, int *ready, int max)
{
    int k = l->nposted < max ? l->nposted : max;
    if (k) {
        memcpy(ready, l->posted, (size_t)k * sizeof *ready);
        l->nposted -= k;
        memmove(l->posted, l->posted + k, (size_t)l->nposted * sizeof *l->posted);
        timeout_ns = 0;     /* work is ready: never block */
    }
    int n = 0;
    /* with work posted, the kernel is asked only when it has fds to report */
    if (k < max && (!k || l->registered)) {
        n = kernel_wait(l, timeout_ns, ready + k, max - k);
        if (n < 0) return -1;
        /* a posted item whose fd is ready too is reported once */
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (!l->is_posted[ready[k + i]]) ready[k + kept++] = ready[k + i];
        n = kept;
    }
    for (int i = 0; i < k; i++) l->is_posted[ready[i]] = 0;
    return k + n;
}

/* --- timers: a binary min-heap with each id's position --- */

int sfs_timers_init(struct sfs_timers *t, int n)
{
    memset(t, 0, sizeof *t);
    t->n = n;
    t->heap = malloc((size_t)n * sizeof *t->heap);
    t->pos = malloc((size_t)n * sizeof *t->pos);
    t->at = calloc((size_t)n, sizeof *t->at);
    if (!t->heap || !t->pos || !t->at) {
        sfs_timers_free(t);
        return -1;
    }
    for (int i = 0; i < n; i++) t->pos[i] = -1;
    return 0;
}

void sfs_timers_free(struct sfs_timers *t)
{
    free(t->heap);
    free(t->pos);
    free(t->at);
    memset(t, 0, sizeof *t);
}

static void place(struct sfs_timers *t, int i, int id)
{
    t->heap[i] = id;
    t->pos[id] = i;
}

static void sift_up(struct sfs_timers *t, int i)
{
    int id = t->heap[i];
    while (i > 0) {
        int up = (i - 1) / 2;
        if (t->at[t->heap[up]] <= t->at[id]) break;
        place(t, i, t->heap[up]);
        i = up;
    }
    place(t, i, id);
}

static void sift_down(struct sfs_timers *t, int i)
{
    int id = t->heap[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= t->len) break;
        if (c + 1 < t->len && t->at[t->heap[c + 1]] < t->at[t->heap[c]]) c++;
        if (t->at[t->heap[c]] >= t->at[id]) break;
        place(t, i, t->heap[c]);
        i = c;
    }
    place(t, i, id);
}

void sfs_timers_set(struct sfs_timers *t, int id, uint64_t at_ns)
{
    int i = t->pos[id];
    if (i < 0) {
        t->at[id] = at_ns;
        place(t, t->len++, id);
        sift_up(t, t->len - 1);
        return;
    }
    uint64_t old = t->at[id];
    t->at[id] = at_ns;
    if (at_ns < old) sift_up(t, i);
    else sift_down(t, i);
}

void sfs_timers_cancel(struct sfs_timers *t, int id)
{
    int i = t->pos[id];
    if (i < 0) return;
    t->pos[id] = -1;
    if (--t->len == i) return;
    int moved = t->heap[t->len];
    place(t, i, moved);
    sift_down(t, i);
    sift_up(t, t->pos[moved]);
}

int sfs_timers_pop(struct sfs_timers *t, uint64_t now)
{
    if (!t->len || t->at[t->heap[0]] > now) return -1;
    int id = t->heap[0];
    sfs_timers_cancel(t, id);
    return id;
}
