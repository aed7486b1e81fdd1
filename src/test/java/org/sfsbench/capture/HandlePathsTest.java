package org.sfsbench.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HandlePathsTest {
    @Test
    void namesFromTheRootAndRenames() {
        HandlePaths p = new HandlePaths();
        p.sawRoot("0xr");
        p.learn("0xr", "d", "0xd");
        p.learn("0xd", "f", "0xf");
        assertEquals("", p.path("0xr"));
        assertEquals("/d/f", p.path("0xf"));
        assertEquals("/d/g", p.path("0xd", "g"));
        p.learn("0xr", "e", "0xe");
        p.rename("0xd", "f", "0xe", "f2");
        assertEquals("/e/f2", p.path("0xf"));
        assertEquals(3, p.namedCount());
        assertEquals(0, p.madeUpCount());
    }

    @Test
    void aHandleWithoutItsNameGetsAMadeUpPathOnce() {
        HandlePaths p = new HandlePaths();
        p.sawRoot("0xr");
        assertEquals(HandlePaths.UNNAMED + "/h9a", p.path("0x9a"));
        p.learn("0x9a", "x", "0x9b");
        assertEquals(HandlePaths.UNNAMED + "/h9a/x", p.path("0x9b"));
        // named later: the made-up path stays, so every line of the file names it alike
        p.learn("0xr", "late", "0x9a");
        assertEquals(HandlePaths.UNNAMED + "/h9a", p.path("0x9a"));
        assertEquals(1, p.madeUpCount());
    }

    @Test
    void aSecondFsinfoDoesNotMoveTheRoot() {
        HandlePaths p = new HandlePaths();
        p.sawRoot("0xr");
        p.learn("0xr", "d", "0xd");
        p.sawRoot("0xd");
        assertEquals("/d", p.path("0xd"));
    }
}
