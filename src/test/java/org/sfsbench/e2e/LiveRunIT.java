package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.xml.LoadPointXml;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.HeadlessChromium;
import org.sfsbench.testsupport.Sfs;
import org.sfsbench.testsupport.XmlLint;
import org.sfsbench.testsupport.Require;
import org.sfsbench.testsupport.RunsAlone;

/**
 * Watching a real run against the loopback NFS-Ganesha with {@code --live}: Chromium draws the page
 * at two moments (different screenshots, charts with lines), promtool accepts a scrape, a real
 * Prometheus scrapes /metrics and its rate() of the ops counter is the achieved rate, the page ends
 * with the headline, and SERVER_MON=local puts the server's CPU and loopback bytes into every point
 * with the sanity check passed. The server monitor over ssh and the token are in
 * {@link LiveServerMonIT}.
 */
// its screenshots must show the p99 line apart from p99.9: another test's load flattens the tail onto one line
@RunsAlone
class LiveRunIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void livePageMetricsPrometheusAndLocalServerMonitor(@TempDir Path dir) throws Exception {
        Require.that(Files.isExecutable(Path.of("/usr/bin/prometheus")), "prometheus not installed (bin/install-deps)");
        HeadlessChromium.assumeInstalled();
        String target = GaneshaServer.defaultInstance().start().env.get("SFS_NFS_TARGET");
        Path rc = TestRc.write(dir, "nfs", "localhost", 2, target + " " + target, "100 200", 2, 14, "SERVER_MON=local");
        Path results = dir.resolve("results");
        Path liveFile = dir.resolve("live.jsonl");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "live", "-d",
                results.toString(), "--live", "0", "--live-file", liveFile.toString());
        assertTrue(run.awaitOutput("live page: http://127.0.0.1:", 60_000), run.output());
        Matcher m = Pattern.compile("live page: (http://127\\.0\\.0\\.1:(\\d+)/)").matcher(run.output());
        assertTrue(m.find(), run.output());
        String url = m.group(1);
        Process prometheus = startPrometheus(dir, Integer.parseInt(m.group(2)));
        try {
            Path shots = Files.createDirectories(Sfs.buildDir().resolve("live-screenshots"));
            Path profile = Files.createDirectories(dir.resolve("chromium"));
            awaitRunSeconds(liveFile, run, 1, 4);
            Path first = shots.resolve("live-1.png");
            HeadlessChromium.screenshot(url, first, profile, 1280, 1100);
            awaitRunSeconds(liveFile, run, 2, 4);
            Path second = shots.resolve("live-2.png");
            HeadlessChromium.screenshot(url, second, profile, 1280, 1100);
            assertFalse(Arrays.equals(Files.readAllBytes(first), Files.readAllBytes(second)), "the page did not change");
            for (Path png : List.of(first, second)) {
                BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
                // the p99 line (orange) and the MB/s line (purple) are drawn, not just their legend swatches
                assertTrue(pixels(img, 0xef6c00) > 150, "no p99 line in " + png);
                assertTrue(pixels(img, 0x6a1b9a) > 150, "no MB/s line in " + png);
                System.out.println("screenshot: " + png);
            }
            String scrape = get(url + "metrics", null);
            Path scrapeFile = dir.resolve("scrape.txt");
            Files.writeString(scrapeFile, scrape);
            ChildProcess.Result check = ChildProcess.run(List.of("sh", "-c", "promtool check metrics < " + scrapeFile),
                    Map.of(), 60, TimeUnit.SECONDS);
            assertEquals(0, check.exit(), "promtool check metrics:\n" + check.output() + "\n" + scrape);
            for (String name : List.of("sfs_ops_total{op=\"read\"}", "sfs_client_ops_total{client=\"1\"",
                    "sfs_response_time_seconds_bucket{le=\"+Inf\"}", "sfs_phase{phase=\"RUN\"} 1", "sfs_load_point 2",
                    "sfs_requested_ops_per_second 200", "sfs_client_cpu_busy_ratio{", "sfs_server_up 1",
                    "sfs_server_network_receive_bytes_total", "sfs_op_errors_total{op=\"read\"} 0")) {
                assertTrue(scrape.contains(name), name + " missing from\n" + scrape);
            }
            assertTrue(get(url + "metrics", "application/openmetrics-text; version=1.0.0").endsWith("# EOF\n"));
            String headline = awaitHeadline(url, run);
            assertEquals(0, run.waitFor(120), run.output());
            assertTrue(run.output().contains(headline), "the page's headline is the console's: " + headline);

            ResultDocument doc = ResultXml.read(results.resolve("sfsresult.live.xml"));
            XmlLint.validate(results.resolve("sfsresult.live.xml"), Sfs.home().resolve("docs/sfsresult.xsd"));
            assertEquals(2, doc.loadPoints.size());
            for (LoadPointXml p : doc.loadPoints) {
                assertNotNull(p.server, "server figures of point " + p.index);
                assertTrue(p.server.missing == null && p.server.cpuBusyPercent.doubleValue() > 0
                        && p.server.netRxMBps.doubleValue() > 0 && p.server.netTxMBps.doubleValue() > 0,
                        "server CPU and loopback bytes at point " + p.index + ": " + p.server.netCheck);
                assertFalse(p.server.flagged, "sanity check of point " + p.index + ": " + p.server.netCheck + "; "
                        + p.server.nfsCheck);
                assertTrue(p.server.netCheck.contains(": ok"), p.server.netCheck);
            }
            assertTrue(Files.readString(results.resolve("sfsres.live")).contains("Server over RUN (SERVER_MON): CPU busy"));
            assertTrue(Files.readString(results.resolve("report.live.html")).contains("Server (SERVER_MON)"));

            // Prometheus's rate of the ops counter over the last 10 s of point 2's RUN is its achieved rate
            double achieved = doc.loadPoints.get(1).achievedOpsPerSec.doubleValue();
            double at = lastRunSample(liveFile, 2) / 1000.0 - 1;
            double rate = queryPrometheus(dir, "sum(rate(sfs_ops_total[10s]))", at);
            assertTrue(Math.abs(rate - achieved) <= 0.05 * achieved, "Prometheus rate " + rate + " ops/s, achieved "
                    + achieved + " ops/s");
        } finally {
            prometheus.destroy();
            prometheus.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Prometheus on a free loopback port, scraping the live page's /metrics every second. */
    private static Process startPrometheus(Path dir, int livePort) throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, String.join("\n", "global:", "  scrape_interval: 1s", "  scrape_timeout: 900ms",
                "scrape_configs:", "  - job_name: sfsbench", "    static_configs:",
                "      - targets: ['127.0.0.1:" + livePort + "']", ""));
        Files.writeString(dir.resolve("prometheus.port"), Integer.toString(port));
        return new ProcessBuilder("/usr/bin/prometheus", "--config.file=" + config,
                "--storage.tsdb.path=" + Files.createDirectories(dir.resolve("tsdb")),
                "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
    }

    private static double queryPrometheus(Path dir, String query, double at) throws Exception {
        String port = Files.readString(dir.resolve("prometheus.port"));
        String body = get("http://127.0.0.1:" + port + "/api/v1/query?query=" + URLEncoder.encode(query,
                StandardCharsets.UTF_8) + "&time=" + at, null);
        JsonNode result = JSON.readTree(body).path("data").path("result");
        assertEquals(1, result.size(), body + "\n" + Files.readString(dir.resolve("prometheus.log")));
        return Double.parseDouble(result.get(0).path("value").get(1).asText());
    }

    /** Waits until the live file shows {@code seconds} of RUN at load point {@code point}. */
    private static void awaitRunSeconds(Path liveFile, ChildProcess run, int point, int seconds) throws Exception {
        long until = System.currentTimeMillis() + 180_000;
        while (runSamples(liveFile, point) < seconds) {
            assertTrue(run.process().isAlive(), "the run ended early:\n" + run.output());
            assertTrue(System.currentTimeMillis() < until, "no RUN at point " + point + ":\n" + run.output());
            Thread.sleep(200);
        }
    }

    private static int runSamples(Path liveFile, int point) throws Exception {
        int n = 0;
        for (JsonNode s : samples(liveFile)) {
            n += s.path("point").asInt() == point && s.path("phase").asText().equals("RUN")
                    && s.has("achievedOpsPerSec") ? 1 : 0;
        }
        return n;
    }

    private static long lastRunSample(Path liveFile, int point) throws Exception {
        long last = 0;
        for (JsonNode s : samples(liveFile)) {
            if (s.path("point").asInt() == point && s.path("phase").asText().equals("RUN")) {
                last = java.time.Instant.parse(s.path("time").asText()).toEpochMilli();
            }
        }
        return last;
    }

    private static List<JsonNode> samples(Path liveFile) throws Exception {
        if (!Files.exists(liveFile)) {
            return List.of();
        }
        List<JsonNode> out = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(liveFile)) {
            // the line being written may be cut
            if (line.endsWith("}")) {
                JsonNode n = JSON.readTree(line);
                if (n.path("event").asText().equals("sample")) {
                    out.add(n);
                }
            }
        }
        return out;
    }

    /** The page's data until it carries the headline (the page stays a moment after the run). */
    private static String awaitHeadline(String url, ChildProcess run) throws Exception {
        long until = System.currentTimeMillis() + 180_000;
        while (System.currentTimeMillis() < until) {
            JsonNode d = JSON.readTree(get(url + "data?since=" + System.currentTimeMillis(), null));
            if (d.has("headline")) {
                assertEquals(2, d.path("finished").size(), "the curve has both points: " + d);
                return d.path("headline").asText();
            }
            Thread.sleep(300);
        }
        throw new AssertionError("the live page never showed the headline:\n" + run.output());
    }

    static String get(String url, String accept) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10));
        if (accept != null) {
            r.header("Accept", accept);
        }
        HttpResponse<String> resp = HTTP.send(r.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, resp.statusCode(), url + ": " + resp.body());
        return resp.body();
    }

    /** Pixels of {@code rgb} (within a small tolerance for anti-aliasing). */
    private static int pixels(BufferedImage img, int rgb) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int p = img.getRGB(x, y);
                if (Math.abs((p >> 16 & 255) - (rgb >> 16 & 255)) < 24 && Math.abs((p >> 8 & 255) - (rgb >> 8 & 255)) < 24
                        && Math.abs((p & 255) - (rgb & 255)) < 24) {
                    n++;
                }
            }
        }
        return n;
    }
}
