/* Outages ridden through (outage_max > 0): the engine's record of the
 * current phase, published in the SFS_OUTAGE_* words of sfsengine.h.
 *
 * The engine reports every completed op (sfs_outages_op); a backend that
 * rides through reports what it did, through the cfg it was opened with:
 *
 *   sfs_outage_riding(cfg)            seconds to ride through (0: fail as before)
 *   sfs_outage_lost(cfg, since_ns)    its connection was lost: an outage
 *                                     begins at since_ns (CLOCK_MONOTONIC,
 *                                     the intended start of its oldest op in
 *                                     flight, or now), unless one lasts
 *   sfs_outage_count(cfg, what, n)    n re-sends, reconnects, handles
 *                                     re-opened or lost in the outage
 *
 * These are thread-safe and do nothing when cfg has no record (validation,
 * clean, or not riding). */
#ifndef SFS_OUTAGE_H
#define SFS_OUTAGE_H

#include <stdint.h>
#include "sfsengine.h"
#include "backend.h"

struct sfs_cfg;
struct sfs_outages;

enum sfs_outage_what {
    SFS_OUTAGE_WHAT_RESENT = SFS_OUTAGE_RESENT,
    SFS_OUTAGE_WHAT_RECONNECTS = SFS_OUTAGE_RECONNECTS,
    SFS_OUTAGE_WHAT_REOPENED = SFS_OUTAGE_REOPENED,
    SFS_OUTAGE_WHAT_LOST = SFS_OUTAGE_LOST,
};

/* backends */
double sfs_outage_riding(const struct sfs_cfg *cfg);
void   sfs_outage_lost(const struct sfs_cfg *cfg, uint64_t since_ns);
void   sfs_outage_count(const struct sfs_cfg *cfg, enum sfs_outage_what what, uint64_t n);

/* the engine */
struct sfs_outages *sfs_outages_new(void);     /* NULL when out of memory */
void sfs_outages_free(struct sfs_outages *o);
/* forget the outages of the phase before; times are from phase_start_ns */
void sfs_outages_reset(struct sfs_outages *o, uint64_t phase_start_ns);
/* one completed op: req's times, failed (counts as an error), lost (its
 * status says the connection or target was lost) */
void sfs_outages_op(struct sfs_outages *o, const sfs_req *req, int failed, int lost);
/* the SFS_OUTAGE_WORDS words at out + SFS_OUTAGE_BASE (zeros for NULL) */
void sfs_outages_words(struct sfs_outages *o, uint64_t *out);

#endif
