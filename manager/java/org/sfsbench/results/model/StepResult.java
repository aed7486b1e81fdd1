package org.sfsbench.results.model;

import java.util.List;

/**
 * What a load point was as one step of a LOAD=max run (docs/top-speed.md): its kind, the procs
 * per client that generated load and their rate, and whether it is the knee of the procs ramp.
 */
public class StepResult {
    /** "max", "procs" or "curve". */
    private String kind;
    /** Procs per client that generated load. */
    private int procsPerClient;
    /** Ops/s of each proc; 0 = unpaced. */
    private double perProcRate;
    /** For a curve point: its percentage of the measured maximum; else 0. */
    private int curvePct;
    /** Unmeasured seconds before the RUN. */
    private int rampSeconds;
    /** The last step before throughput stopped growing (PLATEAU_PCT, else 5 %). */
    private boolean knee;

    /** Payload MB/s (10^6 bytes) of a load point: bytes read and written over its seconds. */
    public static double mbPerSec(List<OpResult> ops, double seconds) {
        long bytes = 0;
        for (OpResult o : ops) {
            bytes += o.bytes();
        }
        return seconds > 0 ? bytes / seconds / 1e6 : 0;
    }

    public String getKind() {
        return kind;
    }

    public void setKind(String kind) {
        this.kind = kind;
    }

    public int getProcsPerClient() {
        return procsPerClient;
    }

    public void setProcsPerClient(int procsPerClient) {
        this.procsPerClient = procsPerClient;
    }

    public double getPerProcRate() {
        return perProcRate;
    }

    public void setPerProcRate(double perProcRate) {
        this.perProcRate = perProcRate;
    }

    public int getCurvePct() {
        return curvePct;
    }

    public void setCurvePct(int curvePct) {
        this.curvePct = curvePct;
    }

    public int getRampSeconds() {
        return rampSeconds;
    }

    public void setRampSeconds(int rampSeconds) {
        this.rampSeconds = rampSeconds;
    }

    public boolean isKnee() {
        return knee;
    }

    public void setKnee(boolean knee) {
        this.knee = knee;
    }
}
