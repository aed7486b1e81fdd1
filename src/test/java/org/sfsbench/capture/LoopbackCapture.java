package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.sfsbench.testsupport.ChildProcess;

/** dumpcap on {@code lo} for one TCP port: started, proven to capture, stopped without drops. */
final class LoopbackCapture implements AutoCloseable {
    private final ChildProcess dumpcap;
    private final int port;
    final Path file;

    LoopbackCapture(Path file, int port) throws Exception {
        this.file = file;
        this.port = port;
        // a large kernel buffer: a dropped packet would make the counts differ
        List<String> cmd = new ArrayList<>(List.of("dumpcap", "-i", "lo", "-B", "256", "-f", "tcp port " + port));
        if (file.toString().endsWith(".pcap")) {
            cmd.add("-P");   // classic pcap (PcapPorts reads it)
        }
        cmd.addAll(List.of("-w", file.toString()));
        dumpcap = ChildProcess.start(cmd, Map.of());
        assertTrue(capturing(), "dumpcap does not capture: " + dumpcap.output());
    }

    /** dumpcap prints "File:" before it really captures: knock on the port (a TCP connect, no
     *  payload) until its packet counter moves. */
    private boolean capturing() throws Exception {
        if (!dumpcap.awaitOutput("File:", 10_000)) {
            return false;
        }
        for (int i = 0; i < 50; i++) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                s.setSoLinger(true, 0);
            }
            if (dumpcap.awaitOutput("Packets: ", 200)) {
                return true;
            }
        }
        return false;
    }

    /** Stops the capture (SIGINT: dumpcap flushes) and checks that it dropped nothing. */
    Path stop() throws Exception {
        Thread.sleep(300);
        new ProcessBuilder("kill", "-INT", Long.toString(dumpcap.pid())).start().waitFor();
        ChildProcess.Result r = dumpcap.await(20, TimeUnit.SECONDS);
        assertTrue(r.output().matches("(?s).*Packets received/dropped on interface '[^']*': \\d+/0 .*"),
                "the capture dropped packets, counts would not compare: " + r.output());
        return file;
    }

    @Override
    public void close() throws Exception {
        if (dumpcap.process().isAlive()) {
            dumpcap.process().destroyForcibly();
        }
    }
}
