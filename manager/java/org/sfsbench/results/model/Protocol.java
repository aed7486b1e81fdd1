package org.sfsbench.results.model;

/** File server protocol of a run, as printed in sfssum column 6. */
public enum Protocol {
    /** NFS version 3 (libnfs backend). */
    NFS3,
    /** SMB2/3 (libsmbclient backend), CIFS in SPECsfs2008 terms. */
    CIFS,
    /** System calls on a local or mounted path (sfsbench extension, never disclosable). */
    POSIX
}
