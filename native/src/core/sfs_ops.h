/* Abstract operation ids shared by every backend and workload.
 * Ids 0..23 are the SFS MIXFILE op names in the guide's order (so a MIXFILE
 * maps 1:1); 24..36 are the CIFS operations of the guide's CIFS table.
 * Java mirrors the names through sfs_engine_op_name(). */
#ifndef SFS_OPS_H
#define SFS_OPS_H

enum sfs_op {
    SFS_OP_NULL = 0, SFS_OP_GETATTR, SFS_OP_SETATTR, SFS_OP_ROOT, SFS_OP_LOOKUP,
    SFS_OP_READLINK, SFS_OP_READ, SFS_OP_WRCACHE, SFS_OP_WRITE, SFS_OP_CREATE,
    SFS_OP_REMOVE, SFS_OP_RENAME, SFS_OP_LINK, SFS_OP_SYMLINK, SFS_OP_MKDIR,
    SFS_OP_RMDIR, SFS_OP_READDIR, SFS_OP_FSSTAT, SFS_OP_ACCESS, SFS_OP_COMMIT,
    SFS_OP_FSINFO, SFS_OP_MKNOD, SFS_OP_PATHCONF, SFS_OP_READDIRPLUS,
    /* CIFS table (guide 2.2.2), issued as SMB2/3 equivalents */
    SFS_OP_CIFS_ECHO = 24, SFS_OP_CIFS_LOCKING_ANDX, SFS_OP_CIFS_QUERY_SECDESC,
    SFS_OP_CIFS_READ_ANDX, SFS_OP_CIFS_QUERY_FS_INFO, SFS_OP_CIFS_QUERY_FILE_INFO,
    SFS_OP_CIFS_QUERY_PATH_INFO, SFS_OP_CIFS_SET_FILE_INFO, SFS_OP_CIFS_FIND_FIRST2,
    SFS_OP_CIFS_WRITE_ANDX, SFS_OP_CIFS_NT_CREATE_ANDX, SFS_OP_CIFS_CLOSE,
    SFS_OP_CIFS_FLUSH,
    SFS_OP_COUNT /* <= SFS_OPS_MAX */
};

/* canonical names: mixfile names for 0..23, CIFS table names for 24.. */
const char *sfs_op_name(int op);
/* -1 if unknown */
int sfs_op_from_name(const char *name);
/* the op sends file data to the server (the engine supplies it: datagen.h) */
static inline int sfs_op_writes_data(int op)
{
    return op == SFS_OP_WRITE || op == SFS_OP_WRCACHE || op == SFS_OP_CIFS_WRITE_ANDX;
}
/* the op brings file data from the server */
static inline int sfs_op_reads_data(int op)
{
    return op == SFS_OP_READ || op == SFS_OP_CIFS_READ_ANDX;
}

#endif
