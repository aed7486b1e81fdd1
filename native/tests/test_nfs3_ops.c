/* Unit test (no server): the ops the nfs3 backend declares (sfs_backend.ops,
 * what the catalog publishes) are exactly the ops its procedure table in
 * nfs3_resolve.c starts. */
#include <inttypes.h>
#include "check.h"
#include "backend.h"
#include "nfs3_priv.h"

int main(void)
{
    const sfs_backend *b = sfs_backend_find("nfs3");
    CHECK(b != NULL, "nfs3 registered");
    if (b)
        CHECK(b->ops == nfs3_ops_started(), "declared ops %#" PRIx64 ", started %#" PRIx64,
              b->ops, nfs3_ops_started());
    CHECK(nfs3_ops_started() == SFS_OPS_NFS, "every SFS (NFS) op, no CIFS op: %#" PRIx64,
          nfs3_ops_started());
    return check_result("test_nfs3_ops");
}
