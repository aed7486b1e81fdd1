/* Makes libsmbclient safe for one context per thread.
 *
 * Samba keeps per-call scratch memory (talloc_stackframe) in a global
 * unless thread functions are registered; smbc_thread_posix() would do
 * that, but Debian 12's libsmbclient 4.17 does not export it.  The function
 * it wraps, smb_thread_set_functions(), is exported by libsamba-util.so.0
 * (loaded with libsmbclient), so we register a pthread implementation of
 * Samba's struct smb_thread_functions ourselves, found with dlsym so the
 * build needs no Samba-internal library or header.  It must run before any
 * other Samba call in the process (Samba's key would otherwise hold a
 * single-threaded frame pointer).
 */
#include "smb_threads.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

/* ABI of lib/util/smb_threads.h (stable since Samba 3.3) */
enum { SMB_THREAD_LOCK = 1, SMB_THREAD_UNLOCK = 2 };

struct smb_thread_functions {
    int   (*create_mutex)(const char *lockname, void **pplock, const char *location);
    void  (*destroy_mutex)(void *plock, const char *location);
    int   (*lock_mutex)(void *plock, int lock_type, const char *location);
    int   (*create_tls)(const char *keyname, void **ppkey, const char *location);
    void  (*destroy_tls)(void **ppkey, const char *location);
    int   (*set_tls)(void *pkey, const void *pval, const char *location);
    void *(*get_tls)(void *pkey, const char *location);
};

static int create_mutex(const char *name, void **pp, const char *loc)
{
    (void)name; (void)loc;
    pthread_mutex_t *m = malloc(sizeof *m);
    if (!m)
        return ENOMEM;
    pthread_mutex_init(m, NULL);
    *pp = m;
    return 0;
}

static void destroy_mutex(void *p, const char *loc)
{
    (void)loc;
    pthread_mutex_destroy(p);
    free(p);
}

static int lock_mutex(void *p, int type, const char *loc)
{
    (void)loc;
    return type == SMB_THREAD_UNLOCK ? pthread_mutex_unlock(p) : pthread_mutex_lock(p);
}

static int create_tls(const char *name, void **pp, const char *loc)
{
    (void)name; (void)loc;
    pthread_key_t *k = malloc(sizeof *k);
    if (!k)
        return ENOMEM;
    int rc = pthread_key_create(k, NULL);
    if (rc) {
        free(k);
        return rc;
    }
    *pp = k;
    return 0;
}

static void destroy_tls(void **pp, const char *loc)
{
    (void)loc;
    if (*pp) {
        pthread_key_delete(*(pthread_key_t *)*pp);
        free(*pp);
        *pp = NULL;
    }
}

static int set_tls(void *k, const void *v, const char *loc)
{
    (void)loc;
    return k ? pthread_setspecific(*(pthread_key_t *)k, v) : EINVAL;
}

static void *get_tls(void *k, const char *loc)
{
    (void)loc;
    /* Samba reads its stack-frame key before the first frame creates it */
    return k ? pthread_getspecific(*(pthread_key_t *)k) : NULL;
}

static const struct smb_thread_functions pthread_impl = {
    create_mutex, destroy_mutex, lock_mutex, create_tls, destroy_tls, set_tls, get_tls,
};

static int install_result = -1;

static void install(void)
{
    int (*set_functions)(const struct smb_thread_functions *) =
        (int (*)(const struct smb_thread_functions *))dlsym(RTLD_DEFAULT, "smb_thread_set_functions");
    install_result = set_functions ? (set_functions(&pthread_impl) == 0 ? 0 : -EINVAL) : -ENOSYS;
}

int smb_threads_install(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install);
    return install_result;
}
