package org.sfsbench.manager;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.sfsbench.access.AccessCharts;
import org.sfsbench.access.AccessReport;
import org.sfsbench.access.AccessStep;
import org.sfsbench.access.AccessStepResult;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.model.AccessStepIdentity;
import org.sfsbench.results.ResultFiles;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

/** After a WORKLOAD=access run: the step table (printed and access.X.txt), access.X.csv, access.X.html. */
final class AccessResults {
    private AccessResults() {
    }

    /** The point of access step {@code s}, named as that step in the result documents. */
    static LoadPointResult identified(LoadPointResult p, AccessStep s) {
        return p.with(b -> b.access = new AccessStepIdentity(s.spec().name(), s.outstandingIos(), s.workers()));
    }

    static void write(RunConfig rc, RunOutputs out, RunResult result, Progress progress) throws IOException {
        List<AccessStepResult> rows = new ArrayList<>();
        for (LoadPointResult p : result.loadPoints()) {
            AccessStep s = rc.accessStep(p.index());
            // an SLO run's windows all run its one step: each row is numbered as its window
            rows.add(AccessStepResult.of(new AccessStep(p.index(), s.spec(), s.outstandingIos(), s.workers(),
                    s.targets(), s.rampUpSeconds(), s.runSeconds()), rc.clients().size(), p));
        }
        String table = AccessReport.table(rows);
        Path csv = out.dir().resolve("access." + out.suffix() + ".csv");
        ResultFiles.write(out.dir().resolve("access." + out.suffix() + ".txt"), table);
        AccessReport.writeCsv(csv, rc.access(), rows);
        ResultFiles.write(out.dir().resolve("access." + out.suffix() + ".html"),
                AccessCharts.html("sfsbench access steps " + out.suffix(), rows));
        progress.println("\naccess steps (also in " + csv + ", Iometer's results.csv layout):");
        progress.println(table);
    }
}
