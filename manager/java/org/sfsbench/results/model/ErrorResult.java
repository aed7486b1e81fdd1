package org.sfsbench.results.model;

/**
 * Failed ops of one op type with one protocol status, for one load point.
 *
 * @param op op name
 * @param opId engine op id
 * @param status protocol status as reported by the backend (NFS3ERR_*, NTSTATUS, errno)
 * @param statusText status in the usual notation, e.g. NFS3ERR_NOENT 2 or 0xC0000034
 * @param count number of failed ops
 */
public record ErrorResult(String op, int opId, int status, String statusText, long count) {
}
