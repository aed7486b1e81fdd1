package org.sfsbench.manager;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.sfsbench.access.AccessCharts;
import org.sfsbench.access.AccessReport;
import org.sfsbench.access.AccessStepResult;
import org.sfsbench.rc.RunConfig;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

/** After a WORKLOAD=access run: the step table (printed and access.X.txt), access.X.csv, access.X.html. */
final class AccessResults {
    private AccessResults() {
    }

    static void write(RunConfig rc, RunOutputs out, RunResult result, Progress progress) throws IOException {
        List<AccessStepResult> rows = new ArrayList<>();
        for (LoadPointResult p : result.loadPoints()) {
            rows.add(AccessStepResult.of(rc.accessStep(p.index()), rc.clients().size(), p));
        }
        String table = AccessReport.table(rows);
        Path csv = out.dir().resolve("access." + out.suffix() + ".csv");
        Files.writeString(out.dir().resolve("access." + out.suffix() + ".txt"), table);
        AccessReport.writeCsv(csv, rc.access(), rows);
        Files.writeString(out.dir().resolve("access." + out.suffix() + ".html"),
                AccessCharts.html("sfsbench access steps " + out.suffix(), rows));
        progress.println("\naccess steps (also in " + csv + ", Iometer's results.csv layout):");
        progress.println(table);
    }
}
