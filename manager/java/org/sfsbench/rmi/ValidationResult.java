package org.sfsbench.rmi;

import java.io.Serializable;

/** Validation report of one client: failures &lt; 0 when the target could not be opened. */
public record ValidationResult(int failures, String report) implements Serializable {
}
