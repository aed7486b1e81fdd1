package org.sfsbench.report.xml;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlElementWrapper;
import jakarta.xml.bind.annotation.XmlRootElement;
import jakarta.xml.bind.annotation.XmlType;

/** Root of {@code sfsresult.<suffix>.xml}: everything about one run. */
@XmlRootElement(name = "sfsResult")
@XmlType(propOrder = {"tool", "run", "settings", "plan", "clients", "loadPoints", "metrics", "headline",
    "slo", "disclosability", "unsupportedOps", "notes"})
@JsonPropertyOrder({"schemaVersion", "tool", "run", "settings", "plan", "clients", "loadPoints", "metrics",
    "headline", "slo", "disclosability", "unsupportedOps", "notes"})
public final class ResultDocument {
    public static final String NAMESPACE = "urn:sfsbench:result:1";
    public static final int SCHEMA_VERSION = 1;

    @XmlAttribute(required = true)
    public int schemaVersion = SCHEMA_VERSION;

    @XmlElement(required = true)
    public ToolXml tool;

    @XmlElement(required = true)
    public RunXml run;

    /** The rc file's variables as the run used them; PASSWORD is masked. */
    @XmlElementWrapper(name = "settings", required = true)
    @XmlElement(name = "setting")
    public List<SettingXml> settings = new ArrayList<>();

    @XmlElement(required = true)
    public PlanXml plan;

    @XmlElementWrapper(name = "clients", required = true)
    @XmlElement(name = "client")
    public List<ClientXml> clients = new ArrayList<>();

    @XmlElementWrapper(name = "loadPoints", required = true)
    @XmlElement(name = "loadPoint")
    public List<LoadPointXml> loadPoints = new ArrayList<>();

    @XmlElement(required = true)
    public MetricsXml metrics;

    /** Absent in a document made from an sfssum file (its workload is not known). */
    @XmlElement
    public HeadlineXml headline;

    /** The SLO search (docs/slo.md); absent when the run had no SLO. */
    @XmlElement
    public SloXml slo;

    @XmlElement(required = true)
    public DisclosabilityXml disclosability;

    /** Ops of the mix the backend could not issue. */
    @XmlElement(name = "unsupportedOp")
    public List<String> unsupportedOps = new ArrayList<>();

    /** Remarks the run recorded. */
    @XmlElement(name = "note")
    public List<String> notes = new ArrayList<>();
}
