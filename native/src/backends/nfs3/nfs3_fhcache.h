/* Path -> NFSv3 file handle cache of one proc.
 *
 * Requests name objects by path under the proc root; NFSv3 addresses them by
 * handle.  The cache is filled by CREATE/MKDIR/SYMLINK/MKNOD/LOOKUP replies
 * (and by component-wise LOOKUPs when a path is missing), and emptied by
 * REMOVE/RMDIR/RENAME and by NFS3ERR_STALE.  Keys are normalised paths
 * without leading or trailing '/'; "" is the proc root.  Separate chaining,
 * table doubled at load factor 1.
 */
#ifndef SFS_NFS3_FHCACHE_H
#define SFS_NFS3_FHCACHE_H

#include <stddef.h>
#include <stdint.h>

#define NFS3_FH_MAX 64                 /* RFC 1813 NFS3_FHSIZE */

typedef struct nfs3_fh {
    uint32_t len;
    char     data[NFS3_FH_MAX];
} nfs3_fh;

typedef struct nfs3_fhent {
    struct nfs3_fhent *next;
    uint64_t  hash;
    nfs3_fh   fh;
    uint64_t  size;        /* last size seen in attributes (for appends) */
    int       size_known;
    int       is_dir;
    uint32_t  nchild;      /* cached entries directly under this one */
    int       uncommitted; /* wrcache left UNSTABLE data: the next write commits the file */
    char      key[];       /* NUL-terminated */
} nfs3_fhent;

typedef struct nfs3_fhcache {
    nfs3_fhent **slots;
    size_t       nslots;   /* power of two */
    size_t       count;
} nfs3_fhcache;

int  nfs3_fhcache_init(nfs3_fhcache *c);
void nfs3_fhcache_free(nfs3_fhcache *c);
/* key of length len (need not be NUL-terminated) */
nfs3_fhent *nfs3_fhcache_get(nfs3_fhcache *c, const char *key, size_t len);
/* insert or replace the handle; returns the entry or NULL (no memory) */
nfs3_fhent *nfs3_fhcache_put(nfs3_fhcache *c, const char *key, size_t len,
                             const char *fh, uint32_t fhlen, int is_dir);
void nfs3_fhcache_del(nfs3_fhcache *c, const char *key, size_t len);
/* drop every entry strictly under directory 'prefix' (after a directory rename/rmdir);
 * scans the table only if the directory has cached children */
void nfs3_fhcache_del_under(nfs3_fhcache *c, const char *prefix, size_t len);

/* Normalise "a//b/./c/" -> "a/b/c" into out (size outlen); -1 if too long
 * or if it contains "..", which the cache cannot resolve. */
int nfs3_path_norm(const char *in, char *out, size_t outlen);
/* Join dir and name, then normalise. */
int nfs3_path_join(const char *dir, const char *name, char *out, size_t outlen);

#endif
