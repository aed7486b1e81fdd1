package org.sfsbench.results.model;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.engine.Backend;

/**
 * Everything a run produced: settings, load points, metrics and the run-rule verdict. Every result file is written from this.
 *
 * @param toolVersion sfsbench version (and engine version)
 * @param suffix result file suffix (-s)
 * @param startTime start of the run, ISO-8601 UTC
 * @param endTime end of the run, ISO-8601 UTC
 * @param rcFile rc file name as given
 * @param rcVariables rc variables in file order, PASSWORD masked
 * @param protocol file server protocol
 * @param workload workload name (sfs2008-nfs, sfs2008-cifs, mixfile, ...)
 * @param clients load generators in CLIENTS order
 * @param loadPoints load points in run order
 * @param peakThroughput achieved ops/s of the peak point (Metrics), 0 when none qualifies
 * @param overallResponseTimeMs SPECsfs2008 overall response time, from the origin (Metrics)
 * @param overallResponseTimeNoOriginMs secondary figure: the same without the origin point (Metrics)
 * @param disclosable true only when every run rule passed
 * @param nonDisclosableReasons one sentence per failed rule
 * @param ruleChecks every run rule with its outcome
 * @param notes remarks, e.g. ops of the mix the backend could not issue
 * @param unsupportedOps ops of the mix the backend could not issue (run rule backend-ops)
 * @param complete false when the run ended before its last load point
 * @param failure why the run ended early (null when complete)
 * @param headline what the outputs lead with and which rules judged the run; null for a run read from sfssum
 */
