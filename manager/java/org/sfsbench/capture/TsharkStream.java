package org.sfsbench.capture;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * tshark reading a capture file and printing {@link CaptureField}'s columns of each NFS (RPC)
 * and SMB2 frame, one line per frame, read as it comes: memory does not grow with the capture.
 * Debian's tshark (Wireshark's own dissectors, which follow RPC and SMB2 over TCP segments
 * and compound requests) is the decoder; bin/install-deps installs it.
 */
public final class TsharkStream implements AutoCloseable {
    /** What tshark says of a capture file that ends inside a packet. */
    static final String CUT_SHORT = "cut short in the middle of a packet";

    private final Process process;
    private final BufferedReader out;
    private final StringBuilder err = new StringBuilder();
    private final Thread errReader;

    /**
     * @param decodeAs tshark "-d" rules (e.g. "tcp.port==44445,nbss") for servers on ports
     *                 tshark does not know
     */
    public TsharkStream(Path capture, List<String> decodeAs) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(fullCommand(capture, decodeAs));
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new IOException("cannot start tshark (bin/install-deps installs it): " + e.getMessage(), e);
        }
        process.getOutputStream().close();
        out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8), 1 << 16);
        InputStream es = process.getErrorStream();
        errReader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(es, StandardCharsets.UTF_8))) {
                for (String l = r.readLine(); l != null; l = r.readLine()) {
                    if (!l.startsWith("Running as user") && err.length() < 8192) {
                        synchronized (err) {
                            err.append(l).append('\n');
                        }
                    }
                }
            } catch (IOException ignored) {
                // tshark ended
            }
        }, "tshark-stderr");
        errReader.setDaemon(true);
        errReader.start();
    }

    /** The tshark command the conversion runs (bench/capture times it alone). */
    public static List<String> fullCommand(Path capture, List<String> decodeAs) {
        List<String> cmd = new ArrayList<>(command(capture, decodeAs));
        cmd.addAll(CaptureField.tsharkArguments());
        return cmd;
    }

    private static List<String> command(Path capture, List<String> decodeAs) {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-n", "-r", capture.toString(), "-Y", "rpc || smb2"));
        for (String d : decodeAs) {
            cmd.add("-d");
            cmd.add(d);
        }
        return cmd;
    }

    /** The next frame's row, or null at the end. */
    public FrameRow next() throws IOException {
        for (String l = out.readLine(); l != null; l = out.readLine()) {
            FrameRow r = FrameRow.parse(l);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    /** Waits for tshark's end: its exit status. */
    public int finish() throws IOException, InterruptedException {
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("tshark did not end after its output");
        }
        errReader.join(5000);
        return process.exitValue();
    }

    /** What tshark printed on its standard error. */
    public String errors() {
        synchronized (err) {
            return err.toString().trim();
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
