package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProfileReportTest {
    private static TrafficProfile ops(Map<String, Integer> counts, long size) {
        TrafficProfile p = new TrafficProfile();
        double t = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            for (int i = 0; i < e.getValue(); i++) {
                boolean io = e.getKey().equals("read") || e.getKey().equals("write");
                p.accept(new CapturedOp(t, "c", e.getKey(), "x", null, "/f", io ? 0 : -1, io ? size : -1));
                t += 0.001;
            }
        }
        return p;
    }

    @Test
    void wholePercentSharesTotalAHundredByLargestRemainder() {
        // 1/3 each: 33.33 -> 34, 33, 33
        ProfileReport r = new ProfileReport(ops(Map.of("getattr", 1, "lookup", 1, "read", 1), 4096), Map.of());
        Map<String, Integer> s = r.mixShares();
        assertEquals(100, s.values().stream().mapToInt(Integer::intValue).sum());
        assertTrue(s.values().stream().allMatch(v -> v == 33 || v == 34), s.toString());
        String mix = r.mixFile("x.pcap");
        assertTrue(mix.startsWith("SFS MIXFILE VERSION 2\n# "), mix);
    }

    @Test
    void smbCommandsAreNoMixfileOps() {
        ProfileReport r = new ProfileReport(ops(Map.of("CREATE", 3), 0), Map.of());
        assertEquals(Map.of(), r.mixShares());
        assertEquals(null, r.mixFile("x.pcap"));
        assertEquals(null, r.rcFragment("x.pcap", "x.mix"));
    }

    @Test
    void oneDominantTransferSizeBecomesXferSize() {
        ProfileReport one = new ProfileReport(ops(Map.of("read", 9, "getattr", 1), 8192), Map.of());
        assertEquals(8192, one.oneTransferSize());
        assertTrue(one.rcFragment("x.pcap", "x.mix").contains("\nXFER_SIZE=8192\n"));
        assertTrue(one.rcFragment("x.pcap", "x.mix").contains("\nMIXFILE=x.mix\nLOAD="));
    }
}
