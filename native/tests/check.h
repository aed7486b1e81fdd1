/* Minimal test assertions: CHECK(cond, fmt, ...) prints the failure with
 * file:line and counts it; main returns check_result(). */
#ifndef SFS_CHECK_H
#define SFS_CHECK_H
#include <stdio.h>

static int check_failures;

#define CHECK(cond, ...) do { \
    if (!(cond)) { \
        check_failures++; \
        fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
        fprintf(stderr, __VA_ARGS__); \
        fputc('\n', stderr); \
    } } while (0)

static inline int check_result(const char *name)
{
    if (check_failures) fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
    else fprintf(stderr, "%s: ok\n", name);
    return check_failures ? 1 : 0;
}
#endif
