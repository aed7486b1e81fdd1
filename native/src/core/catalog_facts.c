/* The catalog's named facts: every number of sfsengine.h the Java side
 * needs (sample layout, phases, states, key types, flags) and the limits
 * the engine enforces, by the name of their macro; the names of protocol
 * status codes (each backend's own, through its descriptor); and the
 * plan-time check of an access spec. */
#include <stdio.h>
#include <string.h>
#include "platform.h"
#include "sfsengine.h"
#include "access_spec.h"
#include "backend.h"
#include "config.h"

#define FACT(n) { #n, (long long)(n) }

static const struct { const char *name; long long value; } facts[] = {
    FACT(SFS_ENGINE_API_VERSION),
    FACT(SFS_PHASE_IDLE), FACT(SFS_PHASE_INIT), FACT(SFS_PHASE_WARMUP), FACT(SFS_PHASE_RUN),
    FACT(SFS_STATE_RUNNING), FACT(SFS_STATE_DONE), FACT(SFS_STATE_FAILED),
    FACT(SFS_OPS_MAX), FACT(SFS_HIST_BUCKETS), FACT(SFS_HIST_SUB_BITS), FACT(SFS_HIST_SUB),
    FACT(SFS_ERR_SLOTS),
    FACT(SFS_S_LAYOUT), FACT(SFS_S_PHASE), FACT(SFS_S_ELAPSED_US), FACT(SFS_S_INIT_DONE),
    FACT(SFS_S_INIT_TOTAL), FACT(SFS_S_FILESET_BYTES), FACT(SFS_S_PROCS), FACT(SFS_S_BEHIND),
    FACT(SFS_S_HEADER_WORDS),
    FACT(SFS_O_OPS), FACT(SFS_O_ERRORS), FACT(SFS_O_BYTES), FACT(SFS_O_LAT_SUM),
    FACT(SFS_O_LAT_MIN), FACT(SFS_O_LAT_MAX), FACT(SFS_O_SVC_SUM), FACT(SFS_O_LATE),
    FACT(SFS_O_PHYSICAL), FACT(SFS_O_RETRIES), FACT(SFS_O_AFTER_END), FACT(SFS_O_HIST), FACT(SFS_O_WORDS),
    FACT(SFS_E_BASE), FACT(SFS_STATUS_NOT_ISSUED),
    FACT(SFS_C_BASE), FACT(SFS_C_WINDOW_US), FACT(SFS_C_HOST_TICKS), FACT(SFS_C_HOST_USER),
    FACT(SFS_C_HOST_SYSTEM), FACT(SFS_C_HOST_IDLE), FACT(SFS_C_HOST_CPUS),
    FACT(SFS_C_PROC_USER_US), FACT(SFS_C_PROC_SYS_US), FACT(SFS_C_WORDS),
    FACT(SFS_L_BASE), FACT(SFS_L_MAX), FACT(SFS_L_HIST), FACT(SFS_L_WORDS),
    FACT(SFS_OUTAGE_STALL_US), FACT(SFS_OUTAGES_MAX), FACT(SFS_OUTAGE_BASE),
    FACT(SFS_OUTAGE_COUNT), FACT(SFS_OUTAGE_UNLISTED), FACT(SFS_OUTAGE_LIST),
    FACT(SFS_OUTAGE_BEGIN_US), FACT(SFS_OUTAGE_END_US), FACT(SFS_OUTAGE_RESENT),
    FACT(SFS_OUTAGE_FAILED), FACT(SFS_OUTAGE_RECONNECTS), FACT(SFS_OUTAGE_REOPENED),
    FACT(SFS_OUTAGE_LOST), FACT(SFS_OUTAGE_REC_WORDS), FACT(SFS_OUTAGE_WORDS),
    FACT(SFS_SAMPLE_WORDS),
    FACT(SFS_KEY_INT), FACT(SFS_KEY_NUM), FACT(SFS_KEY_TEXT), FACT(SFS_KEY_SECRET),
    FACT(SFS_KEY_CHOICE), FACT(SFS_KEY_SPECIAL),
    FACT(SFS_CAP_ASYNC), FACT(SFS_CAP_NETWORK), FACT(SFS_CAP_NO_IO), FACT(SFS_CAP_DIRECT_IO),
    FACT(SFS_CAP_NFS_RPC), FACT(SFS_CAP_CREDENTIALS), FACT(SFS_CAP_LOCAL_FS),
    FACT(SFS_OPF_READS_DATA), FACT(SFS_OPF_WRITES_DATA),
    FACT(SFS_RULES_SPECSFS2008), FACT(SFS_RULES_ACCESS), FACT(SFS_RULES_LOADFILE),
    FACT(SFS_RULES_TOP_SPEED),
    FACT(SFS_WORKLOAD_RC), FACT(SFS_WORKLOAD_DATASET),
    /* limits */
    FACT(SFS_ACCESS_MAX_LINES), FACT(SFS_ACCESS_MAX_DELAY_MS), FACT(SFS_XFER_MAX),
    FACT(SFS_MAX_OUTSTANDING), FACT(SFS_CFG_MAX_PROCS),
};

int sfs_engine_fact_count(void)
{
    return (int)(sizeof facts / sizeof facts[0]);
}

const char *sfs_engine_fact_name(int i)
{
    return i >= 0 && i < sfs_engine_fact_count() ? facts[i].name : NULL;
}

long long sfs_engine_fact_value(int i)
{
    return i >= 0 && i < sfs_engine_fact_count() ? facts[i].value : 0;
}

const char *sfs_status_errno_name(int status)
{
    int e = status < 0 ? -status : status;
    return e > 0 ? sfs_errno_name(e) : NULL;
}

const char *sfs_engine_status_name(const char *backend, int status)
{
    const sfs_backend *b = backend && status != 0 ? sfs_backend_find(backend) : NULL;
    if (!b) return NULL;
    return b->status_name ? b->status_name(status) : sfs_status_errno_name(status);
}

int sfs_engine_access_check(const char *spec, char *report, int reportlen)
{
    sfs_access_spec parsed;
    char err[512] = "";
    int rc = sfs_access_parse(spec ? spec : "", SFS_XFER_MAX, &parsed, err, sizeof err);
    if (report && reportlen > 0)
        snprintf(report, (size_t)reportlen, "%s", rc == 0 ? "" : err);
    return rc == 0 ? parsed.nlines : -1;
}
