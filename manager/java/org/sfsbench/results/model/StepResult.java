package org.sfsbench.results.model;

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
