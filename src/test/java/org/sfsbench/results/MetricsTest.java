package org.sfsbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sfsbench.results.model.LoadPointResult;
import org.sfsbench.results.model.RunResult;

class MetricsTest {

    /**
     * The guide's CIFS sample (x = achieved ops/s, y = msec/op):
     * (321,1.5) (640,1.8) (962,2.1) (1283,2.3) (1605,2.5) (1924,3.1) (2241,4.0) (2571,5.8) (2894,8.9) (3011,11.3).
     * All are at most 20 ms, so the peak is 3011 ops/s at 11.3 ms. Trapezoids from (0,0):
     * 321*1.5/2 = 240.75; 319*3.3/2 = 526.35; 322*3.9/2 = 627.9; 321*4.4/2 = 706.2; 322*4.8/2 = 772.8;
     * 319*5.6/2 = 893.2; 317*7.1/2 = 1125.35; 330*9.8/2 = 1617.0; 323*14.7/2 = 2374.05; 117*20.2/2 = 1181.7.
     * Sum 10065.3; ORT = 10065.3 / 3011 = 3.342843...
     * Without the origin: (10065.3 - 240.75) / (3011 - 321) = 9824.55 / 2690 = 3.652249...
     */
    @Test
    void guideCifsSample() throws Exception {
        List<LoadPointResult> points = new ArrayList<>();
        List<SfssumRow> rows = SfssumFile.read(SfssumFileTest.guideSample());
        for (int i = 0; i < rows.size(); i++) {
            points.add(rows.get(i).toLoadPoint(i + 1));
        }
        Metrics m = Metrics.compute(points);
        assertEquals(3011, m.peakThroughput(), 0);
        assertEquals(11.3, m.peakMsecPerOp(), 0);
        assertEquals(10, m.peakIndex());
        assertEquals(10065.3 / 3011, m.overallResponseTimeMs(), 1e-9);
        assertEquals(3.34, Math.round(m.overallResponseTimeMs() * 100) / 100.0, 0);
        assertEquals(9824.55 / 2690, m.overallResponseTimeNoOriginMs(), 1e-9);
        assertEquals(10, m.curve().size());
    }

    /**
     * Points given out of order, one above 20 ms past the peak:
     * (200, 2.0) (100, 1.0) (300, 4.0) (350, 25.0).
     * The 25 ms point cannot be reported: peak 300 ops/s. Curve (100,1) (200,2) (300,4):
     * from the origin 100*1/2 + 100*3/2 + 100*6/2 = 50 + 150 + 300 = 500, ORT = 500/300 = 1.6667;
     * without origin (150 + 300) / (300 - 100) = 2.25.
     */
    @Test
    void smallExampleExcludesPointsAbove20ms() {
        RunResult.Builder run = RunResult.builder();
        run.loadPoints.add(Fixtures.point(1, 200, 200, 2.0));
        run.loadPoints.add(Fixtures.point(2, 100, 100, 1.0));
        run.loadPoints.add(Fixtures.point(3, 300, 300, 4.0));
        run.loadPoints.add(Fixtures.point(4, 400, 350, 25.0));
        Metrics m = Metrics.compute(run.loadPoints);
        assertEquals(300, m.peakThroughput(), 0);
        assertEquals(3, m.peakIndex());
        assertEquals(500.0 / 300, m.overallResponseTimeMs(), 1e-12);
        assertEquals(2.25, m.overallResponseTimeNoOriginMs(), 1e-12);
        assertEquals(List.of(2, 1, 3), m.curve().stream().map(LoadPointResult::index).toList());
        m.applyTo(run);
        assertEquals(300, run.peakThroughput, 0);
        assertEquals(500.0 / 300, run.overallResponseTimeMs, 1e-12);
    }

    @Test
    void singlePointAndNoQualifyingPoint() {
        Metrics one = Metrics.compute(List.of(Fixtures.point(1, 100, 100, 3.0)));
        // area 100*3/2 = 150 over 100 ops/s
        assertEquals(1.5, one.overallResponseTimeMs(), 1e-12);
        assertEquals(3.0, one.overallResponseTimeNoOriginMs(), 0);
        Metrics none = Metrics.compute(List.of(Fixtures.point(1, 100, 100, 20.5)));
        assertEquals(0, none.peakThroughput(), 0);
        assertEquals(-1, none.peakIndex());
        assertEquals(0, none.overallResponseTimeMs(), 0);
        // exactly 20 ms still qualifies
        assertEquals(100, Metrics.compute(List.of(Fixtures.point(1, 100, 100, 20.0))).peakThroughput(), 0);
    }
}
