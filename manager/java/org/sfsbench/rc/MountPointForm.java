package org.sfsbench.rc;

/** How MNT_POINTS was written, which decides which proc uses which mount point (guide 3.3). */
public enum MountPointForm {
    /** PROCS entries: proc i of every client uses entry i. */
    PER_PROC,
    /** PROCS x clients entries: the first PROCS for client 1, the next PROCS for client 2, ... */
    PER_CLIENT_AND_PROC,
    /** A mount-points file: one line {@code client_name mnt mnt...} per client. */
    FILE
}
