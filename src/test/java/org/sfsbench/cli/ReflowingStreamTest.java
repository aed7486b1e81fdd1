package org.sfsbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class ReflowingStreamTest {
    @Test
    void aLongLineIsBrokenBetweenWordsEvenWhenWrittenInPiecesAndShortOnesStayAsWritten() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(new ReflowingStream(sink, 40, StandardCharsets.UTF_8), true,
                StandardCharsets.UTF_8);
        err.println("short line");
        err.print("sfs plan: /tmp/x: is a folder, not an rc file; ");
        err.flush();
        err.println("allowed: the path of an rc file");
        assertEquals("short line\n"
                + "sfs plan: /tmp/x: is a folder, not an rc\n"
                + "    file; allowed: the path of an rc\n"
                + "    file\n", sink.toString(StandardCharsets.UTF_8));
    }
}
