package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.compare.CompareHtml;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.report.xml.SpreadXml;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.HeadlessChromium;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.XmlLint;
import org.sfsbench.testsupport.RunsAlone;

/**
 * {@code sfs compare} on real runs against the loopback NFS-Ganesha, each through a proxy: a
 * baseline, the same configuration again, and the server's replies held to twice the bytes the
 * baseline read at its higher load: the paced loads are still carried, but every reply waits for
 * the link, so the throttled run is slower in mean response time at both loads and trips
 * the gate (exit 4); the repeat does not trip it; a changed op mix is refused (exit 5). TRIALS=3
 * (run beside the throttled run) gives three trials per point whose interval holds their mean. The comparison page draws both
 * runs' curves in Chromium.
 */
@RunsAlone
class CompareIT {
    private static final String LOADS = "40 80";
    private static final int RUNTIME = 20;

    @Test
    void throttledServerIsSlowerAndARepeatIsNot(@TempDir Path dir) throws Exception {
        Map<String, String> env = GaneshaServer.defaultInstance().start().env;
        int nfsPort = Integer.parseInt(env.get("SFS_NFS_PORT"));
        Path results = dir.resolve("results");
        try (DelayProxy open = DelayProxy.throttled(nfsPort, 1e9)) {
            run(dir, "base", target(env, open), LOADS, RUNTIME, "");
            run(dir, "same", target(env, open), LOADS, RUNTIME, "");
            // replies held to twice what the baseline read at the higher load: both loads still fit
            // (no backlog, the paced ops/s are achieved), but every reply waits for the link
            double replyBytes = replyBytesPerSecond(results.resolve("sfsresult.base.xml"), 80);
            // the trials run beside the throttled run: they only show the trials' spread, and load
            // beside the throttled run can only slow it further
            ChildProcess tri = start(dir, "tri", target(env, open), "100", 4, "TRIALS=3");
            try (DelayProxy slow = DelayProxy.throttled(nfsPort, 2 * replyBytes)) {
                run(dir, "slow", target(env, slow), LOADS, RUNTIME, "PRIME_TIMEOUT=60");
            }
            assertEquals(0, tri.waitFor(300), tri.output());
        }
        Path base = results.resolve("sfsresult.base.xml");
        Path same = results.resolve("sfsresult.same.xml");
        Path slow = results.resolve("sfsresult.slow.xml");

        ChildProcess repeat = compare(dir, "repeat", base.toString(), same.toString(), "--fail-if",
                "ops/s < -5% or mean > +100%");
        assertEquals(0, repeat.waitFor(60), repeat.output());
        System.out.println("sfs compare base same:\n" + repeat.output());
        assertTrue(repeat.output().contains("Welch's t"), repeat.output());

        ChildProcess throttled = compare(dir, "throttled", base.toString(), slow.toString(), "--fail-if",
                "ops/s < -5% or mean > +20%", "--html", dir.resolve("cmp.html").toString());
        assertEquals(4, throttled.waitFor(60), throttled.output());
        System.out.println("sfs compare base slow:\n" + throttled.output());
        assertTrue(throttled.output().contains("tripped:") && throttled.output().contains("mean ms +"),
                throttled.output());

        ChildProcess json = compare(dir, "json", base.toString(), slow.toString(), "--json");
        assertEquals(0, json.waitFor(60), json.output());
        JsonNode root = ResultJson.mapper().readTree(Files.readString(dir.resolve("json.txt")));
        // the paced load is carried, each reply is slower: mean response time is the figure that changed
        assertEquals("slower", verdict(root, "load 40", "mean ms"), json.output());
        // at the higher load the throttled latency swings between batches (few batches, a small df):
        // the change is large, its verdict may stay within noise, never faster
        assertTrue(change(root, "load 80", "mean ms") > 100 && !verdict(root, "load 80", "mean ms").equals("faster"),
                json.output());
        assertTrue(!verdict(root, "load 40", "ops/s").equals("faster"), json.output());

        Path otherMix = dir.resolve("sfsresult.mix.xml");
        String xml = Files.readString(same);
        Matcher read = Pattern.compile("(<op name=\"read\"[^>]*targetPercent=\")([\\d.]+)\"").matcher(xml);
        assertTrue(read.find(), "the read op of the mix");
        Files.writeString(otherMix, read.replaceFirst("$135.00\"").replace("suffix=\"same\"", "suffix=\"mix\""));
        ChildProcess mix = compare(dir, "mix", base.toString(), otherMix.toString());
        assertEquals(5, mix.waitFor(60), mix.output());
        assertTrue(mix.output().contains("op mix: read") && mix.output().contains("--force"), mix.output());

        Path tri = results.resolve("sfsresult.tri.xml");
        XmlLint.validate(tri, Sfs.home().resolve("docs/sfsresult.xsd"));
        LoadPointXml p = ResultXml.read(tri).loadPoints.get(0);
        assertEquals(3, p.trials.size(), "three trials of the one point");
        assertEquals(1, Files.readAllLines(results.resolve("sfssum.tri")).size(), "one sfssum row per point");
        for (SpreadXml s : p.spread) {
            assertEquals(3, s.trials);
            assertTrue(s.ciLow.compareTo(s.mean) <= 0 && s.mean.compareTo(s.ciHigh) <= 0, s.metric + " interval");
        }
        double mean = p.trials.stream().mapToDouble(t -> t.achievedOpsPerSec.doubleValue()).average().orElseThrow();
        assertEquals(mean, p.achievedOpsPerSec.doubleValue(), 0.5, "the row is the trials' mean (sfssum's rounding)");
        assertTrue(Files.readString(results.resolve("sfsres.tri")).contains("Trials (3, consecutive"));

        Path html = dir.resolve("cmp.html");
        HeadlessChromium.assumeInstalled();
        String dom = HeadlessChromium.dumpDom(html, Files.createDirectories(dir.resolve("chromium")));
        Matcher curve = Pattern.compile("<svg[^>]*class=\"chart cmp-response\"[\\s\\S]*?</svg>").matcher(dom);
        assertTrue(curve.find(), "no overlaid response curve in the rendered page");
        String svg = curve.group();
        assertEquals(2, count(svg, "fill=\"" + "#0072B2" + "\"><title>"), "baseline markers");
        assertEquals(2, count(svg, "fill=\"" + "#D55E00" + "\"><title>"), "throttled markers");
        assertEquals(4, count(svg, "class=\"" + CompareHtml.POINT_CLASS + "\""));
        assertTrue(dom.contains("class=\"slower\""), "the verdict table marks slower figures");
        Path png = Sfs.buildDir().resolve("report-screenshots/compare.png");
        Files.createDirectories(png.getParent());
        HeadlessChromium.screenshot(html, png, dir.resolve("chromium"), 1280);
        assertTrue(Files.size(png) > 20_000, "screenshot " + png);
        System.out.println("screenshot: " + png);
    }

