package org.sfsbench.manager;

import org.sfsbench.results.model.IntervalPoint;
import org.sfsbench.results.model.LoadPointResult;

/** Where a run's progress and results go as they happen (sfslog, sfssum, sfsres, ...). */
public interface ResultSink {
    /** A timestamped line of sfslog. */
    void log(String line);

    /** One sampling interval of a load point's RUN phase (a line of sfslog). */
    void interval(int point, IntervalPoint interval);

    /** A finished load point: its sfssum row and sfsres section are written at once. */
    void pointFinished(LoadPointResult point);
}
