/* What every fuzz target shares: the fuzzer's bytes as a NUL-terminated
 * string (the parsers read C strings; an embedded NUL just ends the text). */
#ifndef SFS_FUZZ_TEXT_H
#define SFS_FUZZ_TEXT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s) abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
