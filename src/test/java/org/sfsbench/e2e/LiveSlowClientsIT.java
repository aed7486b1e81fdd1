package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.Sfs;

/**
 * A real run with {@code --live} while 100 connections send their request a byte a second:
 * {@code /metrics} answers within a second every time it is asked, and the run keeps its pace
 * (achieved = requested in sfssum).
 */
class LiveSlowClientsIT {
    @Test
    void hundredSlowClientsNeitherStallMetricsNorTheRun(@TempDir Path dir) throws Exception {
        Path fs = Files.createDirectories(dir.resolve("fs"));
        Path rc = TestRc.write(dir, "posix", "localhost", 2, fs + " " + fs, "200", 1, 8, "");
        Path results = dir.resolve("results");
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "slow", "-d",
                results.toString(), "--live", "0");
        assertTrue(run.awaitOutput("live page: http://127.0.0.1:", 60_000), run.output());
        Matcher m = Pattern.compile("live page: http://127\\.0\\.0\\.1:(\\d+)/").matcher(run.output());
        assertTrue(m.find(), run.output());
        InetSocketAddress at = new InetSocketAddress("127.0.0.1", Integer.parseInt(m.group(1)));
        List<Socket> slow = new ArrayList<>();
        String request = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
        try {
            for (int i = 0; i < 100; i++) {
                slow.add(new Socket(at.getAddress(), at.getPort()));
            }
            for (int second = 0; second < 6 && run.process().isAlive(); second++) {
                for (Socket s : slow) {
                    try {
                        s.getOutputStream().write(request.charAt(second));
                    } catch (IOException closedByTheServer) {
                        // beyond 16 per address the oldest waiting ones are closed: that is the bound at work
                    }
                }
                long t0 = System.nanoTime();
                try (Socket s = new Socket()) {
                    s.connect(at, 1000);
                    s.setSoTimeout(1000);
                    s.getOutputStream().write("GET /metrics HTTP/1.1\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    String reply = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                    assertTrue(reply.startsWith("HTTP/1.1 200 OK") && reply.contains("sfs_"), reply);
                }
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms < 1000, "/metrics took " + ms + " ms beside 100 slow connections");
                Thread.sleep(1000);
            }
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
        assertEquals(0, run.waitFor(120), run.output());
        List<String> rows = Files.readAllLines(results.resolve("sfssum.slow"));
        assertEquals(1, rows.size(), run.output());
        String[] f = rows.get(0).trim().split("\\s+");
        double achieved = Double.parseDouble(f[1]);
        assertTrue(Math.abs(achieved - 200) <= 200 * 0.02, "the run kept its pace: " + rows.get(0));
    }
}
