package org.sfsbench.results.model;

/**
 * One rc file variable as used by the run; the value of PASSWORD is always masked.
 *
 * @param name variable name
 * @param value value as written in the rc file (PASSWORD: ********)
 */
public record RcVariable(String name, String value) {
    /** What result files show instead of a password. */
    public static final String MASK = "********";

    public RcVariable {
        if (name != null && value != null && isSecret(name)) {
            value = MASK;
        }
    }

    /** Variable {@code name} = {@code value}; the value of PASSWORD is replaced by {@link #MASK}. */
    public static RcVariable of(String name, String value) {
        return new RcVariable(name, value);
    }

    /** True for variables whose value must never be shown. */
    public static boolean isSecret(String name) {
        return "PASSWORD".equalsIgnoreCase(name);
    }
}
