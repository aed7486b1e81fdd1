package org.sfsbench.rc;

/**
 * One {@code NAME=value} line of an rc file.
 *
 * @param name  the variable name as written
 * @param value the value with its quotes removed (no escape processing: backslashes are literal)
 * @param line  1-based line number
 */
record RcAssignment(String name, String value, int line) {
}
