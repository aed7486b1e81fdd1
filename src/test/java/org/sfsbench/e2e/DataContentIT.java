package org.sfsbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.Deflater;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sfsbench.testsupport.ChildProcess;
import org.sfsbench.testsupport.GaneshaServer;
import org.sfsbench.testsupport.Sfs;

/**
 * What a run writes, measured on the files it left with a real compressor (Deflater, gzip's
 * algorithm, over each whole file) and by counting repeated 4 KiB blocks: at the default the data
 * does not compress and no block repeats; with DATA_COMPRESS_PCT=50 and DATA_DEDUP_PCT=50 both
 * measured shares are within 5 points of the settings, written through NFSv3 to the loopback Ganesha.
 */
class DataContentIT {
    private static final int BLOCK = 4096;

    @Test
    void defaultDataIsIncompressibleAndUniqueOnPosix(@TempDir Path dir) throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("mnt"));
        write(dir, "posix", mnt.toString(), "");
        Measured m = measure(mnt);
        assertEquals(4096, m.blocks, "the 16 MiB data set: " + m);
        assertTrue(m.compressedShare() > 0.95, "gzip keeps over 95 % of the bytes: " + m);
        assertEquals(0, m.duplicates, "no 4 KiB block repeats: " + m);
    }

    @Test
    void compressAndDedupSharesThroughNfs(@TempDir Path dir) throws Exception {
        GaneshaServer g = GaneshaServer.defaultInstance().start();
        write(dir, "nfs", g.env.get("SFS_NFS_TARGET"), "DATA_COMPRESS_PCT=50\nDATA_DEDUP_PCT=50");
        Measured m;
        try (Stream<Path> roots = Files.list(g.exportDir())) {
            Path root = roots.filter(p -> p.getFileName().toString().equals("sfs_dcnfs"))
                    .findFirst().orElseThrow(() -> new AssertionError("no sfs_dcnfs folder in " + g.exportDir()));
            m = measure(root);
        }
        assertEquals(4096, m.blocks, "the 16 MiB data set: " + m);
        double saved = 100 * (1 - m.compressedShare());
        double dup = 100.0 * m.duplicates / m.blocks;
        assertTrue(Math.abs(saved - 50) <= 5, "compression saves " + saved + " %, set 50: " + m);
        assertTrue(Math.abs(dup - 50) <= 5, "duplicate blocks " + dup + " %, set 50: " + m);
    }

    /** A short unpaced random read of a 16 MiB data set: INIT writes it whole, the step only reads it. */
    private static void write(Path dir, String protocol, String mnt, String extra) throws Exception {
        Path rc = TopSpeedRuns.rc(dir, protocol, mnt, 1, String.join("\n", "WORKLOAD=randread", "XFER_SIZE=64K",
                "WORKING_SET=16M", "STEP_PROCS=\"1 1 3 1\"", "WARMUP_TIME=1", extra));
        ChildProcess run = Sfs.start(dir.resolve("out.txt"), Map.of(), "run", "-r", rc.toString(), "-s", "dc" + protocol, "-d",
                dir.resolve("results").toString());
        int status = run.waitFor(240);
        assertEquals(0, status, run.output());
    }

    record Measured(long bytes, long compressed, long blocks, long duplicates) {
        double compressedShare() {
            return (double) compressed / bytes;
        }
    }

    private static Measured measure(Path root) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        long bytes = 0, compressed = 0, blocks = 0, dups = 0;
        Set<ByteBuffer> seen = new HashSet<>();
        byte[] out = new byte[1 << 16];
        for (Path f : files) {
            byte[] data = Files.readAllBytes(f);
            Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION);
            d.setInput(data);
            d.finish();
            while (!d.finished()) {
                compressed += d.deflate(out);
            }
            d.end();
            bytes += data.length;
            for (int off = 0; off + BLOCK <= data.length; off += BLOCK) {
                blocks++;
                if (!seen.add(ByteBuffer.wrap(data, off, BLOCK).slice())) {
                    dups++;
                }
            }
        }
        return new Measured(bytes, compressed, blocks, dups);
    }
}
