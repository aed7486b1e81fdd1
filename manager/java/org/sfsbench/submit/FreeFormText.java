package org.sfsbench.submit;

import java.text.Normalizer;
import java.util.Map;

/**
 * The translation of free-form fields (the system description's text). The rules, documented in
 * docs/submit.md:
 * <ul>
 * <li>Text is Unicode (the file is UTF-8) and is kept as written in the submission: the XML file is
 * written in US-ASCII, so every non-ASCII character becomes a character reference such as
 * {@code &#233;} that any XML reader turns back into the original.</li>
 * <li>Control characters (U+0000-U+001F, U+007F-U+009F) are refused, naming line and column;
 * a TAB is the one exception and becomes a space.</li>
 * <li>Markup characters (&lt; &gt; &amp; " ') are escaped by the XML and HTML writers, never refused.</li>
 * <li>Where only ASCII will do (the text report), {@link #toAscii} transliterates: accents are
 * dropped (é → e), a few letters and symbols are spelled out (ß → ss, € → EUR, ™ → (TM)), and
 * anything else is written as [U+XXXX].</li>
 * </ul>
 */
public final class FreeFormText {
    /** Longest value a field may hold, in characters. */
    public static final int MAX_LENGTH = 2000;

    private static final Map<Integer, String> SPELLED = Map.ofEntries(
            Map.entry((int) 'ß', "ss"), Map.entry((int) 'æ', "ae"), Map.entry((int) 'Æ', "AE"),
            Map.entry((int) 'ø', "o"), Map.entry((int) 'Ø', "O"), Map.entry((int) 'œ', "oe"),
            Map.entry((int) 'Œ', "OE"), Map.entry((int) 'ł', "l"), Map.entry((int) 'Ł', "L"),
            Map.entry((int) 'đ', "d"), Map.entry((int) 'Đ', "D"), Map.entry((int) 'þ', "th"),
            Map.entry((int) 'Þ', "TH"), Map.entry((int) 'ð', "d"), Map.entry((int) 'ı', "i"),
            Map.entry(0x2018, "'"), Map.entry(0x2019, "'"), Map.entry(0x201C, "\""), Map.entry(0x201D, "\""),
            Map.entry(0x201E, "\""), Map.entry(0x00AB, "\""), Map.entry(0x00BB, "\""),
            Map.entry(0x2013, "-"), Map.entry(0x2014, "-"), Map.entry(0x2212, "-"), Map.entry(0x2026, "..."),
            Map.entry(0x00D7, "x"), Map.entry(0x00B5, "u"), Map.entry(0x03BC, "u"), Map.entry(0x00A9, "(c)"),
            Map.entry(0x00AE, "(R)"), Map.entry(0x2122, "(TM)"), Map.entry(0x20AC, "EUR"),
            Map.entry(0x00B0, "deg"), Map.entry(0x00A0, " "), Map.entry(0x2009, " "), Map.entry(0x202F, " "),
            Map.entry(0x00B1, "+/-"), Map.entry(0x2264, "<="), Map.entry(0x2265, ">="), Map.entry(0x00BD, "1/2"));

    private FreeFormText() {
    }

    /**
     * Checks one raw value; returns null when it is acceptable, else the reason with the column of
     * the first offending character ({@code firstColumn} is the column of the value's first character).
     */
    public static String problem(String raw, int firstColumn) {
        for (int i = 0; i < raw.length(); ) {
            int c = raw.codePointAt(i);
            int column = firstColumn + raw.codePointCount(0, i);
            if (c != '\t' && (c < 0x20 || (c >= 0x7F && c <= 0x9F))) {
                return String.format("control character U+%04X at column %d is not allowed in a free-form field"
                        + " (write text only; a TAB becomes a space)", c, column);
            }
            if (c == 0xFFFE || c == 0xFFFF || (c >= 0xD800 && c <= 0xDFFF)) {
                return String.format("U+%04X at column %d is not a character", c, column);
            }
            i += Character.charCount(c);
        }
        if (raw.codePointCount(0, raw.length()) > MAX_LENGTH) {
            return "value is " + raw.codePointCount(0, raw.length()) + " characters long; at most " + MAX_LENGTH
                    + " are allowed (split long text over several 'notes' lines)";
        }
        return null;
    }

    /** An accepted value as stored: TABs become spaces, surrounding blanks go, Unicode is normalised (NFC). */
    public static String normalize(String raw) {
        return Normalizer.normalize(raw.replace('\t', ' ').strip(), Normalizer.Form.NFC);
    }

    /** ASCII rendering for plain-text reports (see the class comment). */
    public static String toAscii(String text) {
        StringBuilder b = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (c < 0x80) {
                b.append((char) c);
                return;
            }
            String spelled = SPELLED.get(c);
            if (spelled != null) {
                b.append(spelled);
                return;
            }
            String base = Normalizer.normalize(new String(Character.toChars(c)), Normalizer.Form.NFKD)
                    .replaceAll("\\p{M}+", "");
            if (!base.isEmpty() && base.chars().allMatch(ch -> ch >= 0x20 && ch < 0x7F)) {
                b.append(base);
            } else {
                b.append(String.format("[U+%04X]", c));
            }
        });
        return b.toString();
    }
}
