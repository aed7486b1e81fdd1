package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.report.ReportFixtures;
import org.sfsbench.submit.xml.SubmissionDocument;
import org.sfsbench.submit.xml.SubmissionXml;
import org.sfsbench.testsupport.XmlLint;
import picocli.CommandLine;

/**
 * sfs submit with the shipped example description (templates/sut_description.example.txt) against
 * a run shaped like guide 4.4 (4 clients), and with three broken variants of that description.
 */
class SubmitCommandIT {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static Path home() {
        return Path.of(System.getProperty("sfs.home", ".")).toAbsolutePath();
    }

    private static String example() throws Exception {
        return Files.readString(home().resolve("templates/sut_description.example.txt"), StandardCharsets.UTF_8);
    }

    private int run(String... args) {
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void exampleDescriptionGivesAValidPackage() throws Exception {
        Path xml = ReportFixtures.publishDisclosableGuideRun(dir, "ok").xml();
        Path pkg = dir.resolve("pkg");
        assertEquals(0, run("submit", xml.toString(), "--description",
                home().resolve("templates/sut_description.example.txt").toString(), "-d", pkg.toString()),
                err.toString());
        Path sub = pkg.resolve("sfssubmission.ok.xml");
        assertTrue(out.toString().contains("Submission: " + sub), out.toString());
        assertEquals("", err.toString());
        XmlLint.validate(sub, home().resolve("docs/sfssubmission.xsd"));

        byte[] bytes = Files.readAllBytes(sub);
        for (byte b : bytes) {
            assertTrue(b >= 0, "submission XML must be pure ASCII");
        }
        String raw = new String(bytes, StandardCharsets.US_ASCII);
        assertTrue(raw.contains("organization=\"M&#252;ller Speichersysteme GmbH, Z&#252;rich\""), raw);
        assertTrue(raw.contains("model=\"MS-3000&#8482; &quot;Falke&quot; file server\""), raw);

        SubmissionDocument back = SubmissionXml.read(sub);
        assertEquals("Müller Speichersysteme GmbH, Zürich", back.submitter.organization);
        assertEquals("\\\\sut\\export1 … \\\\sut\\export4", back.fileSystems.get(0).export);
        assertEquals(4, back.clients.count);
        assertEquals("client4.example", back.clients.clients.get(3).name);
        assertEquals(2, back.disks.size());
        assertEquals(2, back.notes.size());
        assertTrue(back.disclosable);
        assertEquals(10, back.result.loadPoints.size());
        assertEquals("3011", back.result.metrics.peakThroughputOpsPerSec.toPlainString());

        String html = Files.readString(pkg.resolve("submission.ok.html"), StandardCharsets.UTF_8);
        assertTrue(html.contains("<td>Model</td><td>MS-3000™ &quot;Falke&quot; file server</td>"), html);
        assertTrue(html.contains("Disclosable: every run rule passed."));
        assertEquals(10, html.split("class=\"lp-point\"", -1).length - 1);
        String text = Files.readString(pkg.resolve("submission.ok.txt"), StandardCharsets.US_ASCII);
        assertTrue(text.contains("Tested by:             Muller Speichersysteme GmbH, Zurich"), text);
        assertTrue(text.contains("Klimaanlage auf 21 degC."), text);
        assertTrue(text.contains("Overall response time:  3.33 msec"), text);
        assertTrue(text.chars().allMatch(c -> c < 0x80), "text report must be ASCII");
    }

    @Test
    void refusesTwoClientsWhenTheRunHadFour() throws Exception {
        Path xml = ReportFixtures.publishDisclosableGuideRun(dir, "two").xml();
        String text = example().replace("clients.count = 4", "clients.count = 2")
                .replaceAll("(?m)^client\\.[34]\\..*\\n", "");
        Path desc = write("two_clients.txt", text);
        assertEquals(1, run("submit", xml.toString(), "-D", desc.toString(), "-d", dir.resolve("pkg").toString()));
        String e = err.toString();
        assertTrue(e.contains("nothing written; fix these 2 problem(s):"), e);
        assertTrue(e.contains(desc + ": clients.count = 2 but the run had 4 client(s): client1.example,"
                + " client2.example, client3.example, client4.example"), e);
        assertTrue(e.contains(desc + ": the run's client(s) client3.example, client4.example are not described"), e);
        assertFalse(Files.exists(dir.resolve("pkg")), "nothing may be written when refused");
    }

    @Test
    void refusesMissingVendorControlCharacterTypoAndUnknownClient() throws Exception {
        Path xml = ReportFixtures.publishDisclosableGuideRun(dir, "bad").xml();
        String text = example().replaceAll("(?m)^sut\\.vendor = .*\\n", "")
                .replace("notes = All file systems", "notes = All\u0007 file systems")
                .replace("sut.memory =", "sut.memroy =")
                .replace("client.2.name = client2.example", "client.2.name = client9.example")
                .replace("disk.2.", "disk.3.");
        Path desc = write("broken.txt", text);
        assertEquals(1, run("submit", xml.toString(), "-D", desc.toString()));
        String e = err.toString();
        int bellLine = lineOf(text, "notes = All\u0007");
        int typoLine = lineOf(text, "sut.memroy");
        assertTrue(e.contains(desc + ":" + bellLine + ": notes: control character U+0007 at column 12"), e);
        assertTrue(e.contains(desc + ": missing sut.vendor (vendor of the server under test)"), e);
        assertTrue(e.contains(desc + ":" + typoLine + ": unknown key 'sut.memroy'; keys of this section: sut.vendor,"
                + " sut.model, sut.os, sut.cpu, sut.memory, sut.nvram, sut.availability"), e);
        assertTrue(e.contains(desc + ": missing sut.memory (main memory)"), e);
        assertTrue(e.contains(desc + ": disk.2.* is missing, but disk.3 is there"), e);
        // a broken description is not checked against the run; its own problems come first
        assertFalse(e.contains("client9.example"), e);
        assertTrue(e.contains("fix these 5 problem(s)"), e);

        Path fixed = write("unknown_client.txt", example().replace("client.2.name = client2.example",
                "client.2.name = client9.example"));
        err.getBuffer().setLength(0);
        assertEquals(1, run("submit", xml.toString(), "-D", fixed.toString()));
        assertTrue(err.toString().contains(fixed + ": client.2.name = client9.example is not a client of the run"
                + " (the run's CLIENTS: client1.example, client2.example, client3.example, client4.example)"),
                err.toString());
    }

    @Test
    void undisclosableRunNeedsTheFlagAndIsMarked() throws Exception {
        Path xml = ReportFixtures.publishGuideRun(dir, "undis").xml();
        Path desc = home().resolve("templates/sut_description.example.txt");
        assertEquals(1, run("submit", xml.toString(), "-D", desc.toString()));
        assertTrue(err.toString().contains("the run is not disclosable: fileset-scale: FILESET_SCALE is 1 (the full"
                + " file set). (FILESET_SCALE=0.01). Fix the run, or build a package marked not disclosable with"
                + " --allow-undisclosable"), err.toString());
        assertFalse(Files.exists(dir.resolve("sfssubmission.undis.xml")));

        err.getBuffer().setLength(0);
        assertEquals(0, run("submit", xml.toString(), "-D", desc.toString(), "--allow-undisclosable"));
        assertTrue(err.toString().contains("warning: the run is NOT disclosable"), err.toString());
        SubmissionDocument back = SubmissionXml.read(dir.resolve("sfssubmission.undis.xml"));
        assertFalse(back.disclosable);
        assertTrue(Files.readString(dir.resolve("submission.undis.txt"))
                .contains("*** NOT DISCLOSABLE: built with --allow-undisclosable ***"));
        assertTrue(Files.readString(dir.resolve("submission.undis.html")).contains("NOT DISCLOSABLE."));
    }

    @Test
    void shippedSubmissionSchemaEqualsDocsSchema() throws Exception {
        byte[] docs = Files.readAllBytes(home().resolve("docs/sfssubmission.xsd"));
        try (InputStream in = getClass().getResourceAsStream("/org/sfsbench/report/sfssubmission.xsd")) {
            assertArrayEquals(docs, in.readAllBytes());
        }
    }

    private static int lineOf(String text, String needle) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(needle)) {
                return i + 1;
            }
        }
        throw new AssertionError(needle + " not in text");
    }
}
