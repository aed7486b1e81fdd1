package org.sfsbench.results.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class RecordBuildersTest {
    record Pair(String name, List<String> tags) {
    }

    static final class PairBuilder {
        public String name = "x";
        public List<String> tags = new java.util.ArrayList<>();
    }

    static final class ShortBuilder {
        public String name;
    }

    @Test
    void buildsAndCopiesByName() {
        PairBuilder b = new PairBuilder();
        b.tags.add("a");
        Pair p = RecordBuilders.build(Pair.class, b);
        assertEquals(new Pair("x", List.of("a")), p);
        PairBuilder copy = RecordBuilders.copy(p, new PairBuilder());
        copy.tags.add("b");
        assertEquals(List.of("a", "b"), copy.tags);
        RecordBuilders.check(Pair.class, PairBuilder.class);
    }

    @Test
    void aBuilderMissingAComponentIsNamed() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RecordBuilders.check(Pair.class, ShortBuilder.class));
        assertTrue(e.getMessage().contains("tags:java.util.List<java.lang.String>"), e.getMessage());
    }

    @Test
    void theResultBuildersMirrorTheirRecords() {
        assertEquals(0L, LoadPointResult.builder().build().totalOps());
        assertEquals("T", LoadPointResult.builder().build().toBuilder().networkProtocol);
        assertTrue(RunResult.builder().build().loadPoints().isEmpty());
        assertEquals(null, OpResult.builder().build().name());
    }
}
