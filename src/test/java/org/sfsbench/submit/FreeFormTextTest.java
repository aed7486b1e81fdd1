package org.sfsbench.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FreeFormTextTest {
    @Test
    void asciiTransliteration() {
        assertEquals("Muller Speichersysteme, Zurich", FreeFormText.toAscii("Müller Speichersysteme, Zürich"));
        assertEquals("Strasse, Soren, AEro, oeuvre", FreeFormText.toAscii("Straße, Søren, Æro, œuvre"));
        assertEquals("MS-3000(TM) \"Falke\" 2 x 10 GbE - 21 degC ...",
                FreeFormText.toAscii("MS-3000™ “Falke” 2 × 10 GbE – 21 °C …"));
        assertEquals("Cafe creme", FreeFormText.toAscii("Café crème"));
        assertEquals("[U+6771][U+4EAC] data center", FreeFormText.toAscii("東京 data center"));
    }

    @Test
    void controlCharactersAreRefusedWithTheirColumn() {
        String why = FreeFormText.problem(" ok\u0007bell", 10);
        assertTrue(why.startsWith("control character U+0007 at column 13"), why);
        assertTrue(FreeFormText.problem("x\u0085y", 1).contains("U+0085 at column 2"));
        assertNull(FreeFormText.problem("tab\there & <b>markup</b> é 東京", 1));
        assertTrue(FreeFormText.problem("x".repeat(2001), 1).contains("2001 characters"));
    }

    @Test
    void normalizeTurnsTabsIntoSpacesAndComposes() {
        assertEquals("a b", FreeFormText.normalize("  a\tb  "));
        assertEquals("\u00e9", FreeFormText.normalize("e\u0301"));
    }
}
