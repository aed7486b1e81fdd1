package org.sfsbench.capture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The installed tshark's version, for the profile's "decoder". */
final class TsharkVersion {
    private static final Pattern VERSION = Pattern.compile("TShark \\(Wireshark\\) (\\S+)");

    private TsharkVersion() {
    }

    static String get() {
        try {
            Process p = new ProcessBuilder("tshark", "-v").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            Matcher m = VERSION.matcher(out);
            return m.find() ? m.group(1).replaceAll("\\.$", "") : "unknown version";
        } catch (IOException e) {
            return "unknown version";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown version";
        }
    }
}
