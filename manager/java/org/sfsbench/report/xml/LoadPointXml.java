package org.sfsbench.report.xml;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlElementWrapper;
import jakarta.xml.bind.annotation.XmlType;

/**
 * One load point. The attributes are the sfssum row (guide 4.4), with the same rounding as
 * sfssum prints them; the children add what sfssum has no column for.
 */
@XmlType(propOrder = {"access", "step", "warmup", "latency", "cpu", "replayLag", "server", "outages", "ops", "errors", "clientThroughput", "intervals", "spread", "trials"})
@JsonPropertyOrder({"index", "requestedOpsPerSec", "achievedOpsPerSec", "msecPerOp", "totalOps", "seconds",
    "protocol", "transport", "ipVersion", "fileSetKB", "clients", "procsPerClient", "biodMaxWrites",
    "biodMaxReads", "version", "failedOps", "lateOps", "retries", "afterEndOps", "simulatedClients", "loadfilePasses", "passesDone", "passesSeconds", "throughputMBps", "startTime", "endTime", "access", "step", "warmup", "latency", "cpu", "replayLag", "server", "outages", "ops", "errors",
    "clientThroughput", "intervals", "spread", "trials"})
public final class LoadPointXml {
    @XmlAttribute(required = true)
    public int index;

    @XmlAttribute(required = true)
    public long requestedOpsPerSec;

    @XmlAttribute(required = true)
    public BigDecimal achievedOpsPerSec;

    @XmlAttribute(required = true)
    public BigDecimal msecPerOp;

    @XmlAttribute(required = true)
    public long totalOps;

    @XmlAttribute(required = true)
    public long seconds;

    @XmlAttribute(required = true)
    public String protocol;

    @XmlAttribute(required = true)
    public String transport;

    @XmlAttribute(required = true)
    public int ipVersion;

    @XmlAttribute(required = true)
    public long fileSetKB;

    @XmlAttribute(required = true)
    public int clients;

    @XmlAttribute(required = true)
    public int procsPerClient;

    /** sfssum's BIOD and release columns: SFS load points only (absent for access steps and loadfile replays). */
    @XmlAttribute
    public Integer biodMaxWrites;

    @XmlAttribute
    public Integer biodMaxReads;

    @XmlAttribute
    public String version;

    /** Operations that ended with an error status, all op types together. */
    @XmlAttribute(required = true)
    public long failedOps;

    /** Operations sent more than 1 ms after their intended start (the load generator fell behind). */
    @XmlAttribute(required = true)
    public long lateOps;

    /** Re-sends the server asked for (NFS3ERR_JUKEBOX), inside the latencies; absent when none. */
    @XmlAttribute
    public Long retries;

    /** Ops RUN scheduled that completed after its end: late, not in achievedOpsPerSec; absent when none. */
    @XmlAttribute
    public Long afterEndOps;

    /** WORKLOAD=loadfile: the simulated clients of the point; absent for the other workloads. */
    @XmlAttribute
    public Integer simulatedClients;

    /** WORKLOAD=loadfile with LOADFILE_PASSES: the passes each simulated client was to replay; absent without. */
    @XmlAttribute
    public Integer loadfilePasses;

    /** With loadfilePasses: true when RUN ended because every client's passes were done, false at RUNTIME. */
    @XmlAttribute
    public Boolean passesDone;

    /** With passesDone true: the seconds the passes took, to the ms (seconds is their whole seconds). */
    @XmlAttribute
    public BigDecimal passesSeconds;

    /** MB/s (10^6 bytes) read and written by all ops; absent when bytes are not known (a point from sfssum). */
    @XmlAttribute
    public BigDecimal throughputMBps;

    /** Start of the RUN phase, ISO-8601. */
    @XmlAttribute
    public String startTime;

    @XmlAttribute
    public String endTime;

    /** The step of a LOAD=max run this point is; absent for paced load points. */
    @XmlElement
    public StepXml step;

    /** How a steady-state warm-up ended (WARMUP_TIME=steady); absent for a fixed warm-up. */
    @XmlElement
    public WarmupXml warmup;

    /** WORKLOAD=access: which step this point is; absent for the other workloads. */
    @XmlElement
    public AccessXml access;

    /** Response time of all ops together; absent for a point read from sfssum (no histograms). */
    @XmlElement
    public LatencyXml latency;

    /** CPU of all clients together over the RUN window; absent when not measured. */
    @XmlElement
    public CpuXml cpu;

    /** A paced WORKLOAD=loadfile point: how closely the replay kept its schedule; absent otherwise. */
    @XmlElement
    public ReplayLagXml replayLag;

    /** The server's figures over the RUN window (SERVER_MON); absent without a server monitor. */
    @XmlElement
    public ServerXml server;

    /** OUTAGE=ride: the outages ridden through in RUN, all clients merged; absent without any. */
    @XmlElement(name = "outage")
    public List<OutageXml> outages = new ArrayList<>();

    @XmlElementWrapper(name = "ops", required = true)
    @XmlElement(name = "op")
    public List<OpXml> ops = new ArrayList<>();

    @XmlElementWrapper(name = "errors", required = true)
    @XmlElement(name = "error")
    public List<ErrorXml> errors = new ArrayList<>();

    @XmlElementWrapper(name = "clientThroughput", required = true)
    @XmlElement(name = "client")
    public List<ClientThroughputXml> clientThroughput = new ArrayList<>();

    @XmlElementWrapper(name = "intervals", required = true)
    @XmlElement(name = "interval")
    public List<IntervalXml> intervals = new ArrayList<>();

    /** With TRIALS > 1: the spread of the point's figures over its trials. */
    @XmlElement(name = "spread")
    public List<SpreadXml> spread = new ArrayList<>();

    /** With TRIALS > 1: every trial; the point's figures are their means. */
    @XmlElement(name = "trial")
    public List<TrialXml> trials = new ArrayList<>();
}
