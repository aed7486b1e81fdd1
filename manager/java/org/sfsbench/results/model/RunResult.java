package org.sfsbench.results.model;

import org.sfsbench.engine.Backend;

/** Everything a run produced: settings, load points, metrics and the run-rule verdict. Every result file is written from this. */
public class RunResult {
    /** Sfsbench version (and engine version). */
    private String toolVersion;
    /** Result file suffix (-s). */
    private String suffix;
    /** Start of the run, ISO-8601 UTC. */
    private String startTime;
    /** End of the run, ISO-8601 UTC. */
    private String endTime;
    /** Rc file name as given. */
    private String rcFile;
    /** Rc variables in file order, PASSWORD masked. */
    private java.util.List<RcVariable> rcVariables = new java.util.ArrayList<>();
    /** File server protocol. */
    private Backend protocol;
    /** Workload name (sfs2008-nfs, sfs2008-cifs, mixfile, ...). */
    private String workload;
    /** Load generators in CLIENTS order. */
    private java.util.List<ClientInfo> clients = new java.util.ArrayList<>();
    /** Load points in run order. */
    private java.util.List<LoadPointResult> loadPoints = new java.util.ArrayList<>();
    /** Achieved ops/s of the peak point (Metrics), 0 when none qualifies. */
    private double peakThroughput;
    /** SPECsfs2008 overall response time, from the origin (Metrics). */
    private double overallResponseTimeMs;
    /** Secondary figure: the same without the origin point (Metrics). */
    private double overallResponseTimeNoOriginMs;
    /** True only when every run rule passed. */
    private boolean disclosable;
    /** One sentence per failed rule. */
    private java.util.List<String> nonDisclosableReasons = new java.util.ArrayList<>();
    /** Every run rule with its outcome. */
    private java.util.List<RuleCheck> ruleChecks = new java.util.ArrayList<>();
    /** Remarks, e.g. ops of the mix the backend could not issue. */
    private java.util.List<String> notes = new java.util.ArrayList<>();
    /** Ops of the mix the backend could not issue (run rule backend-ops). */
    private java.util.List<String> unsupportedOps = new java.util.ArrayList<>();
    /** False when the run ended before its last load point. */
    private boolean complete;
    /** Why the run ended early (null when complete). */
    private String failure;

    public RunResult() {
    }

    public String getToolVersion() {
        return toolVersion;
    }

    public void setToolVersion(String toolVersion) {
        this.toolVersion = toolVersion;
    }

    public String getSuffix() {
        return suffix;
    }

    public void setSuffix(String suffix) {
        this.suffix = suffix;
    }

    public String getStartTime() {
        return startTime;
    }

    public void setStartTime(String startTime) {
        this.startTime = startTime;
    }

    public String getEndTime() {
        return endTime;
    }

    public void setEndTime(String endTime) {
        this.endTime = endTime;
    }

    public String getRcFile() {
        return rcFile;
    }

    public void setRcFile(String rcFile) {
        this.rcFile = rcFile;
    }

    public java.util.List<RcVariable> getRcVariables() {
        return rcVariables;
    }

    public void setRcVariables(java.util.List<RcVariable> rcVariables) {
        this.rcVariables = rcVariables;
    }

    public Backend getProtocol() {
        return protocol;
    }

    public void setProtocol(Backend protocol) {
        this.protocol = protocol;
    }

    public String getWorkload() {
        return workload;
    }

    public void setWorkload(String workload) {
        this.workload = workload;
    }

    public java.util.List<ClientInfo> getClients() {
        return clients;
    }

    public void setClients(java.util.List<ClientInfo> clients) {
        this.clients = clients;
    }

    public java.util.List<LoadPointResult> getLoadPoints() {
        return loadPoints;
    }

    public void setLoadPoints(java.util.List<LoadPointResult> loadPoints) {
        this.loadPoints = loadPoints;
    }

    public double getPeakThroughput() {
        return peakThroughput;
    }

    public void setPeakThroughput(double peakThroughput) {
        this.peakThroughput = peakThroughput;
    }

    public double getOverallResponseTimeMs() {
        return overallResponseTimeMs;
    }

    public void setOverallResponseTimeMs(double overallResponseTimeMs) {
        this.overallResponseTimeMs = overallResponseTimeMs;
    }

    public double getOverallResponseTimeNoOriginMs() {
        return overallResponseTimeNoOriginMs;
    }

    public void setOverallResponseTimeNoOriginMs(double overallResponseTimeNoOriginMs) {
        this.overallResponseTimeNoOriginMs = overallResponseTimeNoOriginMs;
    }

    public boolean isDisclosable() {
        return disclosable;
    }

    public void setDisclosable(boolean disclosable) {
        this.disclosable = disclosable;
    }

    public java.util.List<String> getNonDisclosableReasons() {
        return nonDisclosableReasons;
    }

    public void setNonDisclosableReasons(java.util.List<String> nonDisclosableReasons) {
        this.nonDisclosableReasons = nonDisclosableReasons;
    }

    public java.util.List<RuleCheck> getRuleChecks() {
        return ruleChecks;
    }

    public void setRuleChecks(java.util.List<RuleCheck> ruleChecks) {
        this.ruleChecks = ruleChecks;
    }

    public java.util.List<String> getNotes() {
        return notes;
    }

    public void setNotes(java.util.List<String> notes) {
        this.notes = notes;
    }

    public java.util.List<String> getUnsupportedOps() {
        return unsupportedOps;
    }

    public void setUnsupportedOps(java.util.List<String> unsupportedOps) {
        this.unsupportedOps = unsupportedOps;
    }

    public boolean isComplete() {
        return complete;
    }

    public void setComplete(boolean complete) {
        this.complete = complete;
    }

    public String getFailure() {
        return failure;
    }

    public void setFailure(String failure) {
        this.failure = failure;
    }
}
