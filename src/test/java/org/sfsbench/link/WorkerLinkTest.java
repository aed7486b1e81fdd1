package org.sfsbench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sfsbench.engine.Phase;

class WorkerLinkTest {

    @Test
    void everyFrameComesBackEqual() throws IOException {
        long[] dense = new long[1000];
        dense[3] = 7;
        dense[999] = -1;
        List<Frame> frames = List.of(new Frame.Hello("tok\u00e9n", 4242), new Frame.Open("a=1\nb=\u00fc\n"),
                new Frame.Start(Phase.WARMUP, 2.5, 1_700_000_000_123L), new Frame.StatusQuery(), new Frame.Stop(),
                new Frame.Validate("x=y"), new Frame.Close(), new Frame.Ok(), new Frame.Err("mount failed"),
                new Frame.StatusReport(Phase.RUN, WorkerState.FAILED, "ESTALE", SparseWords.of(dense), 1_764_000_000_123_456L),
                new Frame.ValidationReport(-1, "line 1\nline 2"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        WorkerLink writer = new WorkerLink(new ByteArrayInputStream(new byte[0]), bytes);
        for (Frame f : frames) {
            writer.send(f);
        }
        WorkerLink reader = new WorkerLink(new ByteArrayInputStream(bytes.toByteArray()), new ByteArrayOutputStream());
        for (Frame f : frames) {
            assertEquals(f, reader.receive());
        }
    }

    @Test
    void corruptFramesAreRefusedWithTheReason() throws IOException {
        assertTrue(refusal(out -> out.writeInt(77)).contains("unknown tag 77"));
        assertTrue(refusal(out -> {
            out.writeInt(3);
            out.writeInt(9);
        }).contains("no engine phase 9"));
        assertTrue(refusal(out -> {
            out.writeInt(2);
            out.writeInt(-5);
        }).contains("string of -5 bytes"));
    }

    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private static String refusal(Writer w) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            w.write(out);
            out.writeLong(0);
        }
        WorkerLink reader = new WorkerLink(new ByteArrayInputStream(bytes.toByteArray()), new ByteArrayOutputStream());
        return assertThrows(IOException.class, reader::receive).getMessage();
    }
}
