/* Names of the abstract ops (sfs_ops.h). */
#include <string.h>
#include <strings.h>
#include "sfs_ops.h"
#include "sfsengine.h"

_Static_assert(SFS_OP_COUNT <= SFS_OPS_MAX, "op ids must fit the counters layout");

static const char *const op_names[SFS_OP_COUNT] = {
    "null", "getattr", "setattr", "root", "lookup", "readlink", "read",
    "wrcache", "write", "create", "remove", "rename", "link", "symlink",
    "mkdir", "rmdir", "readdir", "fsstat", "access", "commit", "fsinfo",
    "mknod", "pathconf", "readdirplus",
    /* the guide's CIFS table names */
    "ECHO", "LOCKING_ANDX", "NT_TRANSACT_QUERY_SECURITY_DESC", "READ_ANDX",
    "TRANS2_QUERY_FS_INFORMATION", "TRANS2_QUERY_FILE_INFORMATION",
    "TRANS2_QUERY_PATH_INFORMATION", "TRANS2_SET_FILE_INFORMATION",
    "TRANS2_FIND_FIRST2", "WRITE_ANDX", "NT_CREATE_ANDX", "CLOSE", "FLUSH",
};

const char *sfs_op_name(int op)
{
    return op >= 0 && op < SFS_OP_COUNT ? op_names[op] : NULL;
}

int sfs_op_from_name(const char *name)
{
    for (int i = 0; name && i < SFS_OP_COUNT; i++)
        if (strcasecmp(op_names[i], name) == 0)
            return i;
    return -1;
}

const char *sfs_engine_op_name(int op)
{
    return sfs_op_name(op);
}

int sfs_engine_op_flags(int op)
{
    return (sfs_op_reads_data(op) ? SFS_OPF_READS_DATA : 0)
           | (sfs_op_writes_data(op) ? SFS_OPF_WRITES_DATA : 0);
}
