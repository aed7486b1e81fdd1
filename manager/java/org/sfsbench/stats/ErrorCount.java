package org.sfsbench.stats;

import java.io.Serializable;

/**
 * One entry of the engine's error table: failed ops of {@code opId} that ended with the
 * protocol status {@code status} (NFS3ERR_*, NTSTATUS or errno, depending on the backend).
 */
public record ErrorCount(int opId, int status, long count) implements Serializable {
    private static final long serialVersionUID = 1L;
}
