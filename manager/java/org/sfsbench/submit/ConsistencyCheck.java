package org.sfsbench.submit;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.sfsbench.report.xml.ClientXml;
import org.sfsbench.report.xml.ResultDocument;

/** Checks that a system description describes the run it is submitted with. */
final class ConsistencyCheck {
    private ConsistencyCheck() {
    }

    static void check(SystemDescription d, ResultDocument run, String where, boolean allowUndisclosable,
            List<String> problems, List<String> warnings) {
        List<String> runClients = run.clients.stream().map(c -> c.name).toList();
        int runCount = runClients.isEmpty() && !run.loadPoints.isEmpty() ? run.loadPoints.get(0).clients
                : runClients.size();
        if (d.clientCount() != runCount) {
            problems.add(where + ": clients.count = " + d.clientCount() + " but the run had " + runCount
                    + " client(s)" + (runClients.isEmpty() ? "" : ": " + String.join(", ", runClients)));
        }
        if (d.clients().size() != d.clientCount()) {
            problems.add(where + ": clients.count = " + d.clientCount() + " but " + d.clients().size()
                    + " client.N group(s) describe clients");
        }
        Set<String> described = new LinkedHashSet<>();
        for (int i = 0; i < d.clients().size(); i++) {
            String name = d.clients().get(i).name();
            if (!described.add(name)) {
                problems.add(where + ": client." + (i + 1) + ".name = " + name + " describes that client a second time");
            } else if (!runClients.isEmpty() && !runClients.contains(name)) {
                problems.add(where + ": client." + (i + 1) + ".name = " + name + " is not a client of the run"
                        + " (the run's CLIENTS: " + String.join(", ", runClients) + ")");
            }
        }
        List<String> undescribed = new ArrayList<>();
        for (ClientXml c : run.clients) {
            if (!described.contains(c.name)) {
                undescribed.add(c.name);
            }
        }
        if (!undescribed.isEmpty() && d.clients().size() == d.clientCount()) {
            problems.add(where + ": the run's client(s) " + String.join(", ", undescribed)
                    + " are not described (add client.N.name = ... for each)");
        }
        testDate(d, run, where, problems);
        if (!run.disclosability.disclosable) {
            String reasons = run.disclosability.reasons.isEmpty() ? "no reason recorded"
                    : String.join("; ", run.disclosability.reasons);
            if (allowUndisclosable) {
                warnings.add("the run is NOT disclosable (" + reasons + "); the package says so on every page");
            } else {
                problems.add("the run is not disclosable: " + reasons + ". Fix the run, or build a package marked"
                        + " not disclosable with --allow-undisclosable");
            }
        }
    }

    /** The test date must be the day the run started (one day either way for time zones). */
    private static void testDate(SystemDescription d, ResultDocument run, String where, List<String> problems) {
        if (d.testDate() == null || run.run.startTime == null) {
            return;
        }
        try {
            LocalDate started = OffsetDateTime.parse(run.run.startTime).toLocalDate();
            LocalDate said = LocalDate.parse(d.testDate());
            if (Math.abs(ChronoUnit.DAYS.between(started, said)) > 1) {
                problems.add(where + ": test.date = " + d.testDate() + " but the run started on " + started);
            }
        } catch (DateTimeParseException e) {
            // an unparsable date was reported by the description checks already
        }
    }
}
