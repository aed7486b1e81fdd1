#include "sfsengine.h"

const char *sfs_engine_version(void)
{
    return "sfsengine 0.1.0";
}

int sfs_engine_api_version(void)
{
    return SFS_ENGINE_API_VERSION;
}

long sfs_engine_sample_words(void)
{
    return SFS_SAMPLE_WORDS;
}
