package org.sfsbench.rc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class DebugFlagTest {
    @Test
    void guideExampleTurnsOnFlags3_4_8_9_10() {
        assertEquals(List.of(3, 4, 8, 9, 10), List.copyOf(DebugFlag.parseList("3,4,8-10")));
        assertEquals(Set.of(3, 4, 5), DebugFlag.parseList("3-5"));
        assertEquals(Set.of(1, 13), DebugFlag.parseList(" 13 , 1 "));
    }

    @Test
    void namesFollowTable3() {
        assertEquals(13, DebugFlag.values().length);
        assertEquals(DebugFlag.DEBUG_CHILD_XPOINT, DebugFlag.of(6));
        assertEquals(DebugFlag.DEBUG_CHILD_FIT, DebugFlag.of(13));
        for (DebugFlag f : DebugFlag.values()) {
            assertEquals(f, DebugFlag.of(f.value()));
        }
    }
}
