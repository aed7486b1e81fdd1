package org.sfsbench.results.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

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
 * @param slo the SLO search (docs/slo.md): its answer and every probe; null when the run had no SLO
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
        Headline headline,
        SloResult slo) {

    public RunResult {
        rcVariables = List.copyOf(rcVariables);
        clients = List.copyOf(clients);
        loadPoints = List.copyOf(loadPoints);
        nonDisclosableReasons = List.copyOf(nonDisclosableReasons);
        ruleChecks = List.copyOf(ruleChecks);
        notes = List.copyOf(notes);
        unsupportedOps = List.copyOf(unsupportedOps);
    }

    static {
        RecordBuilders.check(RunResult.class, Builder.class);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this value's components, to derive a changed copy. */
    public Builder toBuilder() {
        return RecordBuilders.copy(this, new Builder());
    }

    /** A copy with the changes {@code edit} makes to its builder. */
    public RunResult with(Consumer<Builder> edit) {
        Builder b = toBuilder();
        edit.accept(b);
        return b.build();
    }

    /**
     * The components, one public field each with its default (names and types are the record's,
     * {@link RecordBuilders#check} enforces it); {@link #build()} makes the immutable value.
     */
    public static final class Builder {
        public String toolVersion;
        public String suffix;
        public String startTime;
        public String endTime;
        public String rcFile;
        public List<RcVariable> rcVariables = new ArrayList<>();
        public Backend protocol;
        public String workload;
        public List<ClientInfo> clients = new ArrayList<>();
        public List<LoadPointResult> loadPoints = new ArrayList<>();
        public double peakThroughput;
        public double overallResponseTimeMs;
        public double overallResponseTimeNoOriginMs;
        public boolean disclosable;
        public List<String> nonDisclosableReasons = new ArrayList<>();
        public List<RuleCheck> ruleChecks = new ArrayList<>();
        public List<String> notes = new ArrayList<>();
        public List<String> unsupportedOps = new ArrayList<>();
        public boolean complete;
        public String failure;
        public Headline headline;
        public SloResult slo;

        public RunResult build() {
            return RecordBuilders.build(RunResult.class, this);
        }
    }
}
