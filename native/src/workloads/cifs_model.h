/* The Markov model behind the sfs2008-cifs workload (docs/smb.md).
 *
 * One state per CIFS op of the guide's table (2.2.2): the state is the op
 * just issued.  States split into two phases of a file handle:
 *   no handle open: ECHO, QUERY_PATH_INFO, QUERY_FS_INFO, FIND_FIRST2, CLOSE
 *   a handle open:  NT_CREATE_ANDX, READ, WRITE, QUERY_FILE_INFO,
 *                   SET_FILE_INFO, LOCKING, QUERY_SECDESC, FLUSH
 * From a state without a handle the next op is a path op or NT_CREATE_ANDX;
 * from a state with a handle it is a handle op or CLOSE, so every sequence
 * is valid (open before use, close after).  READ and WRITE repeat with a
 * stickiness (sequential runs), NT_CREATE_ANDX is followed by its own
 * distribution (mostly QUERY_FILE_INFO, as Windows clients do), and the
 * other jump distributions are solved so that the stationary distribution
 * equals the table exactly.
 */
#ifndef SFS_CIFS_MODEL_H
#define SFS_CIFS_MODEL_H

#include "sfs_ops.h"
#include "rng.h"

#define CIFS_NOPS 13
#define CIFS_OP0 SFS_OP_CIFS_ECHO      /* state i <-> op CIFS_OP0 + i */

typedef struct cifs_model {
    double target[CIFS_NOPS];          /* the table, fractions summing to 1 */
    double p[CIFS_NOPS][CIFS_NOPS];    /* transition matrix, rows sum to 1 */
    double cum[CIFS_NOPS][CIFS_NOPS];  /* cumulative rows for sampling */
} cifs_model;

/* Build the model for the guide's table (percent per op, index = op - CIFS_OP0). */
void cifs_model_init(cifs_model *m);
/* 1 if state/op i has an open handle after it */
int  cifs_model_handle_open(int i);
/* next state from state i */
int  cifs_model_step(const cifs_model *m, int i, sfs_rng *r);
/* stationary distribution by power iteration (fractions) */
void cifs_model_stationary(const cifs_model *m, double pi[CIFS_NOPS]);

extern const double cifs_table_pct[CIFS_NOPS];

#endif
