/* Markov model of the sfs2008-cifs workload (cifs_model.h, docs/smb.md). */
#include <string.h>
#include "cifs_model.h"

enum {
    M_ECHO, M_LOCK, M_SECDESC, M_READ, M_QFS, M_QFILE, M_QPATH, M_SETF,
    M_FIND, M_WRITE, M_CREATE, M_CLOSE, M_FLUSH
};

/* guide 2.2.2, SPECsfs2008 column, in op-id order 24..36 */
const double cifs_table_pct[CIFS_NOPS] = {
    0.5, 1.1, 1.6, 20.5, 1.6, 12.9, 21.5, 3.2, 8.6, 8.6, 9.7, 9.7, 0.5,
};

/* Probability that an op is immediately repeated: sequential read and
 * write runs, bursts of path queries (e.g. an Explorer refresh). */
static const double sticky[CIFS_NOPS] = {
    [M_READ] = 0.5, [M_WRITE] = 0.4, [M_QPATH] = 0.3,
};

/* What follows NT_CREATE_ANDX: mostly a query of the new handle. */
static const double after_create[CIFS_NOPS] = {
    [M_QFILE] = 0.6, [M_READ] = 0.2, [M_WRITE] = 0.1, [M_CLOSE] = 0.1,
};

int cifs_model_handle_open(int i)
{
    switch (i) {
    case M_ECHO: case M_QFS: case M_QPATH: case M_FIND: case M_CLOSE:
        return 0;
    default:
        return 1;
    }
}

/* successor sets: ops allowed next without / with an open handle */
static int next_without_handle(int b)
{
    return b == M_ECHO || b == M_QFS || b == M_QPATH || b == M_FIND || b == M_CREATE;
}

static int next_with_handle(int b)
{
    return cifs_model_handle_open(b) ? b != M_CREATE : b == M_CLOSE;
}

void cifs_model_init(cifs_model *m)
{
    memset(m, 0, sizeof *m);
    double *pi = m->target;
    for (int i = 0; i < CIFS_NOPS; i++)
        pi[i] = cifs_table_pct[i] / 100.0;

    /* Flow out of each handle phase that is redistributed by the jump
     * distributions: F = sum over the phase's states (1 - s) pi, leaving
     * out NT_CREATE_ANDX, which has its own distribution. */
    double f_idle = 0, f_open = 0;
    for (int a = 0; a < CIFS_NOPS; a++) {
        if (!cifs_model_handle_open(a))
            f_idle += (1 - sticky[a]) * pi[a];
        else if (a != M_CREATE)
            f_open += (1 - sticky[a]) * pi[a];
    }
    /* Balance pi_b (1 - s_b) = D(b) F + after_create(b) pi_create gives
     * the jump distribution D of each phase. */
    double d_idle[CIFS_NOPS] = { 0 }, d_open[CIFS_NOPS] = { 0 };
    for (int b = 0; b < CIFS_NOPS; b++) {
        if (next_without_handle(b))
            d_idle[b] = (1 - sticky[b]) * pi[b] / f_idle;
        if (next_with_handle(b))
            d_open[b] = ((1 - sticky[b]) * pi[b] - after_create[b] * pi[M_CREATE]) / f_open;
    }
    for (int a = 0; a < CIFS_NOPS; a++) {
        const double *d = a == M_CREATE ? after_create
                        : cifs_model_handle_open(a) ? d_open : d_idle;
        double s = a == M_CREATE ? 0 : sticky[a];
        for (int b = 0; b < CIFS_NOPS; b++)
            m->p[a][b] = (1 - s) * d[b] + (a == b ? s : 0);
        double c = 0;
        for (int b = 0; b < CIFS_NOPS; b++) {
            c += m->p[a][b];
            m->cum[a][b] = c;
        }
    }
}

int cifs_model_step(const cifs_model *m, int i, sfs_rng *r)
{
    double u = sfs_rng_unit(r) * m->cum[i][CIFS_NOPS - 1];
    for (int b = 0; b < CIFS_NOPS; b++)
        if (u < m->cum[i][b] && m->p[i][b] > 0)
            return b;
    for (int b = CIFS_NOPS - 1; b >= 0; b--)   /* rounding at the top end */
        if (m->p[i][b] > 0)
            return b;
    return i;
}

void cifs_model_stationary(const cifs_model *m, double pi[CIFS_NOPS])
{
    double next[CIFS_NOPS];
    for (int i = 0; i < CIFS_NOPS; i++)
        pi[i] = 1.0 / CIFS_NOPS;
    for (int it = 0; it < 10000; it++) {
        double delta = 0;
        for (int b = 0; b < CIFS_NOPS; b++) {
            next[b] = 0;
            for (int a = 0; a < CIFS_NOPS; a++)
                next[b] += pi[a] * m->p[a][b];
        }
        for (int b = 0; b < CIFS_NOPS; b++) {
            delta += next[b] > pi[b] ? next[b] - pi[b] : pi[b] - next[b];
            pi[b] = next[b];
        }
        if (delta < 1e-15)
            break;
    }
}
