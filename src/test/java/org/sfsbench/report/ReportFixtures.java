package org.sfsbench.report;

import java.io.IOException;
import java.nio.file.Path;

import org.sfsbench.results.model.RunResult;

/** Published files of the guide-shaped sample run, for tests outside this package. */
public final class ReportFixtures {
    private ReportFixtures() {
    }

    /** The sample as built: not disclosable (FILESET_SCALE reason). */
    public static ResultPublisher.Published publishGuideRun(Path dir, String suffix) throws IOException {
        return ResultPublisher.writeAll(GuideSampleRun.build(suffix), dir, suffix);
    }

    /** The sample with every rule passed. */
    public static ResultPublisher.Published publishDisclosableGuideRun(Path dir, String suffix) throws IOException {
        RunResult.Builder r = GuideSampleRun.build(suffix).toBuilder();
        r.disclosable = true;
        r.nonDisclosableReasons.clear();
        r.ruleChecks.removeIf(c -> !c.passed());
        return ResultPublisher.writeAll(r.build(), dir, suffix);
    }
}
