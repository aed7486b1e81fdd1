package org.sfsbench.submit.xml;

import java.util.ArrayList;
import java.util.List;

import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlElementWrapper;
import jakarta.xml.bind.annotation.XmlRootElement;
import jakarta.xml.bind.annotation.XmlType;
import org.sfsbench.report.xml.ResultDocument;

/** Root of {@code sfssubmission.<suffix>.xml}. The small element classes are nested: each is a plain record of text. */
@XmlRootElement(name = "sfsSubmission")
@XmlType(propOrder = {"submitter", "system", "fileSystems", "disks", "network", "clients", "tuning", "notes",
    "result"})
public final class SubmissionDocument {
    public static final String NAMESPACE = "urn:sfsbench:submission:1";

    @XmlAttribute(required = true)
    public int schemaVersion = 1;

    /** When the submission was built, ISO-8601. */
    @XmlAttribute(required = true)
    public String created;

    /** The run's verdict; false only when built with --allow-undisclosable. */
    @XmlAttribute(required = true)
    public boolean disclosable;

    @XmlElement(required = true)
    public Submitter submitter;

    @XmlElement(required = true)
    public SystemXml system;

    @XmlElementWrapper(name = "fileSystems", required = true)
    @XmlElement(name = "fileSystem")
    public List<FileSystemXml> fileSystems = new ArrayList<>();

    @XmlElementWrapper(name = "storage", required = true)
    @XmlElement(name = "disk")
    public List<DiskXml> disks = new ArrayList<>();

    @XmlElement(required = true)
    public NetworkXml network;

    @XmlElement(required = true)
    public ClientsXml clients;

    @XmlElement(required = true)
    public TuningXml tuning;

    @XmlElementWrapper(name = "notes", required = true)
    @XmlElement(name = "note")
    public List<String> notes = new ArrayList<>();

    @XmlElement(name = "sfsResult", namespace = ResultDocument.NAMESPACE, required = true)
    public ResultDocument result;

    /** Who ran the test, and when. */
    public static final class Submitter {
        @XmlAttribute(required = true)
        public String organization;
        @XmlAttribute
        public String contact;
        @XmlAttribute(required = true)
        public String testDate;
    }

    /** The server under test. */
    public static final class SystemXml {
        @XmlAttribute(required = true)
        public String vendor;
        @XmlAttribute(required = true)
        public String model;
        @XmlAttribute(required = true)
        public String os;
        @XmlAttribute(required = true)
        public String cpu;
        @XmlAttribute(required = true)
        public String memory;
        @XmlAttribute
        public String nvram;
        @XmlAttribute
        public String availability;
    }

    /** File systems of one kind. */
    public static final class FileSystemXml {
        @XmlAttribute(required = true)
        public String type;
        @XmlAttribute(required = true)
        public int count;
        @XmlAttribute(required = true)
        public String size;
        @XmlAttribute
        public String export;
    }

    /** Drives of one kind. */
    public static final class DiskXml {
        @XmlAttribute(required = true)
        public String description;
        @XmlAttribute(required = true)
        public int count;
        @XmlAttribute
        public String raid;
        @XmlAttribute
        public String use;
    }

    /** The SUT's network ports and the switch. */
    public static final class NetworkXml {
        @XmlAttribute(name = "switch")
        public String networkSwitch;
        @XmlElement(name = "interface")
        public List<InterfaceXml> interfaces = new ArrayList<>();
    }

    /** Network ports of one kind. */
    public static final class InterfaceXml {
        @XmlAttribute(required = true)
        public String description;
        @XmlAttribute(required = true)
        public int count;
    }

    /** The load generators. */
    public static final class ClientsXml {
        @XmlAttribute(required = true)
        public int count;
        @XmlElement(name = "client")
        public List<ClientXml> clients = new ArrayList<>();
    }

    /** One load generator. */
    public static final class ClientXml {
        @XmlAttribute(required = true)
        public String name;
        @XmlAttribute(required = true)
        public String hardware;
        @XmlAttribute(required = true)
        public String os;
        @XmlAttribute
        public String network;
    }

    /** Tuning applied to the server and the clients, one item per element. */
    @XmlType(propOrder = {"server", "client"})
    public static final class TuningXml {
        @XmlElement(name = "server")
        public List<String> server = new ArrayList<>();
        @XmlElement(name = "client")
        public List<String> client = new ArrayList<>();
    }
}
