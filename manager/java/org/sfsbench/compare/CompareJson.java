package org.sfsbench.compare;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.sfsbench.report.xml.ResultJson;

/**
 * The comparison as JSON, for scripts: the runs, the test, the notes and differences, and one
 * object per finding (point, metric, run, base, value, changePercent, p, verdict, basis of both sides).
 * Unknown numbers (NaN) are null.
 */
public final class CompareJson {
    private CompareJson() {
    }

    public static String render(Comparison c, List<String> gateTrips) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("baseline", c.runs().get(0));
        root.put("runs", c.runs());
        root.put("files", c.files());
        root.put("test", "Welch's t, two-sided");
        root.put("confidence", c.confidence());
        root.put("notes", c.notes());
        root.put("differences", c.differences());
        List<Map<String, Object>> fs = new ArrayList<>();
        for (Finding f : c.findings()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("point", f.point());
            m.put("metric", f.metric().label());
            m.put("run", f.run());
            m.put("base", num(f.base()));
            m.put("value", num(f.value()));
            m.put("changePercent", num(f.changePercent()));
            m.put("p", num(f.p()));
            m.put("verdict", f.verdict().text());
            m.put("baseBasis", f.baseSamples());
            m.put("runBasis", f.runSamples());
            fs.add(m);
        }
        root.put("findings", fs);
        if (gateTrips != null) {
            root.put("gateTrips", gateTrips);
        }
        return ResultJson.mapper().writeValueAsString(root);
    }

    private static Double num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
    }
}
