package org.sfsbench.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void lineShowsPointPhaseTimeLeftRatesAndLatency() {
        assertEquals("load point 2/3  RUN     1:05 left  39.8/40 ops/s  0.52 ms/op  1 proc(s) behind schedule",
                Progress.format(2, 3, "RUN", 65.2, 39.8, 40, 0.5249, "1 proc(s) behind schedule"));
        assertEquals("load point 1/10  INIT   2:13:20 left  file set 5/9 objects",
                Progress.format(1, 10, "INIT", 8000, Double.NaN, 20, Double.NaN, "file set 5/9 objects"));
    }

    @Test
    void terminalRewritesOneLinePlainOutputThrottles() {
        ByteArrayOutputStream term = new ByteArrayOutputStream();
        Progress t = new Progress(new PrintStream(term, true, StandardCharsets.UTF_8), true, 10);
        t.update("a long first line");
        t.update("short");
        t.println("done");
        assertEquals("\ra long first line\rshort            \r     \rdone\n".replace("\n", System.lineSeparator()),
                term.toString(StandardCharsets.UTF_8));

        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(plain, true, StandardCharsets.UTF_8), false, 10);
        p.update("first");
        p.update("second, within 10 s: dropped");
        String text = plain.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("first") && !text.contains("second"), text);
    }
}
