package org.sfsbench.report;

import static org.sfsbench.report.Decimals.CPU_SCALE;
import static org.sfsbench.report.Decimals.MBPS_SCALE;
import static org.sfsbench.report.Decimals.MSEC_SCALE;
import static org.sfsbench.report.Decimals.ORT_SCALE;
import static org.sfsbench.report.Decimals.PERCENT_SCALE;
import static org.sfsbench.report.Decimals.RATE_SCALE;
import static org.sfsbench.report.Decimals.SECONDS_SCALE;
import static org.sfsbench.report.Decimals.fixed;
import static org.sfsbench.report.Decimals.fixedOrZero;
import static org.sfsbench.report.Decimals.toDouble;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.sfsbench.engine.Backend;
import org.sfsbench.ToolVersion;
import org.sfsbench.report.xml.ClientThroughputXml;
import org.sfsbench.report.xml.ClientXml;
import org.sfsbench.report.xml.CpuXml;
import org.sfsbench.report.xml.DisclosabilityXml;
import org.sfsbench.report.xml.ErrorXml;
import org.sfsbench.report.xml.HeadlineXml;
import org.sfsbench.report.xml.LatencyXml;
import org.sfsbench.report.xml.AccessXml;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.MetricsXml;
import org.sfsbench.report.xml.OpXml;
import org.sfsbench.report.xml.PlanXml;
import org.sfsbench.report.xml.PlannedPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.RuleCheckXml;
import org.sfsbench.report.xml.RunXml;
import org.sfsbench.report.xml.SettingXml;
import org.sfsbench.report.xml.StepXml;
import org.sfsbench.report.xml.ToolXml;
import org.sfsbench.results.Metrics;
import org.sfsbench.results.SfssumRow;
import org.sfsbench.results.model.AccessStepIdentity;
import org.sfsbench.results.model.ClientInfo;
import org.sfsbench.results.model.ClientThroughput;
import org.sfsbench.results.model.CpuResult;
import org.sfsbench.results.model.ErrorResult;
import org.sfsbench.results.model.Headline;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.OpResult;
import org.sfsbench.results.model.RcVariable;
import org.sfsbench.results.model.RuleCheck;
import org.sfsbench.results.model.RunResult;
import org.sfsbench.results.model.StepResult;

/**
 * Converts the result model to the published document and back. The sfssum columns go through
 * {@link SfssumRow#of}, the very rounding sfssum uses, so the XML and JSON carry sfssum's digits.
 */
public final class ResultMapping {
    /** Points above this average response time do not count for the metrics (SPECsfs2008). */
    public static final BigDecimal RESPONSE_TIME_LIMIT_MSEC = BigDecimal.valueOf(Metrics.RESPONSE_LIMIT_MS);

    private ResultMapping() {
    }