public record RunResult(
        String toolVersion,
        String suffix,
        String startTime,
        String endTime,
        String rcFile,
        List<RcVariable> rcVariables,
        Backend protocol,
        String workload,
        List<ClientInfo> clients,
        List<LoadPointResult> loadPoints,
        double peakThroughput,
        double overallResponseTimeMs,
        double overallResponseTimeNoOriginMs,
        boolean disclosable,
        List<String> nonDisclosableReasons,
        List<RuleCheck> ruleChecks,
        List<String> notes,
        List<String> unsupportedOps,
        boolean complete,
        String failure,
        Headline headline) {

    public RunResult {
        rcVariables = List.copyOf(rcVariables);
        clients = List.copyOf(clients);
        loadPoints = List.copyOf(loadPoints);
        nonDisclosableReasons = List.copyOf(nonDisclosableReasons);
        ruleChecks = List.copyOf(ruleChecks);
        notes = List.copyOf(notes);
        unsupportedOps = List.copyOf(unsupportedOps);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this value's components, to derive a changed copy. */
    public Builder toBuilder() {
        return builder()
                .toolVersion(toolVersion)
                .suffix(suffix)
                .startTime(startTime)
                .endTime(endTime)
                .rcFile(rcFile)
                .rcVariables(rcVariables)
                .protocol(protocol)
                .workload(workload)
                .clients(clients)
                .loadPoints(loadPoints)
                .peakThroughput(peakThroughput)
                .overallResponseTimeMs(overallResponseTimeMs)
                .overallResponseTimeNoOriginMs(overallResponseTimeNoOriginMs)
                .disclosable(disclosable)
                .nonDisclosableReasons(nonDisclosableReasons)
                .ruleChecks(ruleChecks)
                .notes(notes)
                .unsupportedOps(unsupportedOps)
                .complete(complete)
                .failure(failure)
                .headline(headline);
    }

    /**
     * Collects the components one by one (read with {@code x()}, set with {@code x(value)});
     * {@link #build()} makes the immutable value.
     */
    public static final class Builder {
        private String toolVersion;
        private String suffix;
        private String startTime;
        private String endTime;
        private String rcFile;
        private List<RcVariable> rcVariables = new ArrayList<>();
        private Backend protocol;
        private String workload;
        private List<ClientInfo> clients = new ArrayList<>();
        private List<LoadPointResult> loadPoints = new ArrayList<>();
        private double peakThroughput;
        private double overallResponseTimeMs;
        private double overallResponseTimeNoOriginMs;
        private boolean disclosable;
        private List<String> nonDisclosableReasons = new ArrayList<>();
        private List<RuleCheck> ruleChecks = new ArrayList<>();
        private List<String> notes = new ArrayList<>();
        private List<String> unsupportedOps = new ArrayList<>();
        private boolean complete;
        private String failure;
        private Headline headline;

        private Builder() {
        }

        public String toolVersion() {
            return toolVersion;
        }

        public Builder toolVersion(String toolVersion) {
            this.toolVersion = toolVersion;
            return this;
        }

        public String suffix() {
            return suffix;
        }

        public Builder suffix(String suffix) {
            this.suffix = suffix;
            return this;
        }

        public String startTime() {
            return startTime;
        }

        public Builder startTime(String startTime) {
            this.startTime = startTime;
            return this;
        }

        public String endTime() {
            return endTime;
        }

        public Builder endTime(String endTime) {
            this.endTime = endTime;
            return this;
        }

        public String rcFile() {
            return rcFile;
        }

        public Builder rcFile(String rcFile) {
            this.rcFile = rcFile;
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<RcVariable> rcVariables() {
            return rcVariables;
        }

        public Builder rcVariables(List<RcVariable> rcVariables) {
            this.rcVariables = new ArrayList<>(rcVariables);
            return this;
        }

        public Backend protocol() {
            return protocol;
        }

        public Builder protocol(Backend protocol) {
            this.protocol = protocol;
            return this;
        }

        public String workload() {
            return workload;
        }

        public Builder workload(String workload) {
            this.workload = workload;
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<ClientInfo> clients() {
            return clients;
        }

        public Builder clients(List<ClientInfo> clients) {
            this.clients = new ArrayList<>(clients);
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<LoadPointResult> loadPoints() {
            return loadPoints;
        }

        public Builder loadPoints(List<LoadPointResult> loadPoints) {
            this.loadPoints = new ArrayList<>(loadPoints);
            return this;
        }

        public double peakThroughput() {
            return peakThroughput;
        }

        public Builder peakThroughput(double peakThroughput) {
            this.peakThroughput = peakThroughput;
            return this;
        }

        public double overallResponseTimeMs() {
            return overallResponseTimeMs;
        }

        public Builder overallResponseTimeMs(double overallResponseTimeMs) {
            this.overallResponseTimeMs = overallResponseTimeMs;
            return this;
        }

        public double overallResponseTimeNoOriginMs() {
            return overallResponseTimeNoOriginMs;
        }

        public Builder overallResponseTimeNoOriginMs(double overallResponseTimeNoOriginMs) {
            this.overallResponseTimeNoOriginMs = overallResponseTimeNoOriginMs;
            return this;
        }

        public boolean disclosable() {
            return disclosable;
        }

        public Builder disclosable(boolean disclosable) {
            this.disclosable = disclosable;
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<String> nonDisclosableReasons() {
            return nonDisclosableReasons;
        }

        public Builder nonDisclosableReasons(List<String> nonDisclosableReasons) {
            this.nonDisclosableReasons = new ArrayList<>(nonDisclosableReasons);
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<RuleCheck> ruleChecks() {
            return ruleChecks;
        }

        public Builder ruleChecks(List<RuleCheck> ruleChecks) {
            this.ruleChecks = new ArrayList<>(ruleChecks);
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<String> notes() {
            return notes;
        }

        public Builder notes(List<String> notes) {
            this.notes = new ArrayList<>(notes);
            return this;
        }

        /** The list being collected (add to it, or replace it). */
        public List<String> unsupportedOps() {
            return unsupportedOps;
        }

        public Builder unsupportedOps(List<String> unsupportedOps) {
            this.unsupportedOps = new ArrayList<>(unsupportedOps);
            return this;
        }

        public boolean complete() {
            return complete;
        }

        public Builder complete(boolean complete) {
            this.complete = complete;
            return this;
        }

        public String failure() {
            return failure;
        }

        public Builder failure(String failure) {
            this.failure = failure;
            return this;
        }

        public Headline headline() {
            return headline;
        }

        public Builder headline(Headline headline) {
            this.headline = headline;
            return this;
        }

        public RunResult build() {
            return new RunResult(toolVersion, suffix, startTime, endTime, rcFile, rcVariables, protocol, workload, clients, loadPoints, peakThroughput, overallResponseTimeMs, overallResponseTimeNoOriginMs, disclosable, nonDisclosableReasons, ruleChecks, notes, unsupportedOps, complete, failure, headline);
        }
    }
}
