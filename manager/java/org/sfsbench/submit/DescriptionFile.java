package org.sfsbench.submit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A system description file as written: UTF-8 text, one {@code key = value} per line, {@code #}
 * comments and blank lines ignored, a key repeated for list fields (tuning, notes). Every
 * problem of the file's form (encoding, syntax, control characters) is collected with its line.
 */
public final class DescriptionFile {
    /** One {@code key = value} line. */
    public record Entry(String key, String value, int line) {
    }

    private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9]*(\\.[a-z0-9]+)*");

    private final Path path;
    private final Map<String, List<Entry>> entries = new LinkedHashMap<>();

    private DescriptionFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /** Every key in file order with its entries. */
    public Map<String, List<Entry>> entries() {
        return entries;
    }

    /** Reads {@code file}; problems of form go to {@code problems} as "file:line: ...". */
    public static DescriptionFile read(Path file, List<String> problems) throws IOException {
        DescriptionFile d = new DescriptionFile(file);
        byte[] bytes = Files.readAllBytes(file);
        int start = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB
                && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
        int lineNo = 0;
        while (start <= bytes.length) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            lineNo++;
            int len = end - start;
            if (len > 0 && bytes[end - 1] == '\r') {
                len--;
            }
            String line = decode(bytes, start, len, file, lineNo, problems);
            if (line != null) {
                d.parseLine(line, lineNo, problems);
            }
            start = end + 1;
        }
        return d;
    }

    private static String decode(byte[] bytes, int off, int len, Path file, int line, List<String> problems) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, off, len))
                    .toString();
        } catch (CharacterCodingException e) {
            problems.add(file + ":" + line + ": not UTF-8 text (save the description as UTF-8)");
            return null;
        }
    }

    private void parseLine(String line, int no, List<String> problems) {
        String t = line.strip();
        if (t.isEmpty() || t.startsWith("#")) {
            return;
        }
        int eq = line.indexOf('=');
        if (eq < 0) {
            problems.add(path + ":" + no + ": expected 'key = value' (the line is not shown: this may not be a"
                    + " system description)");
            return;
        }
        String key = line.substring(0, eq).strip();
        if (!KEY.matcher(key).matches()) {
            problems.add(path + ":" + no + ": the text before '=' is not a key (the line is not shown; keys are"
                    + " lower case words joined by dots, e.g. sut.vendor or client.1.name)");
            return;
        }
        String raw = line.substring(eq + 1);
        // columns count from the start of the line, as an editor shows them
        String why = FreeFormText.problem(raw, line.codePointCount(0, eq + 1) + 1);
        if (why != null) {
            problems.add(path + ":" + no + ": " + key + ": " + why);
            return;
        }
        entries.computeIfAbsent(key, k -> new ArrayList<>()).add(new Entry(key, FreeFormText.normalize(raw), no));
    }
}
