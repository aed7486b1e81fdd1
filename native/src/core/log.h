/* Engine debug/child log (DEBUG flags of the guide's Table 3).  Terse lines
 * "<secs since open> p<global proc> <flag> message" to the file named by
 * the 'log' key; thread-safe.  Passwords must never be passed here. */
#ifndef SFS_LOG_H
#define SFS_LOG_H

#include <stdint.h>
#include "config.h"

enum {
    SFS_DBG_CHILD_ERROR = 4, SFS_DBG_CHILD_SIGNAL = 5, SFS_DBG_CHILD_XPOINT = 6, SFS_DBG_CHILD_GENERAL = 7,
    SFS_DBG_CHILD_OPS = 8, SFS_DBG_CHILD_FILES = 9, SFS_DBG_CHILD_RPC = 10,
    SFS_DBG_CHILD_TIMING = 11, SFS_DBG_CHILD_SETUP = 12, SFS_DBG_CHILD_FIT = 13,
};

struct sfs_logger;

/* open the log named by cfg->log (no-op if empty) and set cfg->logger */
int  sfs_log_open(struct sfs_cfg *cfg, char *err, size_t errlen);
void sfs_log_close(struct sfs_cfg *cfg);

static inline int sfs_debug_on(const struct sfs_cfg *cfg, int flag)
{
    return cfg->logger && (cfg->debug & (1ULL << flag));
}

/* write a line if flag is on (flag 0 = always when a log is open) */
void sfs_debug(const struct sfs_cfg *cfg, int flag, int proc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
