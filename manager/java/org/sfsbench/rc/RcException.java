package org.sfsbench.rc;

import java.nio.file.Path;

/**
 * A bad rc file, mount-points file or mix file. The message always has the form
 * {@code FILE:LINE: VARIABLE=VALUE: what is wrong; allowed: ...}; the line is left out when the
 * problem is not tied to one line (for example a variable that is missing).
 */
public final class RcException extends Exception {
    private static final long serialVersionUID = 1L;

    private final Path file;
    private final int line;
    private final String variable;
    private final String value;
    private final String problem;
    private final String allowed;

    /**
     * @param file     the file that is wrong
     * @param line     1-based line, or 0 when not applicable
     * @param variable the variable (or mix op / client name) concerned, may be null
     * @param value    its value as written, may be null
     * @param problem  what is wrong
     * @param allowed  what would be accepted, may be null
     */
    public RcException(Path file, int line, String variable, String value, String problem, String allowed) {
        super(format(file, line, variable, value, problem, allowed));
        this.file = file;
        this.line = line;
        this.variable = variable;
        this.value = value;
        this.problem = problem;
        this.allowed = allowed;
    }

    private static String format(Path file, int line, String variable, String value, String problem,
            String allowed) {
        StringBuilder sb = new StringBuilder();
        sb.append(file);
        if (line > 0) {
            sb.append(':').append(line);
        }
        sb.append(": ");
        if (variable != null) {
            sb.append(variable);
            if (value != null) {
                sb.append('=').append(value);
            }
            sb.append(": ");
        }
        sb.append(problem);
        if (allowed != null) {
            sb.append("; allowed: ").append(allowed);
        }
        return sb.toString();
    }

    public Path file() {
        return file;
    }

    /** 1-based line number, 0 when the problem is not tied to one line. */
    public int line() {
        return line;
    }

    public String variable() {
        return variable;
    }

    public String value() {
        return value;
    }

    public String problem() {
        return problem;
    }

    public String allowed() {
        return allowed;
    }
}
