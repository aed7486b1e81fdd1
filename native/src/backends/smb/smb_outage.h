/* What the smb backend did riding through server outages (the outage_max
 * key, libsmb2): connections made again, ops issued again, open files
 * re-opened or lost, and the accounting of every op (issued = completed
 * once the procs are idle).  The engine core asks with smb_outage_read. */
#ifndef SFS_SMB_OUTAGE_H
#define SFS_SMB_OUTAGE_H
#include <stdint.h>
#include "sfs_ops.h"

typedef struct smb_outage_counts {
    uint64_t reconnects;        /* lost connections made again (session + tree connect) */
    uint64_t resent;            /* ops issued again on a connection made again */
    uint64_t reopened_durable;  /* open files reconnected through their durable handle */
    uint64_t reopened_by_name;  /* open files opened again by name */
    uint64_t lost;              /* open files that could not be opened again */
    uint64_t issued[SFS_OP_COUNT];    /* ops submit accepted, per op */
    uint64_t completed[SFS_OP_COUNT]; /* ops whose done() ran (succeeded or failed), per op */
} smb_outage_counts;

struct sfs_cfg;
/* The counts of the engine of cfg so far: sums over its connections (an
 * engine's connections live from its open to its close).  Any thread. */
void smb_outage_read(const struct sfs_cfg *cfg, smb_outage_counts *out);

/* n += v and a read of n, between the loop that counts and the thread that asks */
#define SMB_COUNT_ADD(n, v) __atomic_fetch_add(&(n), (v), __ATOMIC_RELAXED)
#define SMB_COUNT_GET(n) __atomic_load_n(&(n), __ATOMIC_RELAXED)

#endif
