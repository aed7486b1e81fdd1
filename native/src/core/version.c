#include <stdio.h>
#include "sfsengine.h"
#include "backend.h"
#include "workload.h"

const char *sfs_engine_version(void)
{
    static char buf[1800];
    const char *libs = sfs_backend_libraries();
    snprintf(buf, sizeof buf, "sfsengine %s (backends: %s; workloads: %s%s%s)",
             SFS_VERSION, sfs_backend_names(), sfs_workload_names(), libs[0] ? "; " : "", libs);
    return buf;
}

int sfs_engine_api_version(void)
{
    return SFS_ENGINE_API_VERSION;
}

long sfs_engine_sample_words(void)
{
    return SFS_SAMPLE_WORDS;
}
