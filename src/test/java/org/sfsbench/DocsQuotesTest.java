package org.sfsbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.access.AccessSpecException;
import org.sfsbench.access.IcfParser;
import org.sfsbench.access.SpecFileParser;
import org.sfsbench.engine.Engine;
import org.sfsbench.rc.RcException;
import org.sfsbench.rc.RcParser;
import org.sfsbench.submit.DescriptionFile;

/**
 * Every message docs/ and README.md quote is one the code prints, word for word. A quoted message
 * is a backticked {@code file:line: text} or a line of a code block starting {@code sfs <command>: };
 * each is produced here from an input that triggers it, and a quote without a producer fails. A
 * {@code ```console} block is a whole run's transcript and is not read for quotes.
 */
class DocsQuotesTest {
    static final Path HOME = Path.of(System.getProperty("sfs.home", "."));
    private static final Pattern TICKED = Pattern.compile("`([^`]*?[\\w.\\-/]+:\\d+: [^`]*)`");
    private static final Pattern CLI_LINE = Pattern.compile("(?m)^sfs \\w+: .*$");

    @TempDir
    Path dir;

    /** Quotes of docs/*.md and README.md, whitespace collapsed (a markdown quote may span lines). */
    static List<String> quotes() throws Exception {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(HOME.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        files.add(HOME.resolve("README.md"));
        List<String> out = new ArrayList<>();
        for (Path f : files) {
            String text = Files.readString(f);
            Matcher m = TICKED.matcher(text.replaceAll("(?s)```.*?```", ""));
            while (m.find()) {
                out.add(m.group(1).replaceAll("\\s+", " ").replace("\\|", "|"));
            }
            // a ```console block is the transcript of a whole run (its test checks it), not a quote
            Matcher c = CLI_LINE.matcher(text.replaceAll("(?s)```console\\n.*?```", ""));
            while (c.find()) {
                out.add(c.group());
            }
        }
        return out;
    }

    private String strip(String message) {
        return message.replace(dir + "/", "");
    }

    private String rcError(String name, String text) {
        Path rc = dir.resolve(name);
        try {
            Files.writeString(rc, text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return "sfs plan: " + assertThrows(RcException.class, () -> RcParser.parse(rc)).getMessage()
                .replace(dir.toString(), "/tmp/rcdoc");
    }

    private String loadfile(String name, byte[] text) {
        Engine.LoadfileCheck c = Engine.checkLoadfile(name, text);
        assertTrue(c.ops() < 0, c.report());
        return c.report();
    }

    private String field(String name) throws Exception {
        return loadfile(name, Files.readAllBytes(HOME.resolve("src/test/resources/field/dbench/" + name)));
    }

    private String write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p.toString();
    }

    private Map<String, Callable<String>> producers() {
        String nfs = "LOAD=100\nPROCS=2\nCLIENTS=localhost\nFS_PROTOCOL=nfs\n";
        Map<String, Callable<String>> p = new LinkedHashMap<>();
        p.put("specs.txt:3:", () -> strip(assertThrows(AccessSpecException.class, () -> SpecFileParser.parse(
                Path.of(write("specs.txt", "[a]\n4k 50 100 100\n4k 50 100\n")))).getMessage()));
        p.put("specs.txt:1:", () -> strip(assertThrows(AccessSpecException.class, () -> SpecFileParser.parse(
                Path.of(write("specs.txt", "[a]\n4k 90 100 100\n")))).getMessage()));
        p.put("bad.icf:26:", () -> strip(assertThrows(AccessSpecException.class, () -> IcfParser.parse(Path.of(write(
                "bad.icf", Files.readString(HOME.resolve("src/test/resources/access/targets_1.1.0.icf"))
                        .replace("CYCLE_OUTSTANDING_IOS_AND_TARGETS", "CYCLE_WORKERS_AND_TARGETS"))), 1, 6))
                .getMessage()));
        p.put("client.txt:7:", () -> loadfile("client.txt", ("NTCreateX \"\\a\" 0x0 0x2 1 NT_STATUS_OK\n"
                + "Close 1 NT_STATUS_OK\n\n# a comment\nNTCreateX \"\\b\" 0x0 0x2 2 NT_STATUS_OK\n"
                + "Close 2 NT_STATUS_OK\nClose 999 NT_STATUS_OK\n").getBytes(StandardCharsets.UTF_8)));
        p.put("nfs_3.load:8:", () -> field("nfs_3.load"));
        p.put("nfs_lock.load:1:", () -> field("nfs_lock.load"));
        p.put("block1G4krr.load:9:", () -> field("block1G4krr.load"));
        p.put("scsi.load:5:", () -> field("scsi.load"));
        p.put("my_sut.txt:54:", () -> {
            List<String> problems = new ArrayList<>();
            DescriptionFile.read(Path.of(write("my_sut.txt", "# sut\n".repeat(53) + "notes = abc\u0007d\n")), problems);
            return strip(problems.get(0));
        });
        p.put("sfs plan: /tmp/rcdoc/sfs_rc:5:", () -> rcError("sfs_rc", nfs + "RUNTIM=300\n"
                + "MNT_POINTS=\"srv:/a srv:/b\"\n"));
        p.put("sfs plan: /tmp/rcdoc/sfs2_rc:4:", () -> rcError("sfs2_rc", "LOAD=100\nPROCS=3\nCLIENTS=localhost\n"
                + "MNT_POINTS=\"srv:/a srv:/b\"\nFS_PROTOCOL=nfs\n"));
        p.put("sfs plan: /tmp/rcdoc/sfs3_rc:7:", () -> rcError("sfs3_rc", nfs + "MNT_POINTS=\"srv:/a srv:/b\"\n\n"
                + "TCP=off\n"));
        p.put("sfs plan: /tmp/rcdoc/sfs4_rc:5:", () -> rcError("sfs4_rc", nfs + "BLOCK_SIZE=32\n"
                + "MNT_POINTS=\"srv:/a srv:/b\"\n"));
        p.put("sfs plan: /tmp/rcdoc/sfs5_rc:", () -> rcError("sfs5_rc", "LOAD=100\nPROCS=1\nCLIENTS=localhost\n"
                + "FS_PROTOCOL=cifs\nMNT_POINTS=\"\\\\127.0.0.1\\share\"\n"));
        return p;
    }

    @Test
    void everyQuotedMessageIsTheCodesWordForWord() throws Exception {
        Map<String, Callable<String>> producers = producers();
        List<String> quotes = quotes();
        assertTrue(quotes.size() >= producers.size(), quotes.toString());
        List<String> unused = new ArrayList<>(producers.keySet());
        for (String q : quotes) {
            String key = producers.keySet().stream().filter(q::startsWith).findFirst().orElse(null);
            assertTrue(key != null, "a quoted message with no producer in this test: " + q);
            assertEquals(q, producers.get(key).call(), "docs quote a message the code does not print");
            unused.remove(key);
        }
        assertEquals(List.of(), unused, "producers of messages no doc quotes any more");
    }
}
