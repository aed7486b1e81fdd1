package org.sfsbench.live;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.sfsbench.results.ClientSpread;

/**
 * The live figures as JSON: the page's data (one document) and the live file's lines (one
 * object per line, docs/live.md). Numbers not known are left out, never written as NaN.
 */
final class LiveJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LiveJson() {
    }

    /** The page's data: rows after {@code sinceMs}, server rows after {@code serverSinceMs}, the rest whole. */
    static String page(LiveState.Snapshot s, long sinceMs, long serverSinceMs) {
        Map<String, Object> m = new LinkedHashMap<>();
        LiveTick t = s.tick();
        if (t != null) {
            m.put("point", t.point());
            m.put("points", t.points());
            m.put("phase", t.phase());
            put(m, "phaseSecondsLeft", t.phaseSecondsLeft());
            put(m, "requestedOpsPerSec", t.requestedOpsPerSec());
            put(m, "runSecondsLeft", t.runSecondsLeft());
        }
        List<Object> rows = new ArrayList<>();
        for (LiveState.Row r : s.rows()) {
            if (r.timeMs() > sinceMs) {
                rows.add(new Object[] {r.timeMs(), r.point(), r.phase(), num(r.achieved()), num(r.requested()),
                    num(r.p50Ms()), num(r.p99Ms()), num(r.p999Ms()), num(r.mbPerSec()), r.errors(), r.behindProcs()});
            }
        }
        m.put("rows", rows);
        List<Object> server = new ArrayList<>();
        for (LiveState.ServerRow r : s.serverRows()) {
            if (r.timeMs() > serverSinceMs) {
                server.add(new Object[] {r.timeMs(), num(r.cpuBusyPercent()), num(r.netRxMBps()), num(r.netTxMBps()),
                    num(r.diskMBps()), num(r.diskIops())});
            }
        }
        m.put("serverRows", server);
        if (s.server() != null && s.server().missing() != null) {
            m.put("serverMissing", s.server().missing());
        }
        m.put("clients", clients(s.clients()));
        m.put("clientRowsAtMost", ClientSpread.ROWS_AT_MOST);
        List<Object> pts = new ArrayList<>();
        for (LiveListener.FinishedPoint p : s.finished()) {
            pts.add(point(p));
        }
        m.put("finished", pts);
        List<Object> outages = new ArrayList<>();
        for (LiveOutages.Mark o : s.outages()) {
            Map<String, Object> om = new LinkedHashMap<>();
            om.put("point", o.point());
            om.put("beginMs", o.beginMs());
            put(om, "beginSeconds", o.beginSeconds());
            if (!o.lasting()) {
                om.put("endMs", o.endMs());
                put(om, "seconds", o.seconds());
            }
            put(om, "recoverySeconds", o.recoverySeconds());
            outages.add(om);
        }
        m.put("outages", outages);
        if (s.headline() != null) {
            m.put("headline", s.headline());
            m.put("complete", s.complete());
        }
        return write(m);
    }

    private static List<Object> clients(List<LiveState.ClientNow> clients) {
        List<Object> out = new ArrayList<>();
        for (LiveState.ClientNow c : clients) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("client", c.number());
            m.put("host", c.name());
            put(m, "opsPerSec", c.opsPerSec());
            m.put("behindProcs", c.behindProcs());
            put(m, "cpuBusyPercent", c.cpuBusyPercent());
            out.add(m);
        }
        return out;
    }

    private static Map<String, Object> point(LiveListener.FinishedPoint p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("point", p.index());
        m.put("requestedOpsPerSec", p.requestedOpsPerSec());
        put(m, "achievedOpsPerSec", p.achievedOpsPerSec());
        put(m, "msecPerOp", p.msecPerOp());
        put(m, "mbPerSec", p.mbPerSec());
        return m;
    }

    /** A live-file line of one poll. */
    static String tickLine(LiveTick t, LiveState.Row r, List<LiveState.ClientNow> clients) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", Instant.ofEpochMilli(t.timeMs()).toString());
        m.put("event", "sample");
        m.put("point", t.point());
        m.put("points", t.points());
        m.put("phase", t.phase());
        put(m, "phaseSecondsLeft", t.phaseSecondsLeft());
        put(m, "runSecondsLeft", t.runSecondsLeft());
        put(m, "requestedOpsPerSec", t.requestedOpsPerSec());
        put(m, "achievedOpsPerSec", r.achieved());
        put(m, "p50Ms", r.p50Ms());
        put(m, "p99Ms", r.p99Ms());
        put(m, "p999Ms", r.p999Ms());
        put(m, "mbPerSec", r.mbPerSec());
        m.put("errors", r.errors());
        m.put("behindProcs", r.behindProcs());
        if (!t.stragglers().isEmpty()) {
            m.put("stragglers", t.stragglers());
        }
        m.put("clients", clients(clients));
        return write(m);
    }

    static String pointLine(LiveListener.FinishedPoint p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", Instant.now().toString());
        m.put("event", "point");
        m.putAll(point(p));
        return write(m);
    }

    static String serverLine(LiveListener.ServerSecond s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", Instant.ofEpochMilli(s.timeMs()).toString());
        m.put("event", "server");
        if (s.missing() != null) {
            m.put("missing", s.missing());
            return write(m);
        }
        put(m, "cpuBusyPercent", s.cpuBusyPercent());
        m.put("netRxBytes", s.netRxBytes());
        m.put("netTxBytes", s.netTxBytes());
        m.put("diskReadBytes", s.diskReadBytes());
        m.put("diskWriteBytes", s.diskWriteBytes());
        m.put("diskReads", s.diskReads());
        m.put("diskWrites", s.diskWrites());
        return write(m);
    }

    static String endLine(String headline, boolean complete) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", Instant.now().toString());
        m.put("event", "end");
        m.put("headline", headline);
        m.put("complete", complete);
        return write(m);
    }

    private static Object num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : Math.round(v * 1000) / 1000.0;
    }

    private static void put(Map<String, Object> m, String key, double v) {
        Object n = num(v);
        if (n != null) {
            m.put(key, n);
        }
    }

    private static String write(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
