package org.sfsbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sfsbench.report.html.HtmlReport;
import org.sfsbench.report.text.TextReport;
import org.sfsbench.report.xml.ResultDocument;

/**
 * The text and HTML reports of every result fixture the reports read, byte for byte against the
 * committed goldens in {@code golden/}: a change to a renderer's input type or to where a figure is
 * read from must leave every report as it was. The fixtures are read through {@link ResultInput},
 * as {@code sfs report} reads them, by a path relative to the project (an sfssum file's note names
 * it). {@code -Dgolden.update=true} rewrites the goldens from the current code.
 */
class ReportGoldenTest {
    private static final Path RESOURCES = Path.of("src/test/resources");
    private static final Path GOLDEN = RESOURCES.resolve("org/sfsbench/report/golden");

    /**
     * The published SPECsfs2008 sfssum files, the guide samples, the access, steps and POSIX runs,
     * and the guide sample with an outage, with replay lag, an slo, trials, server figures and
     * warm-ups, and ended early.
     */
    static Stream<String> fixtures() {
        return Stream.of("published/sfssum.cifs-netapp-fas3140-sata-flash",
                "published/sfssum.nfs-netapp-fas3140-sata-pam", "published/sfssum.nfs-netapp-fas3160-fcal-pam",
                "org/sfsbench/report/sfssum.guide44", "org/sfsbench/results/sfssum.guide-sample",
                "org/sfsbench/report/text/sfsresult.access.xml", "org/sfsbench/report/text/sfsresult.steps.xml",
                "org/sfsbench/report/text/sfsresult.posix.xml", "org/sfsbench/report/golden/sfsresult.outage.xml",
                "org/sfsbench/report/golden/sfsresult.sections.xml",
                "org/sfsbench/report/golden/sfsresult.failed.xml");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void textAndHtmlMatchTheirGoldens(String fixture) throws IOException {
        ResultDocument d = ResultInput.load(RESOURCES.resolve(fixture));
        String name = Path.of(fixture).getFileName().toString();
        compare(GOLDEN.resolve(name + ".txt"), TextReport.render(ResultMapping.toRunResult(d)));
        compare(GOLDEN.resolve(name + ".html"), HtmlReport.render(d));
    }

    private static void compare(Path golden, String rendered) throws IOException {
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(golden, rendered, StandardCharsets.UTF_8);
        }
        assertTrue(Files.isRegularFile(golden), golden + ": no golden (make it with -Dgolden.update=true)");
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), rendered, golden.toString());
    }
}
