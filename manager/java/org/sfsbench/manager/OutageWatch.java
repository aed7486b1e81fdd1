package org.sfsbench.manager;

import java.util.List;

import org.sfsbench.engine.Phase;
import org.sfsbench.rc.OutageSettings;
import org.sfsbench.results.OutageFigures;
import org.sfsbench.results.OutageText;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OutageResult;
import org.sfsbench.stats.EngineSample;

/**
 * OUTAGE=ride during one load point's RUN (docs/running.md "Outages"): the polls its outages'
 * figures come from, the DISRUPT command at its instant, and what both put in sfslog and on the
 * console. Without OUTAGE=ride it does nothing.
 */
final class OutageWatch {
    /** The watch of no RUN yet. */
    static final OutageWatch NONE = new OutageWatch(OutageSettings.none(), 0, 0, null);

    private final boolean ride;
    private final OutageFigures figures = new OutageFigures();
    private final Disruption disruption;
    private final long runAt;
    private final String prefix;
    private final ResultSink sink;

    private OutageWatch(OutageSettings s, long runAt, int point, ResultSink sink) {
        this.ride = s.ride();
        this.runAt = runAt;
        this.prefix = "load point " + point + ": ";
        this.sink = sink;
        this.disruption = s.disrupts() ? Disruption.schedule(s.disrupt(), s.disruptAt(), runAt) : null;
    }

    /** The watch of the RUN that starts at {@code runAt} (epoch ms). */
    static OutageWatch forRun(OutageSettings s, long runAt, int point, ResultSink sink) {
        return new OutageWatch(s, runAt, point, sink);
    }

    /** One poll's merged sample (those of RUN count). */
    void poll(EngineSample merged) {
        if (ride && merged.phase() == Phase.RUN) {
            figures.add(merged);
        }
    }

    /** The outages of RUN's final merged sample, with their figures. */
    List<OutageResult> outages(EngineSample run) {
        return ride ? figures.of(run) : List.of();
    }

    /** The measured point's outages, in sfslog and on the console; the point itself. */
    LoadPointResult report(LoadPointResult measured, Progress progress) {
        for (String l : OutageText.lines(measured)) {
            sink.log(prefix + l);
            progress.println("     " + l);
        }
        return measured;
    }

    /** After RUN, measured or not: the DISRUPT command's lines in sfslog. */
    void end() {
        if (disruption != null) {
            disruption.finish(runAt).forEach(l -> sink.log(prefix + l));
        }
    }
}
