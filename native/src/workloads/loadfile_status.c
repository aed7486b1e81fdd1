/* The status field of a loadfile line (loadfile.h): what the replay expects of the op. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "loadfile.h"
#include "platform.h"

/* NT statuses of the SMB traces and the errno a backend reports for them */
static const struct { const char *name; int err; } nt_status[] = {
    { "NT_STATUS_OBJECT_NAME_NOT_FOUND", ENOENT },
    { "NT_STATUS_OBJECT_PATH_NOT_FOUND", ENOENT },
    { "NT_STATUS_NO_SUCH_FILE", ENOENT },
    { "NT_STATUS_OBJECT_NAME_COLLISION", EEXIST },
    { "NT_STATUS_ACCESS_DENIED", EACCES },
    { "NT_STATUS_DIRECTORY_NOT_EMPTY", ENOTEMPTY },
    { "NT_STATUS_NOT_A_DIRECTORY", ENOTDIR },
    { "NT_STATUS_FILE_IS_A_DIRECTORY", EISDIR },
    { "NT_STATUS_DISK_FULL", ENOSPC },
};

/* NFSv3 status numbers whose errno differs from the number itself (the
 * others up to 30 are the errno: NOENT 2, IO 5, ACCES 13, EXIST 17, ...) */
static const struct { unsigned nfs; int err; } nfs3_status[] = {
    { 63, ENAMETOOLONG }, { 66, ENOTEMPTY }, { 69, EDQUOT }, { 70, ESTALE },
};

int lf_parse_status(const char *tok, lf_op *op)
{
    op->expect = LF_EXPECT_FAIL;
    op->err = 0;
    if (strcmp(tok, "*") == 0) { op->expect = LF_EXPECT_ANY; return 0; }
    if (strcmp(tok, "SUCCESS") == 0 || strcmp(tok, "NT_STATUS_OK") == 0) {
        op->expect = LF_EXPECT_OK;
        return 0;
    }
    if (strcmp(tok, "ERROR") == 0) return 0;
    if (strncmp(tok, "NT_STATUS_", 10) == 0) {
        for (size_t i = 0; i < sizeof nt_status / sizeof nt_status[0]; i++)
            if (strcmp(tok, nt_status[i].name) == 0) {
                op->expect = LF_EXPECT_ERRNO;
                op->err = (int16_t)nt_status[i].err;
            }
        return 0;   /* another NT status: some failure */
    }
    if (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
        uint64_t v;
        char *end;
        errno = 0;
        v = strtoull(tok, &end, 16);
        if (errno || *end) return -1;
        if (v == 0) { op->expect = LF_EXPECT_OK; return 0; }
        for (size_t i = 0; i < sizeof nfs3_status / sizeof nfs3_status[0]; i++)
            if (v == nfs3_status[i].nfs) {
                op->expect = LF_EXPECT_ERRNO;
                op->err = (int16_t)nfs3_status[i].err;
            }
        if (op->expect != LF_EXPECT_ERRNO && v <= 30) {
            op->expect = LF_EXPECT_ERRNO;
            op->err = (int16_t)v;
        }
        return 0;
    }
    return -1;
}