    public static ResultDocument toDocument(RunResult r) {
        ResultDocument d = new ResultDocument();
        d.tool = new ToolXml("sfsbench", r.toolVersion() != null ? text(r.toolVersion())
                : ToolVersion.VERSION);
        d.run = new RunXml();
        d.run.suffix = text(r.suffix());
        d.run.protocol = protocolOf(r);
        d.run.workload = blankToNull(r.workload());
        d.run.rcFile = blankToNull(r.rcFile());
        d.run.startTime = dateTime(r.startTime());
        d.run.endTime = dateTime(r.endTime());
        d.run.complete = r.complete();
        d.run.failure = blankToNull(r.failure());
        for (RcVariable v : r.rcVariables()) {
            String value = RcVariable.isSecret(v.name()) ? RcVariable.MASK : v.value();
            d.settings.add(new SettingXml(text(v.name()), text(value)));
        }
        int totalProcs = 0;
        if (r.clients().isEmpty() && !r.loadPoints().isEmpty()) {
            // a run read from sfssum names no clients; its rows still say how many procs ran
            LoadPointResult first = r.loadPoints().get(0);
            totalProcs = first.loadGenerators() * first.procsPerGenerator();
        }
        for (ClientInfo c : r.clients()) {
            ClientXml x = new ClientXml();
            x.index = c.number();
            x.name = text(c.name());
            x.procs = c.procs();
            x.os = c.os().isEmpty() ? null : text(c.os());
            d.clients.add(x);
            totalProcs += c.procs();
        }
        d.plan = plan(r, totalProcs);
        for (LoadPointResult p : r.loadPoints()) {
            d.loadPoints.add(loadPoint(p));
        }
        d.metrics = new MetricsXml();
        d.metrics.responseTimeLimitMsec = RESPONSE_TIME_LIMIT_MSEC;
        if (r.peakThroughput() > 0) {
            d.metrics.peakThroughputOpsPerSec = BigDecimal.valueOf(Math.round(r.peakThroughput()));
            d.metrics.overallResponseTimeMsec = fixed(r.overallResponseTimeMs(), ORT_SCALE);
            d.metrics.overallResponseTimeNoOriginMsec = fixed(r.overallResponseTimeNoOriginMs(), ORT_SCALE);
        }
        if (r.headline() != null) {
            d.headline = new HeadlineXml();
            d.headline.rules = r.headline().rules();
            d.headline.valid = r.headline().valid();
            r.headline().lines().forEach(l -> d.headline.lines.add(text(l)));
        }
        d.slo = SloMapping.toDocument(r.slo());
        d.disclosability = new DisclosabilityXml();
        d.disclosability.disclosable = r.disclosable();
        for (String reason : r.nonDisclosableReasons()) {
            d.disclosability.reasons.add(text(reason));
        }
        for (RuleCheck c : r.ruleChecks()) {
            RuleCheckXml x = new RuleCheckXml();
            x.id = text(c.id());
            x.passed = c.passed();
            x.description = text(c.description());
            x.detail = blankToNull(c.detail());
            d.disclosability.rules.add(x);
        }
        r.unsupportedOps().forEach(o -> d.unsupportedOps.add(text(o)));
        r.notes().forEach(n -> d.notes.add(text(n)));
        return d;
    }

    /** The protocol the document names: the run's, else its first point's. */
    public static String protocolOf(RunResult r) {
        if (r.protocol() != null) {
            return r.protocol().sfssumName();
        }
        if (!r.loadPoints().isEmpty() && r.loadPoints().get(0).protocol() != null) {
            return r.loadPoints().get(0).protocol();
        }
        throw new IllegalArgumentException("run " + r.suffix() + " has no protocol (NFS3, CIFS or POSIX)");
    }

    private static PlanXml plan(RunResult r, int totalProcs) {
        PlanXml plan = new PlanXml();
        plan.totalProcs = totalProcs;
        plan.warmupSeconds = wholeSetting(r, "WARMUP_TIME");
        plan.runSeconds = wholeSetting(r, "RUNTIME");
        for (LoadPointResult p : r.loadPoints()) {
            PlannedPointXml x = new PlannedPointXml();
            x.index = p.index();
            x.requestedOpsPerSec = p.requestedOpsPerSec();
            x.perProcOpsPerSec = totalProcs > 0 ? p.requestedOpsPerSec() / totalProcs : 0;
            plan.points.add(x);
        }
        return plan;
    }

    private static Long wholeSetting(RunResult r, String name) {
        for (RcVariable v : r.rcVariables()) {
            if (name.equals(v.name()) && v.value() != null && v.value().strip().matches("\\d{1,12}")) {
                return Long.parseLong(v.value().strip());
            }
        }
        return null;
    }

