/* libFuzzer target: the engine's key=value parser (sfs_cfg_parse: core keys
 * and every backend's options) and what reads a parsed configuration
 * without opening a target (sfs_engine_target_mix). */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include "config.h"
#include "sfsengine.h"
#include "fuzz_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    char *text = fuzz_text(data, size);
    static struct sfs_cfg cfg;
    if (sfs_cfg_parse(text, &cfg, err, sizeof err) == 0) {
        double pct[SFS_OPS_MAX];
        sfs_engine_target_mix(text, pct, SFS_OPS_MAX, err, sizeof err);
    }
    sfs_cfg_free(&cfg);
    free(text);
    return 0;
}
