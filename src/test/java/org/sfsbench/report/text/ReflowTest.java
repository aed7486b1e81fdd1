package org.sfsbench.report.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ReflowTest {
    @Test
    void proseBreaksBetweenWordsUnderItsKey() {
        String text = Reflow.field("duration", "1h40m of load: 10 load points x (300 s warmup + 300 s run), plus each"
                + " point's INIT", 40);
        assertEquals("duration        1h40m of load: 10 load\n"
                + "                points x (300 s warmup +\n"
                + "                300 s run), plus each\n"
                + "                point's INIT\n", text);
    }

    @Test
    void aWordLongerThanTheLineStaysWholeAndAlignmentSpacesStay() {
        String path = "/a/very/long/path/that/cannot/be/broken/anywhere";
        assertEquals("  - " + path + "\n    is missing\n", Reflow.item(path + " is missing", 30));
        assertEquals("     8 KiB  read\n", Reflow.hanging("", "  ", "     8 KiB  read", 80));
    }

    @Test
    void aTableTooWideIsSplitRepeatingItsKeyColumnAndKeepsEveryCell() {
        TextTable t = new TextTable("op", "count", "errors", "mean ms", "p99.9 ms");
        t.row("QUERY_PATH_INFORMATION", 123456789, 0, "0.125", "14.355");
        t.row("read", 5, null, "1.000", "2.000");
        String one = t.render(80);
        assertEquals(3, one.lines().count(), one);
        String two = t.render(41);
        assertTrue(two.lines().allMatch(l -> l.length() <= 41), two);
        assertEquals("op                          count  errors\n"
                + "QUERY_PATH_INFORMATION  123456789       0\n"
                + "read                            5       -\n"
                + "\n"
                + "op                      mean ms  p99.9 ms\n"
                + "QUERY_PATH_INFORMATION    0.125    14.355\n"
                + "read                      1.000     2.000\n", two);
    }
}