    private static LoadPointXml loadPoint(LoadPointResult p) {
        SfssumRow row = SfssumRow.of(p);
        LoadPointXml x = new LoadPointXml();
        x.index = p.index();
        x.requestedOpsPerSec = row.requested();
        x.achievedOpsPerSec = BigDecimal.valueOf(row.achieved());
        x.msecPerOp = fixedOrZero(row.msecPerOp(), 1);
        x.totalOps = row.totalOps();
        x.seconds = row.seconds();
        x.protocol = text(row.protocol());
        x.transport = text(row.network());
        x.ipVersion = row.ipVersion();
        x.fileSetKB = row.filesetKb();
        x.clients = row.loadGenerators();
        x.procsPerClient = row.procsPerGenerator();
        if (hasBiodColumns(p)) {
            x.biodMaxWrites = row.biodWrites();
            x.biodMaxReads = row.biodReads();
            x.version = text(row.release());
        }
        x.failedOps = p.failedOps();
        x.lateOps = p.lateOps();
        if (p.afterEndOps() > 0) {
            x.afterEndOps = p.afterEndOps();
        }
        if (p.retries() > 0) {
            x.retries = p.retries();
        }
        if (p.simulatedClients() > 0) {
            x.simulatedClients = p.simulatedClients();
        }
        if (p.loadfilePasses() > 0) {
            x.loadfilePasses = p.loadfilePasses();
            x.passesDone = p.passesDone();
            x.passesSeconds = p.passesDone() ? fixed(p.seconds(), SECONDS_SCALE) : null;
        }
        x.throughputMBps = fixed(p.throughputMBps(), MBPS_SCALE);
        x.cpu = cpu(p.cpu());
        x.replayLag = ReplayLagMapping.toXml(p.replayLag());
        x.server = ServerMapping.toXml(p.server());
        x.outages = OutageMapping.toXml(p.outages());
        if (p.step() != null) {
            x.step = step(p.step());
        }
        if (p.access() != null) {
            x.access = new AccessXml();
            x.access.spec = p.access().spec();
            x.access.outstandingIos = p.access().outstandingIos();
            x.access.workers = p.access().workers();
        }
        x.warmup = WarmupMapping.toXml(p.warmup());
        x.startTime = dateTime(p.startTime());
        x.endTime = dateTime(p.endTime());
        if (!p.ops().isEmpty()) {
            x.latency = pointLatency(p);
        }
        for (OpResult o : p.ops()) {
            x.ops.add(op(o));
        }
        for (ErrorResult e : p.errors()) {
            ErrorXml ex = new ErrorXml();
            ex.op = e.op() != null && !e.op().isBlank() ? text(e.op()) : "op" + e.opId();
            ex.status = e.status();
            ex.statusText = blankToNull(e.statusText());
            ex.count = e.count();
            x.errors.add(ex);
        }
        for (ClientThroughput c : p.clients()) {
            ClientThroughputXml cx = new ClientThroughputXml();
            cx.client = text(c.client());
            cx.index = c.number();
            cx.opsPerSec = fixedOrZero(c.opsPerSec(), RATE_SCALE);
            cx.mbPerSec = fixed(c.mbPerSec(), MBPS_SCALE);
            cx.cpu = cpu(c.cpu());
            cx.clock = ClockMapping.toXml(c.clock());
            x.clientThroughput.add(cx);
        }
        x.intervals.addAll(TrialMapping.intervals(p.intervals()));
        TrialMapping.toDocument(p, x);
        return x;
    }

    /** Whether a point has sfssum's BIOD and release columns: not an access step nor a loadfile replay. */
    public static boolean hasBiodColumns(LoadPointResult p) {
        return p.access() == null && p.simulatedClients() == 0;
    }

    /** An op's published name: its own, else "op" and its number. */
    public static String opName(OpResult o) {
        return o.name() != null && !o.name().isBlank() ? o.name() : "op" + o.opId();
    }

    /** Latency of all ops of a point; only a point with per-op detail has percentiles (sfssum rows do not). */
    private static LatencyXml pointLatency(LoadPointResult p) {
        LatencyXml l = new LatencyXml();
        l.meanMsec = fixedOrZero(p.msecPerOp(), MSEC_SCALE);
        l.p50Msec = fixedOrZero(p.p50Ms(), MSEC_SCALE);
        l.p90Msec = fixedOrZero(p.p90Ms(), MSEC_SCALE);
        l.p99Msec = fixedOrZero(p.p99Ms(), MSEC_SCALE);
        l.p999Msec = fixedOrZero(p.p999Ms(), MSEC_SCALE);
        l.meanServiceMsec = fixed(p.meanServiceMs(), MSEC_SCALE);
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (OpResult o : p.ops()) {
            if (o.count() > 0) {
                min = Math.min(min, o.minMs());
                max = Math.max(max, o.maxMs());
            }
        }
        // the model keeps min/max per op only; the point's extremes are those of its ops
        l.minMsec = fixed(min, MSEC_SCALE);
        l.maxMsec = fixed(max, MSEC_SCALE);
        return l;
    }

