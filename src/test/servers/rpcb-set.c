/* rpcb-set PROG VERS PORT: map PROG/VERS over TCP to 127.0.0.1:PORT in the
 * local rpcbind (dropping the previous mapping of PROG/VERS).  ganesha.sh uses
 * it to point the portmapper back at the default test server after another
 * instance started (every Ganesha registers itself) or stopped (and
 * unregistered the programs).  Built on the fly by ganesha.sh (libtirpc). */
#include <stdio.h>
#include <stdlib.h>
#include <rpc/rpc.h>

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: rpcb-set PROG VERS PORT\n");
        return 2;
    }
    rpcprog_t prog = (rpcprog_t)strtoul(argv[1], NULL, 0);
    rpcvers_t vers = (rpcvers_t)strtoul(argv[2], NULL, 0);
    int port = atoi(argv[3]);
    struct netconfig *nc = getnetconfigent("tcp");
    if (!nc) {
        fprintf(stderr, "rpcb-set: no tcp netconfig\n");
        return 1;
    }
    char uaddr[64];
    snprintf(uaddr, sizeof uaddr, "127.0.0.1.%d.%d", port >> 8, port & 0xff);
    struct netbuf *nb = uaddr2taddr(nc, uaddr);
    if (!nb) {
        fprintf(stderr, "rpcb-set: bad address %s\n", uaddr);
        return 1;
    }
    rpcb_unset(prog, vers, nc);
    if (!rpcb_set(prog, vers, nc, nb)) {
        fprintf(stderr, "rpcb-set: rpcbind refused %lu/%lu -> %s\n", (unsigned long)prog,
                (unsigned long)vers, uaddr);
        return 1;
    }
    freenetconfigent(nc);
    return 0;
}
