package org.sfsbench.report;

import java.io.IOException;
import java.nio.file.Path;

/** Published files of the guide-shaped sample run, for tests outside this package. */
public final class ReportFixtures {
    private ReportFixtures() {
    }

    public static ResultPublisher.Published publishGuideRun(Path dir, String suffix) throws IOException {
        return ResultPublisher.writeAll(GuideSampleRun.build(suffix), dir, suffix);
    }
}