    private static OpXml op(OpResult o) {
        OpXml x = new OpXml();
        x.name = text(opName(o));
        x.count = o.count();
        x.errors = o.errors();
        x.targetPercent = fixedOrZero(o.targetPercent(), PERCENT_SCALE);
        x.achievedPercent = fixedOrZero(o.achievedPercent(), PERCENT_SCALE);
        x.opsPerSec = fixedOrZero(o.opsPerSec(), RATE_SCALE);
        x.bytes = o.bytes();
        x.mbPerSec = fixed(o.mbPerSec(), MBPS_SCALE);
        x.late = o.late();
        x.physical = o.physical();
        if (o.count() > 0) {
            LatencyXml l = new LatencyXml();
            l.meanMsec = fixedOrZero(o.meanMs(), MSEC_SCALE);
            l.minMsec = fixed(o.minMs(), MSEC_SCALE);
            l.p50Msec = fixedOrZero(o.p50Ms(), MSEC_SCALE);
            l.p90Msec = fixedOrZero(o.p90Ms(), MSEC_SCALE);
            l.p99Msec = fixedOrZero(o.p99Ms(), MSEC_SCALE);
            l.p999Msec = fixedOrZero(o.p999Ms(), MSEC_SCALE);
            l.maxMsec = fixed(o.maxMs(), MSEC_SCALE);
            l.meanServiceMsec = fixed(o.meanServiceMs(), MSEC_SCALE);
            x.latency = l;
        }
        return x;
    }

    /**
     * {@code r} as its published document has it, every figure at its published precision: what a
     * report of the live run and a report of its saved document both render.
     */
    public static RunResult asPublished(RunResult r) {
        return toRunResult(toDocument(r));
    }

    /** The result model of a published document, as {@code sfs report} and {@code sfs submit} need it. */
    public static RunResult toRunResult(ResultDocument d) {
        RunResult.Builder r = RunResult.builder();
        r.toolVersion = d.tool.version;
        r.suffix = d.run.suffix;
        r.protocol = protocolEnum(d.run.protocol);
        r.workload = d.run.workload;
        r.rcFile = d.run.rcFile;
        r.startTime = d.run.startTime;
        r.endTime = d.run.endTime;
        r.complete = d.run.complete;
        r.failure = d.run.failure;
        for (SettingXml s : d.settings) {
            r.rcVariables.add(RcVariable.of(s.name, s.value));
        }
        for (ClientXml c : d.clients) {
            r.clients.add(new ClientInfo(c.name, c.index, c.procs, c.os == null ? "" : c.os));
        }
        for (LoadPointXml x : d.loadPoints) {
            r.loadPoints.add(loadPoint(x));
        }
        if (d.metrics.peakThroughputOpsPerSec != null) {
            r.peakThroughput = d.metrics.peakThroughputOpsPerSec.doubleValue();
            r.overallResponseTimeMs = toDouble(d.metrics.overallResponseTimeMsec);
            r.overallResponseTimeNoOriginMs = toDouble(d.metrics.overallResponseTimeNoOriginMsec);
        }
        if (d.headline != null) {
            r.headline = new Headline(d.headline.rules, d.headline.valid, d.headline.lines);
        }
        r.slo = SloMapping.toModel(d.slo);
        r.disclosable = d.disclosability.disclosable;
        r.nonDisclosableReasons.addAll(d.disclosability.reasons);
        for (RuleCheckXml c : d.disclosability.rules) {
            r.ruleChecks.add(new RuleCheck(c.id, c.description, c.passed, c.detail));
        }
        r.unsupportedOps.addAll(d.unsupportedOps);
        r.notes.addAll(d.notes);
        return r.build();
    }

