package org.sfsbench.results.model;

/** One rc file variable as used by the run; the value of PASSWORD is always masked. */
public class RcVariable {
    /** Variable name. */
    private String name;
    /** Value as written in the rc file (PASSWORD: ********). */
    private String value;

    /** What result files show instead of a password. */
    public static final String MASK = "********";

    public RcVariable() {
    }

    /** Variable {@code name} = {@code value}; the value of PASSWORD is replaced by {@link #MASK}. */
    public static RcVariable of(String name, String value) {
        RcVariable v = new RcVariable();
        v.setName(name);
        v.setValue(value);
        return v;
    }

    /** True for variables whose value must never be shown. */
    public static boolean isSecret(String name) {
        return "PASSWORD".equalsIgnoreCase(name);
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
        mask();
    }

    public String getValue() {
        return value;
    }

    /** Stores the value, masked when this is a secret variable (name set first or later). */
    public void setValue(String value) {
        this.value = value;
        mask();
    }

    private void mask() {
        if (name != null && value != null && isSecret(name)) {
            value = MASK;
        }
    }
}
