/* libFuzzer target: the step parser (sfs_engine_step's key=value changes)
 * on an engine opened once with the null backend and the access workload,
 * so every key, the workload's own (access_spec) included, is reached. */
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include "sfsengine.h"
#include "fuzz_text.h"

static sfs_engine *engine;

static void close_engine(void)
{
    sfs_engine_close(engine);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    if (!engine) {
        engine = sfs_engine_open("backend=null\nworkload=access\nprocs=4\ntarget.0=/fuzz\n"
                                 "file_size=1048576\n"
                                 "access_spec=4096,100,100,0,0,1,0,0\n", err, sizeof err);
        if (!engine) {
            fprintf(stderr, "fuzz_step: cannot open the engine: %s\n", err);
            abort();
        }
        atexit(close_engine);
    }
    char *text = fuzz_text(data, size);
    sfs_engine_step(engine, text, err, sizeof err);
    free(text);
    return 0;
}
