/* posix backend: where reads without a buffer land (posix_priv.h).  Their
 * data is dropped, so procs may share the buffer: the first SINKS procs of
 * an engine each get one of their own (at a high rate no cache line of it
 * moves between cores), further procs take them in turn.  10,000 procs that
 * read up to 1 MiB at a time then touch at most 64 MiB, not 10 GiB. */
#include <stdlib.h>
#include <pthread.h>
#include "posix_priv.h"
#include "config.h"

/* ThreadSanitizer sees every read into a shared sink as a race (the data is
 * dropped by design), so its builds give each proc a sink of its own. */
#if defined(__SANITIZE_THREAD__)
unsigned char *posix_sink_get(int proc)
{
    (void)proc;
    void *b = NULL;
    return posix_memalign(&b, 4096, SFS_XFER_MAX) == 0 ? b : NULL;
}

void posix_sink_put(unsigned char *b)
{
    free(b);
}
#else
#define SINKS 64

static pthread_mutex_t sink_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned char *sink[SINKS];
static long sink_users;

unsigned char *posix_sink_get(int proc)
{
    pthread_mutex_lock(&sink_lock);
    unsigned char **s = &sink[proc % SINKS];
    /* page-aligned: the buffer of O_DIRECT transfers on a block device */
    if (!*s && posix_memalign((void **)s, 4096, SFS_XFER_MAX) != 0)
        *s = NULL;
    unsigned char *b = *s;
    if (b) sink_users++;
    pthread_mutex_unlock(&sink_lock);
    return b;
}

void posix_sink_put(unsigned char *b)
{
    if (!b) return;
    pthread_mutex_lock(&sink_lock);
    if (--sink_users == 0)
        for (int i = 0; i < SINKS; i++) {
            free(sink[i]);
            sink[i] = NULL;
        }
    pthread_mutex_unlock(&sink_lock);
}
#endif
