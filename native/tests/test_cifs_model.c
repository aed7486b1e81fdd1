/* The sfs2008-cifs Markov model: valid sequences, a stochastic matrix, and a
 * stationary mix equal to the guide's table (analytically within 0.2
 * point, sampled over 1e6 steps within 0.3 point).  No server needed. */
#include <stdio.h>
#include <math.h>
#include "check.h"
#include "cifs_model.h"

int main(void)
{
    cifs_model m;
    cifs_model_init(&m);

    for (int a = 0; a < CIFS_NOPS; a++) {
        double row = 0;
        for (int b = 0; b < CIFS_NOPS; b++) {
            CHECK(m.p[a][b] >= 0, "p[%d][%d] = %g", a, b, m.p[a][b]);
            row += m.p[a][b];
            /* validity: a handle op only with a handle, no open on an open handle */
            if (m.p[a][b] > 0) {
                int op_b = CIFS_OP0 + b;
                int needs_handle = cifs_model_handle_open(b) && op_b != SFS_OP_CIFS_NT_CREATE_ANDX;
                if (op_b == SFS_OP_CIFS_CLOSE) needs_handle = 1;
                CHECK(needs_handle == cifs_model_handle_open(a), "invalid transition %s -> %s",
                      sfs_op_name(CIFS_OP0 + a), sfs_op_name(op_b));
            }
        }
        CHECK(fabs(row - 1.0) < 1e-12, "row %d sums to %.15f", a, row);
    }

    double pi[CIFS_NOPS];
    cifs_model_stationary(&m, pi);
    for (int i = 0; i < CIFS_NOPS; i++) {
        printf("%-34s table %5.2f%%  stationary %6.3f%%\n", sfs_op_name(CIFS_OP0 + i),
               cifs_table_pct[i], 100 * pi[i]);
        CHECK(fabs(100 * pi[i] - cifs_table_pct[i]) <= 0.2, "%s: stationary %.3f%%, table %.1f%%",
              sfs_op_name(CIFS_OP0 + i), 100 * pi[i], cifs_table_pct[i]);
    }

    sfs_rng r;
    sfs_rng_seed(&r, 42);
    long count[CIFS_NOPS] = { 0 };
    const long steps = 1000000;
    int s = SFS_OP_CIFS_CLOSE - CIFS_OP0, open = 0;
    for (long k = 0; k < steps; k++) {
        s = cifs_model_step(&m, s, &r);
        int op = CIFS_OP0 + s;
        /* replay the handle state: open before use, close after */
        if (op == SFS_OP_CIFS_NT_CREATE_ANDX) { CHECK(!open, "open at step %ld with a handle open", k); open = 1; }
        else if (op == SFS_OP_CIFS_CLOSE) { CHECK(open, "close at step %ld without a handle", k); open = 0; }
        else CHECK(open == cifs_model_handle_open(s), "%s at step %ld in the wrong handle state", sfs_op_name(op), k);
        count[s]++;
    }
    for (int i = 0; i < CIFS_NOPS; i++) {
        double pct = 100.0 * (double)count[i] / (double)steps;
        printf("%-34s sampled %6.3f%%\n", sfs_op_name(CIFS_OP0 + i), pct);
        CHECK(fabs(pct - cifs_table_pct[i]) <= 0.3, "%s: sampled %.3f%%, table %.1f%%",
              sfs_op_name(CIFS_OP0 + i), pct, cifs_table_pct[i]);
    }
    return check_result("test_cifs_model");
}
