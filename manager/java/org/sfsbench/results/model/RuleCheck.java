package org.sfsbench.results.model;

/** Outcome of one run rule (see RunRules and docs/results.md). */
public class RuleCheck {
    /** Stable identifier, e.g. load-points. */
    private String id;
    /** What the rule requires, one sentence. */
    private String description;
    /** True when the run satisfies the rule. */
    private boolean passed;
    /** Why it failed (or the measured value when it passed). */
    private String detail;

    public RuleCheck() {
    }

    public RuleCheck(String id, String description, boolean passed, String detail) {
        this.id = id;
        this.description = description;
        this.passed = passed;
        this.detail = detail;
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    public boolean isPassed() {
        return passed;
    }

    public void setPassed(boolean passed) {
        this.passed = passed;
    }

    public String getDetail() {
        return detail;
    }

    public void setDetail(String detail) {
        this.detail = detail;
    }
}
