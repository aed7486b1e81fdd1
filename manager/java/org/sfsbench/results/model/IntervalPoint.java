package org.sfsbench.results.model;

/** One sampling interval of the RUN phase of a load point, for time series. */
public class IntervalPoint {
    /** End of the interval, seconds since RUN started. */
    private double timeSeconds;
    /** Ops completed in the interval / interval length. */
    private double opsPerSec;
    /** Latency sum of the interval / its ops (NaN without ops). */
    private double meanMs;
    /** Failed ops in the interval. */
    private long errors;
    /** Procs more than 1 s behind schedule at the end of the interval. */
    private long behindProcs;

    public IntervalPoint() {
    }

    public double getTimeSeconds() {
        return timeSeconds;
    }

    public void setTimeSeconds(double timeSeconds) {
        this.timeSeconds = timeSeconds;
    }

    public double getOpsPerSec() {
        return opsPerSec;
    }

    public void setOpsPerSec(double opsPerSec) {
        this.opsPerSec = opsPerSec;
    }

    public double getMeanMs() {
        return meanMs;
    }

    public void setMeanMs(double meanMs) {
        this.meanMs = meanMs;
    }

    public long getErrors() {
        return errors;
    }

    public void setErrors(long errors) {
        this.errors = errors;
    }

    public long getBehindProcs() {
        return behindProcs;
    }

    public void setBehindProcs(long behindProcs) {
        this.behindProcs = behindProcs;
    }
}
