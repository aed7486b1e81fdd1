package org.sfsbench.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What a manager hands an agent it starts (on this host or over ssh), on the agent's standard
 * input, never on a command line: the run's secret, and the agent's TLS material (PEM) or
 * "plain". Standard input then stays open; its end tells the agent that the manager, or the ssh
 * session, is gone.
 */
public record LaunchInput(String secret, String tlsPem) {
    private static final String MAGIC = "sfsbench-launch 1";
    private static final String END = "end";
    /** Longest input accepted (a secret and three PEM blocks fit in far less). */
    private static final int MAX_LINES = 200;

    public void write(OutputStream out) throws IOException {
        StringBuilder b = new StringBuilder(MAGIC).append('\n').append("secret ").append(secret).append('\n');
        if (tlsPem == null) {
            b.append("plain\n");
        } else {
            b.append("tls\n").append(tlsPem);
        }
        b.append(END).append('\n');
        out.write(b.toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /**
     * Reads the input up to its end line, leaving the rest of {@code in} unread (a byte at a
     * time, so nothing after the end line is buffered away).
     */
    public static LaunchInput read(InputStream in) throws IOException {
        if (!MAGIC.equals(line(in))) {
            throw new IOException("standard input does not start with '" + MAGIC + "' (--launched is for agents a manager starts)");
        }
        String s = line(in);
        if (s == null || !s.startsWith("secret ")) {
            throw new IOException("launch input: no secret line");
        }
        String mode = line(in);
        StringBuilder pem = "tls".equals(mode) ? new StringBuilder() : null;
        if (pem == null && !"plain".equals(mode)) {
            throw new IOException("launch input: expected 'tls' or 'plain', got " + mode);
        }
        for (int n = 0;; n++) {
            String l = line(in);
            if (l == null || n > MAX_LINES) {
                throw new IOException("launch input: no '" + END + "' line");
            }
            if (l.equals(END)) {
                break;
            }
            if (pem != null) {
                pem.append(l).append('\n');
            }
        }
        return new LaunchInput(s.substring("secret ".length()), pem == null ? null : pem.toString());
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            if (b.length() > 4096) {
                throw new IOException("launch input: line too long");
            }
            b.append((char) c);
        }
        return c == -1 && b.length() == 0 ? null : b.toString();
    }
}
