package org.sfsbench.submit;

import java.util.ArrayList;
import java.util.List;

import org.sfsbench.report.ResultMapping;
import org.sfsbench.report.chart.Markup;
import org.sfsbench.report.text.TextReport;
import org.sfsbench.submit.xml.SubmissionDocument;

/**
 * The system-description parts of the submission reports: an HTML section placed before the
 * results, and a plain-ASCII text report (free-form fields transliterated by {@link FreeFormText}).
 */
final class SubmissionReports {
    private SubmissionReports() {
    }

    /** Label/value rows of the description, in report order; null values are left out. */
    private static List<String[]> rows(SubmissionDocument s) {
        List<String[]> r = new ArrayList<>();
        add(r, "Tested by", s.submitter.organization);
        add(r, "Contact", s.submitter.contact);
        add(r, "Test date", s.submitter.testDate);
        add(r, "Vendor", s.system.vendor);
        add(r, "Model", s.system.model);
        add(r, "Operating system", s.system.os);
        add(r, "Processors", s.system.cpu);
        add(r, "Memory", s.system.memory);
        add(r, "NVRAM", s.system.nvram);
        add(r, "Available", s.system.availability);
        for (SubmissionDocument.FileSystemXml f : s.fileSystems) {
            add(r, "File systems", f.count + " x " + f.type + ", " + f.size + (f.export != null ? " (" + f.export + ")" : ""));
        }
        for (SubmissionDocument.DiskXml d : s.disks) {
            add(r, "Storage", d.count + " x " + d.description + (d.raid != null ? ", " + d.raid : "")
                    + (d.use != null ? " (" + d.use + ")" : ""));
        }
        for (SubmissionDocument.InterfaceXml n : s.network.interfaces) {
            add(r, "Network", n.count + " x " + n.description);
        }
        add(r, "Switch", s.network.networkSwitch);
        add(r, "Clients", Integer.toString(s.clients.count));
        for (SubmissionDocument.ClientXml c : s.clients.clients) {
            add(r, "Client " + c.name, c.hardware + "; " + c.os + (c.network != null ? "; " + c.network : ""));
        }
        s.tuning.server.forEach(t -> add(r, "Server tuning", t));
        s.tuning.client.forEach(t -> add(r, "Client tuning", t));
        s.notes.forEach(n -> add(r, "Note", n));
        return r;
    }

    private static void add(List<String[]> rows, String label, String value) {
        if (value != null) {
            rows.add(new String[] {label, value});
        }
    }

    static String descriptionHtml(SubmissionDocument s) {
        StringBuilder b = new StringBuilder("<h2>System under test</h2>\n<table class=\"meta system\">\n<tbody>\n");
        for (String[] r : rows(s)) {
            b.append("<tr><td>").append(Markup.escape(r[0])).append("</td><td>").append(Markup.escape(r[1]))
                    .append("</td></tr>\n");
        }
        return b.append("</tbody></table>\n").toString();
    }

    static String text(SubmissionDocument s) {
        StringBuilder b = new StringBuilder();
        b.append("sfsbench submission ").append(s.result.run.suffix).append(" (created ").append(s.created)
                .append(")\n");
        if (!s.disclosable) {
            b.append("*** NOT DISCLOSABLE: built with --allow-undisclosable ***\n");
        }
        b.append("\nSystem under test\n");
        for (String[] r : rows(s)) {
            b.append(String.format("  %-22s %s%n", r[0] + ":", r[1]));
        }
        b.append('\n').append(TextReport.render(ResultMapping.toRunResult(s.result)));
        return FreeFormText.toAscii(b.toString());
    }
}
