package org.sfsbench.manager;

import java.util.Locale;

import org.sfsbench.plan.Step;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.StepResult;

/** How a step of a LOAD=max or access run is written: its result row's step part, its console text. */
final class StepRows {

    private StepRows() {
    }

    /** ", client CPU B %" (host busy of all clients over the step's RUN), or "" when not measured. */
    static String cpuText(LoadPointResult r) {
        return r.cpu() == null ? "" : String.format(Locale.ROOT, ", client CPU %.1f %%", r.cpu().hostBusyPercent());
    }

    static StepResult stepResult(Step s) {
        StepResult r = new StepResult();
        r.setKind(s.kind().name().toLowerCase(Locale.ROOT));
        r.setProcsPerClient(s.procsPerClient());
        r.setPerProcRate(s.perProcRate());
        r.setCurvePct(s.curvePct());
        r.setRampSeconds(s.rampSeconds());
        return r;
    }
}
