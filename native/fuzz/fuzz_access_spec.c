/* libFuzzer target: the Iometer access-spec parser (sfs_access_parse); a
 * spec it accepts must also drive the offset generator without faults. */
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include "access_spec.h"
#include "fuzz_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    char *text = fuzz_text(data, size);
    static sfs_access_spec spec;
    if (sfs_access_parse(text, 1u << 20, &spec, err, sizeof err) == 0) {
        sfs_access_gen g;
        if (sfs_access_gen_init(&g, &spec, 4096, 64u << 20, 7, err, sizeof err) == 0) {
            sfs_access_io io;
            for (int i = 0; i < 64; i++) {
                sfs_access_gen_next(&g, &io);
                (void)sfs_access_gen_pause(&g);
                if (io.offset < 4096 || io.offset + io.length > (64u << 20)) abort();
            }
        }
    }
    free(text);
    return 0;
}