    /** Read payload per second of the point at {@code requested} ops/s, plus 200 bytes of reply per op. */
    private static double replyBytesPerSecond(Path xml, long requested) throws Exception {
        for (LoadPointXml p : ResultXml.read(xml).loadPoints) {
            if (p.requestedOpsPerSec == requested) {
                double read = p.ops.stream().filter(o -> o.name.equals("read"))
                        .mapToDouble(o -> o.mbPerSec.doubleValue() * 1e6).sum();
                return read + 200 * p.achievedOpsPerSec.doubleValue();
            }
        }
        throw new AssertionError("no point at " + requested + " ops/s in " + xml);
    }

    private static String target(Map<String, String> env, DelayProxy proxy) {
        return "nfs://127.0.0.1" + env.get("SFS_NFS_EXPORT_DIR") + "?nfsport=" + proxy.port() + "&mountport="
                + env.get("SFS_NFS_MNT_PORT");
    }

    private static void run(Path dir, String suffix, String target, String loads, int runtime, String extra)
            throws Exception {
        ChildProcess run = start(dir, suffix, target, loads, runtime, extra);
        assertEquals(0, run.waitFor(300), run.output());
    }

    private static ChildProcess start(Path dir, String suffix, String target, String loads, int runtime, String extra)
            throws Exception {
        Path d = Files.createDirectories(dir.resolve("rc-" + suffix));
        Path rc = TestRc.write(d, "nfs", "localhost", 2, target + " " + target, loads, 2, runtime, extra);
        return Sfs.start(dir.resolve("run-" + suffix + ".txt"), Map.of(), "run", "-r", rc.toString(), "-s",
                suffix, "-d", dir.resolve("results").toString());
    }

    private static ChildProcess compare(Path dir, String name, String... args) throws Exception {
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        return Sfs.start(dir.resolve(name + ".txt"), Map.of(), all);
    }

    private static String verdict(JsonNode root, String point, String metric) {
        for (JsonNode f : root.get("findings")) {
            if (f.get("point").asText().equals(point) && f.get("metric").asText().equals(metric)) {
                return f.get("verdict").asText();
            }
        }
        return "no finding for " + point + " " + metric;
    }

    private static double change(JsonNode root, String point, String metric) {
        for (JsonNode f : root.get("findings")) {
            if (f.get("point").asText().equals(point) && f.get("metric").asText().equals(metric)) {
                return f.get("changePercent").asDouble();
            }
        }
        return Double.NaN;
    }

    private static int count(String s, String what) {
        return s.split(Pattern.quote(what), -1).length - 1;
    }
}
