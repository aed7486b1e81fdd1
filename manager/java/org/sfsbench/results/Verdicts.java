package org.sfsbench.results;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.engine.WorkloadRules;
import org.sfsbench.results.model.Headline;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;

/**
 * A run's verdict and headline, decided by its workload's rules (docs/results.md "Verdicts"):
 * SPECsfs2008's run rules for a paced SFS load curve ({@link RunRules}), else the workload's own
 * checks ({@link WorkloadChecks}); such a run is never disclosable as a SPECsfs2008 result.
 */
public final class Verdicts {
    private Verdicts() {
    }

    /** The one sentence a non-SFS run says instead of SPECsfs2008's verdict. */
    public static String notApplicable(WorkloadRules rules) {
        String what = switch (rules) {
            case ACCESS -> "an access run (Iometer access specifications)";
            case LOADFILE -> "a loadfile replay (dbench)";
            case TOP_SPEED -> "a top-speed run (unpaced steps)";
            case SPECSFS2008 -> throw new IllegalArgumentException("SPECsfs2008's rules apply to an SFS load curve");
        };
        return "SPECsfs2008's run rules do not apply to " + what + ": it is never disclosable as a SPECsfs2008"
                + " result; its " + rules.title() + " decide whether it is valid.";
    }

    /** The rules decided before the run ({@code sfs plan}): SPECsfs2008's, or none for the other workloads. */
    public static List<RuleCheck> checkPlan(RunSettings s) {
        return s.rules() == WorkloadRules.SPECSFS2008 ? RunRules.checkPlan(s) : List.of();
    }

    /** Decides checks, verdict and headline of {@code run} and stores them in it. */
    public static void apply(RunResult.Builder run, RunSettings s) {
        WorkloadRules rules = s.rules();
        if (rules == WorkloadRules.SPECSFS2008) {
            RunRules.apply(run, s);
        } else {
            RunResult built = run.build();
            List<RuleCheck> checks = switch (rules) {
                case ACCESS -> WorkloadChecks.access(built, s);
                case LOADFILE -> WorkloadChecks.loadfile(built, s);
                default -> WorkloadChecks.topSpeed(built, s);
            };
            run.ruleChecks = new ArrayList<>(checks);
            run.nonDisclosableReasons = new ArrayList<>(List.of(notApplicable(rules)));
            run.disclosable = false;
        }
        RuleCheck steady = WorkloadChecks.steadyState(run.build());
        if (steady != null) {
            run.ruleChecks = new ArrayList<>(run.ruleChecks);
            run.ruleChecks.add(steady);
            if (!steady.passed() && rules == WorkloadRules.SPECSFS2008) {
                run.disclosable = false;
                run.nonDisclosableReasons = new ArrayList<>(run.nonDisclosableReasons);
                run.nonDisclosableReasons.add("a warm-up did not reach steady state: " + steady.detail());
            }
        }
        RuleCheck outage = WorkloadChecks.outages(run.build());
        if (outage != null) {
            run.ruleChecks = new ArrayList<>(run.ruleChecks);
            run.ruleChecks.add(outage);
            run.disclosable = false;
            run.nonDisclosableReasons = new ArrayList<>(run.nonDisclosableReasons);
            run.nonDisclosableReasons.add("a point rode through a server outage: " + outage.detail());
        }
        boolean valid = rules == WorkloadRules.SPECSFS2008 ? run.disclosable
                : run.ruleChecks.stream().allMatch(RuleCheck::passed);
        run.headline = new Headline(rules.id(), valid, Headlines.of(run.build(), s, rules));
    }
}
