package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** dbench's throughput line: NB (netbench) and MBit follow from MB/s, numbers as C's %g prints them. */
class LoadfileTextTest {

    @Test
    void theReadmesLineFollowsFromItsMegabytesPerSecond() {
        assertEquals("Throughput 40.6701 MB/sec (NB=50.8376 MB/sec  406.701 MBit/sec)  4 clients  4 procs"
                + "  max_latency=1.500 ms", LoadfileText.throughputLine(40.6701, 4, 1.5));
    }

    @Test
    void nbIsAQuarterMoreAndMbitEightTimesNb() {
        Pattern p = Pattern.compile("Throughput (\\S+) MB/sec \\(NB=(\\S+) MB/sec  (\\S+) MBit/sec\\)  (\\d+) clients"
                + "  (\\d+) procs  max_latency=\\S+ ms");
        for (double mb : new double[] {0.0123456, 1, 26.5, 999.999, 12345.678}) {
            Matcher m = p.matcher(LoadfileText.throughputLine(mb, 16, 0.25));
            assertTrue(m.matches(), LoadfileText.throughputLine(mb, 16, 0.25));
            double shownMb = Double.parseDouble(m.group(1));
            double nb = Double.parseDouble(m.group(2));
            double mbit = Double.parseDouble(m.group(3));
            assertEquals(mb, shownMb, 1e-5 * mb, "MB/s to 6 significant digits");
            assertEquals(1.25 * mb, nb, 1e-5 * nb);
            assertEquals(8 * nb, mbit, 1e-5 * mbit);
            assertEquals("16", m.group(4));
            assertEquals("16", m.group(5));
        }
    }

    @Test
    void numbersAsCsPercentG() {
        assertEquals("0", LoadfileText.g(0));
        assertEquals("50.8376", LoadfileText.g(50.837625));
        assertEquals("0.0001", LoadfileText.g(0.0001));
        assertEquals("1.5e-05", LoadfileText.g(0.000015));
        assertEquals("1.23457e+06", LoadfileText.g(1234567));
    }
}