    private static Backend protocolEnum(String s) {
        return s == null ? null : Backend.fromSfssum(s);
    }

    private static LoadPointResult loadPoint(LoadPointXml x) {
        LoadPointResult.Builder p = LoadPointResult.builder();
        p.index = x.index;
        p.startTime = x.startTime;
        p.endTime = x.endTime;
        p.requestedOpsPerSec = x.requestedOpsPerSec;
        p.achievedOpsPerSec = x.achievedOpsPerSec.doubleValue();
        p.msecPerOp = msecPerOp(x);
        p.totalOps = x.totalOps;
        p.seconds = x.seconds;
        p.protocol = x.protocol;
        p.networkProtocol = x.transport;
        p.ipVersion = x.ipVersion;
        p.filesetKb = x.fileSetKB;
        p.loadGenerators = x.clients;
        p.procsPerGenerator = x.procsPerClient;
        if (x.biodMaxWrites != null) {
            p.biodWrites = x.biodMaxWrites;
        }
        if (x.biodMaxReads != null) {
            p.biodReads = x.biodMaxReads;
        }
        if (x.version != null) {
            p.release = x.version;
        }
        p.failedOps = x.failedOps;
        p.lateOps = x.lateOps;
        if (x.afterEndOps != null) {
            p.afterEndOps = x.afterEndOps;
        }
        if (x.retries != null) {
            p.retries = x.retries;
        }
        if (x.simulatedClients != null) {
            p.simulatedClients = x.simulatedClients;
        }
        if (x.loadfilePasses != null) {
            p.loadfilePasses = x.loadfilePasses;
            p.passesDone = Boolean.TRUE.equals(x.passesDone);
            if (x.passesSeconds != null) {
                p.seconds = x.passesSeconds.doubleValue();
            }
        }
        p.throughputMBps = x.throughputMBps == null ? Double.NaN : x.throughputMBps.doubleValue();
        p.cpu = cpu(x.cpu);
        p.replayLag = ReplayLagMapping.toModel(x.replayLag);
        p.server = ServerMapping.toModel(x.server);
        p.outages = OutageMapping.toModel(x.outages);
        if (x.step != null) {
            p.step = step(x.step);
        }
        if (x.access != null) {
            p.access = new AccessStepIdentity(x.access.spec, x.access.outstandingIos, x.access.workers);
        }
        p.warmup = WarmupMapping.toModel(x.warmup);
        if (x.latency != null) {
            p.meanServiceMs = toDouble(x.latency.meanServiceMsec);
            p.p50Ms = x.latency.p50Msec.doubleValue();
            p.p90Ms = x.latency.p90Msec.doubleValue();
            p.p99Ms = x.latency.p99Msec.doubleValue();
            p.p999Ms = x.latency.p999Msec.doubleValue();
        }
        for (OpXml o : x.ops) {
            p.ops.add(op(o));
        }
        for (ErrorXml e : x.errors) {
            p.errors.add(new ErrorResult(e.op, 0, e.status, e.statusText, e.count));
        }
        for (ClientThroughputXml c : x.clientThroughput) {
            p.clients.add(new ClientThroughput(c.client, c.index, c.opsPerSec.doubleValue(),
                    c.mbPerSec == null ? Double.NaN : c.mbPerSec.doubleValue(), cpu(c.cpu),
                    ClockMapping.fromXml(c.clock)));
        }
        p.intervals = TrialMapping.intervalPoints(x.intervals);
        p.trials = TrialMapping.toModel(x);
        return p.build();
    }

    /**
     * The finer latency mean when it rounds to sfssum's msec/op column, else the column itself: a
     * re-rounded mean must never change a digit sfssum printed (e.g. 2.2496 is 2.250 with three
     * decimals, which would round to 2.3 where sfssum printed 2.2).
     */
    private static double msecPerOp(LoadPointXml x) {
        if (x.latency != null && fixed(x.latency.meanMsec.doubleValue(), 1).compareTo(x.msecPerOp) == 0) {
            return x.latency.meanMsec.doubleValue();
        }
        return x.msecPerOp.doubleValue();
    }

