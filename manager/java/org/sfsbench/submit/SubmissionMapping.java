package org.sfsbench.submit;

import java.time.Instant;

import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.submit.xml.SubmissionDocument;

/** Puts a checked description and its run into the submission document. */
final class SubmissionMapping {
    private SubmissionMapping() {
    }

    static SubmissionDocument toDocument(SystemDescription d, ResultDocument run, Instant created) {
        SubmissionDocument s = new SubmissionDocument();
        s.created = created.toString();
        s.disclosable = run.disclosability.disclosable;
        s.submitter = new SubmissionDocument.Submitter();
        s.submitter.organization = d.organization();
        s.submitter.contact = d.contact();
        s.submitter.testDate = d.testDate();
        s.system = new SubmissionDocument.SystemXml();
        s.system.vendor = d.vendor();
        s.system.model = d.model();
        s.system.os = d.os();
        s.system.cpu = d.cpu();
        s.system.memory = d.memory();
        s.system.nvram = d.nvram();
        s.system.availability = d.availability();
        for (SystemDescription.FileSystem f : d.fileSystems()) {
            SubmissionDocument.FileSystemXml x = new SubmissionDocument.FileSystemXml();
            x.type = f.type();
            x.count = f.count();
            x.size = f.size();
            x.export = f.export();
            s.fileSystems.add(x);
        }
        for (SystemDescription.Disk k : d.disks()) {
            SubmissionDocument.DiskXml x = new SubmissionDocument.DiskXml();
            x.description = k.description();
            x.count = k.count();
            x.raid = k.raid();
            x.use = k.use();
            s.disks.add(x);
        }
        s.network = new SubmissionDocument.NetworkXml();
        s.network.networkSwitch = d.networkSwitch();
        for (SystemDescription.Network n : d.networks()) {
            SubmissionDocument.InterfaceXml x = new SubmissionDocument.InterfaceXml();
            x.description = n.description();
            x.count = n.count();
            s.network.interfaces.add(x);
        }
        s.clients = new SubmissionDocument.ClientsXml();
        s.clients.count = d.clientCount();
        for (SystemDescription.Client c : d.clients()) {
            SubmissionDocument.ClientXml x = new SubmissionDocument.ClientXml();
            x.name = c.name();
            x.hardware = c.hardware();
            x.os = c.os();
            x.network = c.network();
            s.clients.clients.add(x);
        }
        s.tuning = new SubmissionDocument.TuningXml();
        s.tuning.server.addAll(d.serverTuning());
        s.tuning.client.addAll(d.clientTuning());
        s.notes.addAll(d.notes());
        s.result = run;
        return s;
    }
}
