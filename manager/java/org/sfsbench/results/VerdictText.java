package org.sfsbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.sfsbench.engine.WorkloadRules;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;

/**
 * The headline and verdict lines of a run whose workload has its own checks (access, loadfile,
 * top speed), as the console, sfsres and sfslog print them; SFS runs keep SPECsfs2008's wording.
 */
public final class VerdictText {
    private VerdictText() {
    }

    /** The headline, the sentence that SPECsfs2008's rules do not apply, and every check. */
    public static List<String> lines(RunResult run) {
        List<String> out = new ArrayList<>(run.headline().lines());
        out.addAll(verdict(run));
        return out;
    }

    /** The sentence that SPECsfs2008's rules do not apply, then "Access checks: valid, ..." and every check. */
    public static List<String> verdict(RunResult run) {
        return verdict(run.headline().rules(), run.headline().valid(), run.nonDisclosableReasons(), run.ruleChecks());
    }

    /** The same from its parts (a published document's). */
    public static List<String> verdict(String rulesId, boolean valid, List<String> reasons, List<RuleCheck> checks) {
        List<String> out = new ArrayList<>(reasons);
        WorkloadRules rules = WorkloadRules.ofId(rulesId);
        out.add(capitalized(rules == null ? rulesId : rules.title()) + ": "
                + (valid ? "valid, every check passed" : "NOT VALID"));
        for (RuleCheck c : checks) {
            out.add(c.passed() ? String.format(Locale.ROOT, "  PASS %-16s %s (%s)", c.id(), c.description(), c.detail())
                    : String.format(Locale.ROOT, "  FAIL %-16s %s (check: %s)", c.id(), c.detail(), c.description()));
        }
        return out;
    }

    /**
     * Under the sfssum rows of a run with unpaced rows: what their first column means. The column
     * stays a number, 0, since the guide's parsers (and sfs report) read it as one.
     */
    public static String unpacedNote(RunResult run) {
        boolean unpaced = run.loadPoints().stream().anyMatch(VerdictText::unpaced);
        return unpaced ? "(requested ops/s, the first column, is 0 on unpaced rows: nothing was requested, every proc"
                + " ran as fast as it could)" : null;
    }

    /** A point that requested no rate: a LOAD=max step, an access step, an unpaced loadfile replay. */
    public static boolean unpaced(LoadPointResult p) {
        return p.requestedOpsPerSec() == 0;
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
