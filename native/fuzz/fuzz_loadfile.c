/* libFuzzer target: the dbench loadfile parser (lf_parse_text) on raw bytes,
 * then the manager's check of the same text (sfs_engine_loadfile_check). */
#include <stdint.h>
#include <stddef.h>
#include "loadfile.h"
#include "sfsengine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512], report[1024];
    lf_file *f = lf_parse_text("fuzz.load", (const char *)data, size, err, sizeof err);
    if (f) lf_free(f);
    sfs_engine_loadfile_check("fuzz.load", (const char *)data, size, report, sizeof report);
    return 0;
}
