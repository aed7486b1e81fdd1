package org.sfsbench.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.sfsbench.engine.Backend;
import org.sfsbench.InputFiles;
import org.sfsbench.report.xml.ResultDocument;
import org.sfsbench.report.xml.ResultJson;
import org.sfsbench.report.xml.ResultXml;
import org.sfsbench.results.Metrics;
import org.sfsbench.results.SfssumFile;
import org.sfsbench.results.SfssumRow;
import org.sfsbench.results.model.RunResult;

/**
 * Loads what {@code sfs report} and {@code sfs submit} are given: an {@code sfsresult.<suffix>.xml}
 * (recognised by its leading '&lt;'), the same document as {@code .json} (leading '{') or an sfssum
 * file, ours or SPECsfs2008's own.
 */
public final class ResultInput {
    private ResultInput() {
    }

    /** True when the file starts (after blanks) with '&lt;', i.e. is XML rather than sfssum text. */
    public static boolean isXml(Path file) throws IOException {
        return firstSignificant(file) == '<';
    }

    /** True for an sfssum file: neither XML ('&lt;') nor JSON ('{'). */
    public static boolean isSfssum(Path file) throws IOException {
        int c = firstSignificant(file);
        return c != '<' && c != '{';
    }

    private static int firstSignificant(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            int c;
            do {
                c = in.read();
            } while (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0xEF || c == 0xBB || c == 0xBF);
            return c;
        }
    }

    /** The newest {@code sfsresult.<suffix>.xml} in a results folder, if any. */
    public static Optional<Path> latestIn(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> {
                String n = f.getFileName().toString();
                return n.startsWith("sfsresult.") && n.endsWith(".xml") && Files.isRegularFile(f);
            }).max(Comparator.comparing(ResultInput::modified));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static FileTime modified(Path f) {
        try {
            return Files.getLastModifiedTime(f);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** The published document of a result file or of an sfssum file. */
    public static ResultDocument load(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString(), null, "no such result file");
        }
        String problem = InputFiles.problem(file);
        if (problem != null) {
            // a device or FIFO is never read: /dev/zero would never end, a FIFO could block for ever
            throw new FileSystemException(file.toString(), null, problem + ", not a result file (sfsresult.SUFFIX.xml"
                    + " or .json, or sfssum.SUFFIX)");
        }
        int first = firstSignificant(file);
        long max = first == '<' || first == '{' ? MAX_XML_BYTES : MAX_SFSSUM_BYTES;
        if (Files.size(file) > max) {
            throw new IllegalArgumentException(file + ": " + Files.size(file) + " bytes; sfsbench reads at most " + max
                    + " bytes of " + (max == MAX_XML_BYTES ? "a result XML/JSON" : "an sfssum file")
                    + " (far more than any run writes)");
        }
        ResultDocument d = first == '<' ? ResultXml.read(file) : first == '{' ? ResultJson.read(file)
                : ResultMapping.toDocument(fromSfssum(file));
        if (d.run.suffix == null || !ResultPublisher.isValidSuffix(d.run.suffix)) {
            throw new IllegalArgumentException(file + ": the run's suffix is not a plain file-name part (letters,"
                    + " digits, '.', '_', '-'); it would name files outside the output folder");
        }
        return d;
    }

    /** The run of a result file or of an sfssum file, as its published document has it. */
    public static RunResult loadRun(Path file) throws IOException {
        return ResultMapping.toRunResult(load(file));
    }

    /** Largest result XML read: a 10-point run with per-second intervals is a few MB. */
    static final long MAX_XML_BYTES = 64L << 20;
    /** Largest sfssum file read: about 100 bytes per load point. */
    static final long MAX_SFSSUM_BYTES = 1L << 20;

    /**
     * A run made of an sfssum file's rows: enough for the table, the curve, peak throughput and ORT.
     * It has no per-op detail, no client names and no settings, so the run rules cannot be judged and
     * it is never disclosable.
     */
    public static RunResult fromSfssum(Path file) throws IOException {
        List<SfssumRow> rows = SfssumFile.read(file);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(file + ": no sfssum rows (an sfssum file has one row of 14 columns"
                    + " per load point)");
        }
        RunResult.Builder r = RunResult.builder();
        String name = file.getFileName().toString();
        r.suffix = name.startsWith("sfssum.") && name.length() > 7 ? name.substring(7) : name;
        r.protocol = protocol(rows.get(0).protocol(), file);
        for (int i = 0; i < rows.size(); i++) {
            r.loadPoints.add(rows.get(i).toLoadPoint(i + 1));
        }
        r.complete = true;
        Metrics.compute(r.loadPoints).applyTo(r);
        r.disclosable = false;
        r.nonDisclosableReasons.add("read from the sfssum file " + name
                + " alone: the run rules need the full result (sfsresult.<suffix>.xml)");
        r.notes.add("Built from " + file + ": per-op figures, percentiles, clients and settings are not"
                + " in an sfssum file.");
        return r.build();
    }

    private static Backend protocol(String column, Path file) {
        Backend b = Backend.fromSfssum(column);
        if (b != null) {
            return b;
        }
        if ("NFS".equalsIgnoreCase(column) || "NFSV3".equalsIgnoreCase(column)) {
            return Backend.NFS;
        }
        throw new IllegalArgumentException(file + ": the protocol column (6) is not a protocol (the value is not"
                + " shown: this may not be an sfssum file); expected " + String.join(", ", java.util.Arrays.stream(Backend.values()).map(Backend::sfssumName).toList()));
    }
}
