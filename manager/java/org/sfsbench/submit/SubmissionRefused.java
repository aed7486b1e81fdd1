package org.sfsbench.submit;

import java.util.List;

/** The submission was not built; {@link #problems()} lists everything that must be fixed, one per line. */
public final class SubmissionRefused extends Exception {
    private final transient List<String> problems;

    public SubmissionRefused(List<String> problems) {
        super(problems.size() + " problem(s):\n  " + String.join("\n  ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