    private static OpResult op(OpXml x) {
        OpResult.Builder o = OpResult.builder();
        o.name = x.name;
        o.count = x.count;
        o.errors = x.errors;
        o.targetPercent = x.targetPercent.doubleValue();
        o.achievedPercent = x.achievedPercent.doubleValue();
        o.opsPerSec = x.opsPerSec.doubleValue();
        o.bytes = x.bytes;
        o.mbPerSec = x.mbPerSec == null ? Double.NaN : x.mbPerSec.doubleValue();
        o.late = x.late;
        o.physical = x.physical;
        if (x.latency != null) {
            o.meanMs = x.latency.meanMsec.doubleValue();
            o.minMs = toDouble(x.latency.minMsec);
            o.p50Ms = x.latency.p50Msec.doubleValue();
            o.p90Ms = x.latency.p90Msec.doubleValue();
            o.p99Ms = x.latency.p99Msec.doubleValue();
            o.p999Ms = x.latency.p999Msec.doubleValue();
            o.maxMs = toDouble(x.latency.maxMsec);
            o.meanServiceMs = toDouble(x.latency.meanServiceMsec);
        }
        return o.build();
    }

    /**
     * An ISO-8601 date-time as xs:dateTime accepts it, else null: a time in another form must not
     * make the whole result file invalid at the end of a long run.
     */
    private static String dateTime(String s) {
        if (s == null || s.isBlank()) {
            return null;
        }
        try {
            java.time.OffsetDateTime.parse(s.strip());
            return s.strip();
        } catch (java.time.format.DateTimeParseException e) {
            try {
                java.time.LocalDateTime.parse(s.strip());
                return s.strip();
            } catch (java.time.format.DateTimeParseException e2) {
                return null;
            }
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : text(s);
    }

    /** Drops characters XML 1.0 cannot carry (C0 controls other than tab and newlines). */
    static String text(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(c -> {
            if (c >= 0x20 && c != 0xFFFE && c != 0xFFFF || c == '\t' || c == '\n' || c == '\r') {
                b.appendCodePoint(c);
            } else {
                b.append('\uFFFD');
            }
        });
        return b.toString();
    }

    private static CpuXml cpu(CpuResult c) {
        if (c == null) {
            return null;
        }
        CpuXml x = new CpuXml();
        x.hostBusyPercent = fixedOrZero(c.hostBusyPercent(), CPU_SCALE);
        x.hostUserPercent = fixedOrZero(c.hostUserPercent(), CPU_SCALE);
        x.hostSystemPercent = fixedOrZero(c.hostSystemPercent(), CPU_SCALE);
        x.hostCpus = c.hostCpus();
        x.processPercent = fixedOrZero(c.processPercent(), CPU_SCALE);
        x.processUsecPerOp = fixedOrZero(c.processUsPerOp(), CPU_SCALE);
        return x;
    }

    private static CpuResult cpu(CpuXml x) {
        return x == null ? null : new CpuResult(x.hostBusyPercent.doubleValue(), x.hostUserPercent.doubleValue(),
                x.hostSystemPercent.doubleValue(), x.hostCpus, x.processPercent.doubleValue(),
                x.processUsecPerOp.doubleValue());
    }

    private static StepXml step(StepResult s) {
        StepXml x = new StepXml();
        x.kind = s.getKind();
        x.procsPerClient = s.getProcsPerClient();
        x.perProcOpsPerSec = fixedOrZero(s.getPerProcRate(), RATE_SCALE);
        x.curvePct = s.getCurvePct() > 0 ? s.getCurvePct() : null;
        x.rampSeconds = s.getRampSeconds();
        x.knee = s.isKnee();
        return x;
    }

    private static StepResult step(StepXml x) {
        StepResult s = new StepResult();
        s.setKind(x.kind);
        s.setProcsPerClient(x.procsPerClient);
        s.setPerProcRate(x.perProcOpsPerSec.doubleValue());
        s.setCurvePct(x.curvePct == null ? 0 : x.curvePct);
        s.setRampSeconds(x.rampSeconds);
        s.setKnee(x.knee);
        return s;
    }
}
