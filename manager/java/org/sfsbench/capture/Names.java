package org.sfsbench.capture;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The names the converter writes: paths made what the loadfile format takes ('/'-separated, no
 * '.' or '..', no quote or backslash in a name), and with {@code --anonymize} every name
 * replaced by a stable hash (the same name gives the same hash in every capture and run).
 */
public final class Names {
    private final boolean anonymize;
    private final MessageDigest sha;

    public Names(boolean anonymize) {
        this.anonymize = anonymize;
        try {
            this.sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    public boolean anonymized() {
        return anonymize;
    }

    /** A path for a loadfile line: starts with '/', the root is "/". */
    public String path(String path) {
        List<String> parts = new ArrayList<>();
        String[] raw = path.split("/");
        for (int i = 0; i < raw.length; i++) {
            String p = raw[i];
            if (p.isEmpty() || p.equals(".")) {
                continue;
            }
            if (p.equals("..")) {
                if (!parts.isEmpty()) {
                    parts.remove(parts.size() - 1);
                }
                continue;
            }
            boolean madeUp = ("/" + p).equals(HandlePaths.UNNAMED) && parts.isEmpty();
            parts.add(madeUp ? p : name(p));
        }
        return "/" + String.join("/", parts);
    }

    /** One name: its hash when anonymizing, else itself with '"' and '\' replaced by '_'. */
    public String name(String name) {
        if (anonymize) {
            byte[] d = sha.digest(name.getBytes(StandardCharsets.UTF_8));
            return "n" + HexFormat.of().formatHex(d, 0, 6);
        }
        return name.replace('"', '_').replace('\\', '_');
    }
}
