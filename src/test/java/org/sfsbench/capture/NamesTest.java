package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NamesTest {
    @Test
    void pathsTakeTheLoadfileForm() {
        Names n = new Names(false);
        assertEquals("/", n.path(""));
        assertEquals("/a/b", n.path("/a/./b/"));
        assertEquals("/a", n.path("/a/b/.."));
        assertEquals("/", n.path("/.."));
        assertEquals("/say_hi_/x_y", n.path("/say\"hi\"/x\\y"));
    }

    @Test
    void anonymizedNamesAreStableHashes() {
        Names a = new Names(true);
        Names b = new Names(true);
        assertEquals(a.name("payroll.xls"), b.name("payroll.xls"));
        assertNotEquals(a.name("payroll.xls"), a.name("payroll.xlt"));
        assertTrue(a.name("payroll.xls").matches("n[0-9a-f]{12}"), a.name("payroll.xls"));
        String p = a.path("/hr/payroll.xls");
        assertEquals("/" + a.name("hr") + "/" + a.name("payroll.xls"), p);
        // the made-up folder of handles without a name stays recognisable
        assertTrue(a.path(HandlePaths.UNNAMED + "/h1234").startsWith(HandlePaths.UNNAMED + "/n"));
    }
}
