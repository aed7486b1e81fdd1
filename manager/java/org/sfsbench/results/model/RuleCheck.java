package org.sfsbench.results.model;

/**
 * Outcome of one run rule (see RunRules and docs/results.md).
 *
 * @param id stable identifier, e.g. load-points
 * @param description what the rule requires, one sentence
 * @param passed true when the run satisfies the rule
 * @param detail why it failed (or the measured value when it passed)
 */
public record RuleCheck(String id, String description, boolean passed, String detail) {
}
