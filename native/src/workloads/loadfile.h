/* A dbench loadfile parsed once into a compact op list (docs/loadfile.md).
 *
 * Two formats, told apart per line: the classic client.txt of dbench 3/4
 * (SMB trace names such as NTCreateX/ReadX, NT_STATUS_* results, no
 * timestamps) and the timestamped loadfiles of newer dbench (first field
 * seconds; NFSv3 names GETATTR3/READ3/..., or SMB names OPEN/READ/...;
 * offsets like "*%0x10000000/4096" or "+4096"; REPEAT n; statuses
 * 0x..., SUCCESS, ERROR or *).  A file mixes no formats: either every op
 * line has a timestamp or none has. */
#ifndef SFS_LOADFILE_H
#define SFS_LOADFILE_H

#include <stddef.h>
#include <stdint.h>

enum lf_kind {
    /* classic client.txt */
    LF_NTCREATEX, LF_CLOSE, LF_RENAME, LF_UNLINK, LF_DELTREE, LF_RMDIR, LF_MKDIR,
    LF_QPATHINFO, LF_QFILEINFO, LF_QFSINFO, LF_SFILEINFO, LF_FINDFIRST, LF_WRITEX,
    LF_READX, LF_LOCKX, LF_UNLOCKX, LF_FLUSH,
    /* timestamped NFSv3 names */
    LF_GETATTR3, LF_LOOKUP3, LF_CREATE3, LF_WRITE3, LF_COMMIT3, LF_READ3, LF_ACCESS3,
    LF_MKDIR3, LF_RMDIR3, LF_FSSTAT3, LF_FSINFO3, LF_SYMLINK3, LF_REMOVE3, LF_READDIRPLUS3,
    LF_RENAME3, LF_LINK3, LF_PATHCONF3, LF_READLINK3, LF_SETATTR3, LF_LOCK4, LF_UNLOCK4,
    LF_TEST4,
    /* timestamped SMB names */
    LF_SMB_MKDIR, LF_SMB_RMDIR, LF_SMB_OPEN, LF_SMB_CLOSE, LF_SMB_READ, LF_SMB_WRITE,
    LF_SMB_UNLINK, LF_SMB_READDIR,
    LF_KINDS
};

/* what the line's status says the op must end with */
enum lf_expect {
    LF_EXPECT_OK,          /* NT_STATUS_OK, SUCCESS, 0x0 */
    LF_EXPECT_ANY,         /* "*" */
    LF_EXPECT_FAIL,        /* ERROR, or a failure with no errno equivalent */
    LF_EXPECT_ERRNO,       /* that failure (lf_op.err) */
};

/* an offset or length field: a number or one of dbench's expressions */
enum lf_num_kind {
    LF_NUM_ABS,            /* the number */
    LF_NUM_RANDOM,         /* "*" then qualifiers /y %y +y applied in order */
    LF_NUM_PREV,           /* "+y": the previous line's value + y */
    LF_NUM_PREV_CHILD,     /* "+child": previous + client index */
    LF_NUM_PREV_CLIENTS,   /* "+num_children": previous + number of clients */
};

#define LF_MAXQ 4
typedef struct lf_num {
    uint8_t  kind;
    uint8_t  nq;
    char     q[LF_MAXQ];
    uint64_t v[LF_MAXQ];   /* ABS/PREV: v[0]; RANDOM: qualifier operands */
} lf_num;

#define LF_NONE UINT32_MAX

typedef struct lf_op {
    uint64_t t_us;         /* timestamp in microseconds (0 without) */
    uint32_t line;         /* line in the file, for messages */
    uint32_t repeat;       /* times the line runs (REPEAT n before it; 1) */
    uint32_t path, path2;  /* path ids (lf_file.paths), LF_NONE */
    uint32_t handle;       /* classic: fnum; SMB names: the path id */
    uint32_t arg0, arg1;   /* NTCreateX options/disposition, OPEN flags, WRITE3
                            * stable; Deltree: first tree entry/count */
    uint32_t num[2];       /* offset, length: ids in lf_file.nums */
    uint8_t  kind;         /* enum lf_kind */
    uint8_t  expect;       /* enum lf_expect */
    int16_t  err;          /* LF_EXPECT_ERRNO: the errno */
} lf_op;

typedef struct lf_path {
    char    *s;            /* '/'-separated, no leading '/' ("" = the root) */
    int32_t  client_at;    /* offset of a "client1" component (replaced by
                            * the replaying client's name), -1 if none */
    uint8_t  is_dir;       /* made as a directory or a parent of another path */
} lf_path;

typedef struct lf_file {
    char     name[512];
    lf_op   *ops;
    size_t   nops;
    lf_path *paths;
    uint32_t npaths;
    lf_num  *nums;
    uint32_t nnums;
    uint32_t *tree;        /* Deltree expansions: path ids, files first, then
                            * directories deepest first, the tree's root last */
    size_t   ntree;
    int      timestamped;  /* op lines carry timestamps */
    uint64_t lines;        /* lines in the file */
    uint64_t kind_count[LF_KINDS]; /* op lines per kind (REPEAT counted) */
} lf_file;

/* Parse 'path'.  NULL on failure with "path:line: why" in err. */
lf_file *lf_parse(const char *path, char *err, size_t errlen);
/* Same from text in memory ('name' for messages). */
lf_file *lf_parse_text(const char *name, const char *text, size_t len, char *err, size_t errlen);
void     lf_free(lf_file *f);
/* loadfile_dir: the path of the index-th of the count loadfiles of dir (by
 * name) into path; 0, or -1 with a message naming the folder */
int lf_set_pick(const char *dir, int index, int count, char *path, size_t len, char *err, size_t errlen);

/* loadfile name of a kind ("NTCreateX", "READ3", ...) */
const char *lf_kind_name(int kind);
/* after the parse: mark directories (adding their parents through intern) and
 * fill each Deltree's removal list; -1 on out of memory (loadfile_dirs.c) */
int lf_mark_dirs(lf_file *f, uint32_t (*intern)(void *ctx, const char *s), void *ctx);
int lf_build_trees(lf_file *f);
/* dbench's RANDOMSTRING slots $0..$9 (loadfile_macro.c) */
#define LF_SLOT_MAX 256
typedef struct lf_strings {
    char *slot[10];
    uint64_t rng;
} lf_strings;
/* "RANDOMSTRING n pattern": slot n gets the pattern, each [set] one character of the set */
int   lf_randomstring(lf_strings *s, const char *line, char *why, size_t whylen);
/* a malloc'd copy of line with every $n replaced by slot n; NULL with why */
char *lf_substitute(const lf_strings *s, const char *line, char *why, size_t whylen);
void  lf_strings_free(lf_strings *s);
/* a line's status field (NT_STATUS_*, 0x.., SUCCESS, ERROR, *) into op->expect/err; -1 if bad */
int lf_parse_status(const char *tok, lf_op *op);

#endif
