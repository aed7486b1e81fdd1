package org.sfsbench.loadfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.sfsbench.rmi.PointTask;
import org.sfsbench.rmi.SocketFactories;

/** The loadfile a run ships to its agents: packed, through the agent connection's filter, checked. */
class LoadfileCopyTest {

    /** A loadfile whose numbers vary, so that it packs into several chunks. */
    private static byte[] bigLoadfile() {
        Random r = new Random(12);
        StringBuilder sb = new StringBuilder(5 << 20);
        while (sb.length() < 4_000_000) {
            int h = r.nextInt(100000);
            sb.append("NTCreateX \"\\clients\\client1\\f").append(r.nextInt(1 << 30)).append(".doc\" 0x40 0x2 ")
                    .append(h).append(" NT_STATUS_OK\nWriteX ").append(h).append(' ').append(r.nextInt())
                    .append(" 4096 4096 NT_STATUS_OK\nClose ").append(h).append(" NT_STATUS_OK\n");
        }
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aLoadfileOfSeveralChunksCrossesTheAgentConnectionsFilterIntact() throws Exception {
        byte[] text = bigLoadfile();
        LoadfileCopy copy = LoadfileCopy.of("client.txt", text);
        assertTrue(copy.gzip().size() > 1, "several chunks: " + copy);
        assertTrue(copy.packedBytes() < text.length / 2, copy.toString());
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(buf)) {
            out.writeObject(new PointTask(1, 2, "host", List.of("workload=loadfile\n"), List.of(copy)));
        }
        PointTask back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(buf.toByteArray()))) {
            in.setObjectInputFilter(SocketFactories.FILTER);
            back = (PointTask) in.readObject();
        }
        assertArrayEquals(text, back.loadfiles().get(0).text());
    }

    @Test
    void aDamagedOrOversizedCopyIsRefused() throws Exception {
        byte[] text = "Close 1 NT_STATUS_OK\n".getBytes(StandardCharsets.US_ASCII);
        LoadfileCopy good = LoadfileCopy.of("client.txt", text);
        assertMessage(new LoadfileCopy("client.txt", text.length - 1, good.sha256(), good.gzip()),
                "unpacks to more than 20 bytes, not 20");
        assertMessage(new LoadfileCopy("client.txt", text.length, "00" + good.sha256().substring(2), good.gzip()),
                "does not match its SHA-256");
        assertMessage(new LoadfileCopy("client.txt", LoadfileCopy.MAX_BYTES + 1, good.sha256(), good.gzip()),
                "more than the " + LoadfileCopy.MAX_BYTES + " a run ships");
        // zeros pack 1000:1: the agent unpacks no more than the size it was told
        LoadfileCopy bomb = LoadfileCopy.of("zeros", new byte[1 << 20]);
        byte[] packed = gzipZeros(64L << 20);
        assertMessage(new LoadfileCopy("zeros", 1000, bomb.sha256(), List.of(packed)), "unpacks to more than 1000 bytes");
    }

    private static byte[] gzipZeros(long n) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(out)) {
            byte[] zeros = new byte[1 << 20];
            for (long i = 0; i < n; i += zeros.length) {
                z.write(zeros);
            }
        }
        return out.toByteArray();
    }

    private static void assertMessage(LoadfileCopy copy, String fragment) {
        IOException e = assertThrows(IOException.class, copy::text);
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }
}
