package org.sfsbench.results.model;

import java.util.List;

/**
 * What every output of a run leads with, in the terms of its workload (docs/results.md "Headline"),
 * and the rules its verdict was decided by.
 *
 * @param rules which rules judged the run: sfs2008 (SPECsfs2008's run rules), access, loadfile or
 *        top-speed (the workload's own checks; such a result is never a SPECsfs2008 result)
 * @param valid true when every check of those rules passed (for sfs2008: the run is disclosable)
 * @param lines the headline, first line first
 */
public record Headline(String rules, boolean valid, List<String> lines) {
    public Headline {
        lines = List.copyOf(lines);
    }

    /** True for the SPECsfs2008 run rules, whose outputs keep the SPECsfs2008 wording. */
    public boolean sfs2008() {
        return "sfs2008".equals(rules);
    }
}
